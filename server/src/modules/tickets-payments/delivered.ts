import { and, eq, inArray, sql } from 'drizzle-orm';
import { addressMessages } from '@recaudo/domain/addresses';
import { ticketMessages, type AssignTicketsInput, type DeliveredTicket, type RemoveTicketInput } from '@recaudo/domain/tickets';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { addressesPayments } from '../addresses-payment/tables';
import type { AuthContext } from '../auth/service';
import { ticketsDelivered, ticketsPayments } from './tables';

/**
 * Tickets handed to payment addresses (the assign modal and the tickets table of an address).
 * Tickets delivered through a payment arrive with the payments issue; here they can only be read.
 */

const AUDIT_MODULE = 'tickets_delivered';

type TicketRow = { id: number; ticket_serial: string | null; tickets_payment_id: number; payment_id: number | null; created_at: string; name: string; color: string; status: boolean; validity_date: string };

/** The delivered tickets of these addresses, oldest first per address; an address without any is absent. */
export async function deliveredTicketsOf(db: Executor, addressIds: number[]): Promise<Map<number, DeliveredTicket[]>> {
  const byAddress = new Map<number, DeliveredTicket[]>();
  if (!addressIds.length) return byAddress;
  const rows = await db
    .select({ id: addressesPayments.id, tickets: TICKETS_JSON })
    .from(addressesPayments)
    .where(inArray(addressesPayments.id, addressIds));
  for (const row of rows) if (row.tickets) byAddress.set(row.id, ticketsFromJson(row.tickets));
  return byAddress;
}

/**
 * The address's delivered tickets as one JSON array of objects, oldest first: a column of the
 * list's rows and what `deliveredTicketsOf` reads; `created_at` written as `toISOString` does.
 */
export const TICKETS_JSON = sql<TicketRow[] | null>`(select json_agg(json_build_object('id', "t"."id", 'ticket_serial', "t"."ticket_serial",
    'tickets_payment_id', "t"."tickets_payment_id", 'payment_id', "t"."payment_id",
    'created_at', to_char("t"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'name', "s"."name", 'color', "s"."color", 'status', "s"."status", 'validity_date', "s"."validity_date") order by "t"."created_at", "t"."id")
  from ${ticketsDelivered} "t" join ${ticketsPayments} "s" on "s"."id" = "t"."tickets_payment_id"
  where "t"."address_payment_id" = "addresses_payments"."id")`;

/** One address's tickets from TICKETS_JSON. */
export const ticketsFromJson = (rows: TicketRow[] | null): DeliveredTicket[] =>
  (rows ?? []).map((row) => ({
    id: row.id,
    ticket_serial: row.ticket_serial,
    tickets_payment_id: row.tickets_payment_id,
    tickets_payment: { id: row.tickets_payment_id, name: row.name, color: row.color, status: row.status, validity_date: row.validity_date },
    payment_id: row.payment_id,
    created_at: row.created_at,
  }));

async function assertAddress(executor: Executor, id: number) {
  const [address] = await executor.select({ id: addressesPayments.id }).from(addressesPayments).where(eq(addressesPayments.id, id));
  if (!address) throw notFound(addressMessages.notFound);
}

/**
 * Assigns series to an address. Series it already holds are skipped; when every requested one is
 * already there the answer is the spec's "no hay tickets disponibles". Missing or inactive series
 * are refused. The partial unique index with ON CONFLICT DO NOTHING makes concurrent requests safe.
 */
export async function assignTickets(db: Database, auth: AuthContext, input: AssignTicketsInput) {
  return db.transaction(async (tx) => {
    await assertAddress(tx, input.address_payment_id);
    const ids = [...new Set(input.tickets_payment_ids)];
    const series = await tx.select({ id: ticketsPayments.id, name: ticketsPayments.name, status: ticketsPayments.status }).from(ticketsPayments).where(inArray(ticketsPayments.id, ids));
    if (series.length !== ids.length) throw fieldError('tickets_payment_ids', ticketMessages.missing);
    const inactive = series.find((row) => !row.status);
    if (inactive) throw fieldError('tickets_payment_ids', ticketMessages.inactive(inactive.name));
    const inserted = await tx
      .insert(ticketsDelivered)
      .values(ids.map((ticketsPaymentId) => ({ ticketsPaymentId, addressPaymentId: input.address_payment_id, createdBy: auth.user.id })))
      .onConflictDoNothing()
      .returning({ id: ticketsDelivered.id, ticketsPaymentId: ticketsDelivered.ticketsPaymentId });
    if (!inserted.length) throw new AppError('validation', ticketMessages.noneAvailable);
    for (const row of inserted) {
      await recordAudit(tx, {
        module: AUDIT_MODULE,
        event: 'created',
        causerId: auth.user.id,
        subjectId: row.id,
        attributes: { address_payment_id: input.address_payment_id, tickets_payment_id: row.ticketsPaymentId, payment_id: null, ticket_serial: null },
      });
    }
    const tickets = (await deliveredTicketsOf(tx, [input.address_payment_id])).get(input.address_payment_id) ?? [];
    return { assigned: inserted.length, skipped: ids.length - inserted.length, tickets_delivered: tickets };
  });
}

/**
 * Removes one ticket from an address (the spec leaves it ungated: any staff user). The row must
 * belong to that address and series; a ticket handed over with a payment goes with the payment.
 */
export async function removeDeliveredTicket(db: Database, auth: AuthContext, input: RemoveTicketInput) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(ticketsDelivered)
      .where(
        and(
          eq(ticketsDelivered.id, input.id),
          eq(ticketsDelivered.addressPaymentId, input.address_payment_id),
          eq(ticketsDelivered.ticketsPaymentId, input.ticket_payment_id),
        ),
      )
      .for('update');
    if (!row) throw notFound(ticketMessages.deliveredNotFound);
    if (row.paymentId !== null) throw new AppError('validation', ticketMessages.deliveredByPayment(row.paymentId));
    await tx.delete(ticketsDelivered).where(eq(ticketsDelivered.id, row.id));
    await recordAudit(tx, {
      module: AUDIT_MODULE,
      event: 'deleted',
      causerId: auth.user.id,
      subjectId: row.id,
      old: { address_payment_id: row.addressPaymentId, tickets_payment_id: row.ticketsPaymentId, payment_id: row.paymentId, ticket_serial: row.ticketSerial },
    });
  });
}
