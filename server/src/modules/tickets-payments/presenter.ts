import { z } from 'zod';
import { formatDate, formatDateTime } from '@recaudo/domain/format';
import type { TicketRow } from '@recaudo/domain/tickets';
import type { ExportColumn } from '../../platform/export';

export const ticketSeriesSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  status: z.boolean(),
  validity_date: z.string(),
});

export const ticketRowSchema = ticketSeriesSchema.extend({
  created_at: z.string(),
  count_tickets_delivered: z.number(),
});

export const deliveredTicketSchema = z.object({
  id: z.number(),
  ticket_serial: z.string().nullable(),
  tickets_payment_id: z.number(),
  tickets_payment: ticketSeriesSchema,
  payment_id: z.number().nullable(),
  created_at: z.string(),
});

export const assignAnswerSchema = z.object({
  assigned: z.number(),
  skipped: z.number(),
  tickets_delivered: z.array(deliveredTicketSchema),
});

export const ticketExportColumns: ExportColumn<TicketRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Nombre', value: (row) => row.name, width: 30 },
  { header: 'Color', value: (row) => row.color, width: 10 },
  { header: 'Estado', value: (row) => (row.status ? 'Activo' : 'Inactivo'), width: 10 },
  { header: 'Tickets entregados', value: (row) => row.count_tickets_delivered, width: 18 },
  { header: 'Fecha de vencimiento', value: (row) => formatDate(row.validity_date), width: 20 },
  { header: 'Fecha de creación', value: (row) => formatDateTime(row.created_at), width: 22 },
];
