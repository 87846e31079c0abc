import { z } from 'zod';
import { CONTINUITY_STATUS, CONTINUITY_TYPES, type ContinuityRow, type ContinuityStatus } from '@recaudo/domain/correlatives';
import { DOCUMENT_TYPES } from '@recaudo/domain/invoices';
import type { ExportColumn } from '../../platform/export';
import type { CorrelativeRow } from './service';

export const correlativeRowSchema = z.object({
  id: z.number(),
  serie: z.string(),
  number: z.string(),
  number_credit_note: z.string(),
  number_debit_note: z.string(),
  /** Read only: taken by delivery notes (type 04), never typed. */
  number_delivery_note: z.string(),
  count_payments: z.number(),
});

/** Counters stay text so a spreadsheet keeps their leading zeros. */
export const correlativeExportColumns: ExportColumn<CorrelativeRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Serie', value: (row) => row.serie, width: 12 },
  { header: 'Número de factura', value: (row) => row.number, width: 18 },
  { header: 'Número de nota de crédito', value: (row) => row.number_credit_note, width: 22 },
  { header: 'Número de nota de débito', value: (row) => row.number_debit_note, width: 22 },
  { header: 'Número de nota de entrega', value: (row) => row.number_delivery_note, width: 22 },
  { header: 'Pagos', value: (row) => row.count_payments, width: 10 },
];

const continuityType = z.enum(CONTINUITY_TYPES);

export const continuityRowSchema = z.object({
  type_document: continuityType,
  number: z.string(),
  number_to: z.string().nullable(),
  control_number: z.string().nullable(),
  date: z.string().nullable(),
  status: z.enum(Object.keys(CONTINUITY_STATUS) as [ContinuityStatus, ...ContinuityStatus[]]),
  printer_status: z.number().nullable(),
  payment_id: z.number().nullable(),
  document_id: z.number().nullable(),
  duplicate: z.boolean(),
});

export const continuitySummarySchema = z.object({
  serie: z.object({ id: z.number(), serie: z.string() }),
  summary: z.array(
    z.object({
      type_document: continuityType,
      counter: z.string(),
      first: z.string().nullable(),
      last: z.string().nullable(),
      count: z.number(),
      cancelled: z.number(),
      missing: z.number(),
      gaps: z.array(z.object({ from: z.string(), to: z.string() })),
      duplicates: z.array(z.object({ number: z.string(), times: z.number() })),
    }),
  ),
});

/** What an auditor reads per row: a gap says which numbers are missing, a duplicate says so beside its status. */
export const continuityExportColumns: ExportColumn<ContinuityRow>[] = [
  { header: 'Tipo', value: (row) => DOCUMENT_TYPES[row.type_document], width: 16 },
  { header: 'Número', value: (row) => (row.number_to && row.number_to !== row.number ? `${row.number} a ${row.number_to}` : row.number), width: 22 },
  { header: 'Número de control', value: (row) => row.control_number, width: 18 },
  { header: 'Fecha', value: (row) => row.date, width: 12 },
  { header: 'Estado', value: (row) => (row.duplicate ? `${CONTINUITY_STATUS[row.status]} (duplicado)` : CONTINUITY_STATUS[row.status]), width: 26 },
  { header: 'Pago', value: (row) => row.payment_id, width: 10 },
];
