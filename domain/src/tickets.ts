import { z } from 'zod';
import type { NamedRef } from './addresses';
import { parseDateParam, todayInCaracas } from './dates';
import { flag, messages, recordId, requiredText } from './validation';

/**
 * Payment tickets (spec 02 §3 Payment ticket, Delivered ticket): physical ticket series handed
 * to a payment address (assign modal) or to a payment (payment panel, ticket and serial).
 */
export const DEFAULT_TICKET_COLOR = '#000000';

export const ticketMessages = {
  assigned: 'Tickets asignados exitosamente',
  assignFailed: 'Error al asignar tickets',
  removed: 'Ticket eliminado exitosamente',
  removeFailed: 'Error al eliminar el ticket',
  selectAtLeastOne: 'Debe seleccionar al menos un ticket',
  noneAvailable: 'No hay tickets disponibles para asignar. Todos los tickets ya están asignados a esta dirección.',
  emptySelect: 'No se han encontrado datos',
  created: 'Ticket de pago creado',
  updated: 'Ticket de pago actualizado',
  deleted: 'Ticket de pago eliminado',
  statusChanged: 'Estatus del ticket de pago actualizado',
  notFound: 'No se ha encontrado el ticket de pago',
  deliveredNotFound: 'No se ha encontrado el ticket en esta dirección',
  duplicateName: 'Ya existe un ticket de pago con ese nombre.',
  missing: 'Uno de los tickets seleccionados no existe.',
  inactive: (name: string) => `El ticket "${name}" está inactivo y no se puede asignar.`,
  deliveredByPayment: (paymentId: number) => `El ticket fue entregado con el pago #${paymentId}; se quita editando ese pago.`,
  hasDelivered: (count: number) =>
    `No se puede eliminar el ticket de pago porque tiene ${count} ${count === 1 ? 'ticket entregado' : 'tickets entregados'}.`,
} as const;

/** Delivery type of a delivered ticket (spec 02 §4). */
export const deliveryType = (ticket: { payment_id: number | null }) => (ticket.payment_id !== null ? 'Asignado a Pago' : 'Asignado a Dirección');

/** A ticket series as lists and selects show it. */
export interface TicketSeries extends NamedRef {
  color: string;
  status: boolean;
  /** YYYY-MM-DD; shown red when before today. */
  validity_date: string;
}

/** A row of the Tickets de Pago list: the series and how many tickets it delivered (to the filtered addresses). */
export interface TicketRow extends TicketSeries {
  created_at: string;
  count_tickets_delivered: number;
}

/** A ticket handed to an address (payment_id null) or through a payment. */
export interface DeliveredTicket {
  id: number;
  ticket_serial: string | null;
  tickets_payment_id: number;
  tickets_payment: TicketSeries;
  payment_id: number | null;
  created_at: string;
}

/** `#RRGGBB`; the colour picker answers it in lower case, which is how it is stored. */
export const ticketColorField = z
  .string({ error: messages.required('Color') })
  .trim()
  .min(1, messages.required('Color'))
  .regex(/^#[0-9a-fA-F]{6}$/, messages.invalidFormat('Color'))
  .transform((value) => value.toLowerCase());

/** The expiry day as YYYY-MM-DD (a real calendar day). */
export const validityDateField = z
  .string({ error: messages.required('Fecha de vencimiento') })
  .trim()
  .min(1, messages.required('Fecha de vencimiento'))
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDateParam(value) === value, messages.invalidFormat('Fecha de vencimiento'));

/** The ticket series panel (spec 02 §5): name, colour and expiry date required. */
export const ticketFieldsSchema = z.object({
  name: requiredText('Nombre', 150),
  color: ticketColorField,
  validity_date: validityDateField,
});
export const createTicketSchema = ticketFieldsSchema.extend({ status: flag('Estado').optional().default(true) });
export const updateTicketSchema = ticketFieldsSchema.extend({ id: recordId() });
export const changeTicketStatusSchema = z.object({ id: recordId(), status: flag('Estado') });
export type TicketInput = z.infer<typeof ticketFieldsSchema>;

/** The assign modal of a payment address: at least one series. */
export const assignTicketsSchema = z.object({
  address_payment_id: recordId('Dirección'),
  tickets_payment_ids: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(recordId('Ticket'), { error: ticketMessages.selectAtLeastOne }).min(1, ticketMessages.selectAtLeastOne).max(200),
  ),
});
export type AssignTicketsInput = z.infer<typeof assignTicketsSchema>;

/** Removing one delivered ticket (`id`) of a series (`ticket_payment_id`) from an address. */
export const removeTicketSchema = z.object({
  address_payment_id: recordId('Dirección'),
  ticket_payment_id: recordId('Ticket'),
  id: recordId(),
});
export type RemoveTicketInput = z.infer<typeof removeTicketSchema>;

/** A series' expiry day is past when it is before today in Caracas (shown red). */
export const isTicketExpired = (validityDate: string, today = todayInCaracas()) => validityDate < today;
