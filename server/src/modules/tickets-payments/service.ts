import { and, asc, count, desc, eq, ilike, inArray, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { MAX_PAGE_SIZE, type ListQuery } from '@recaudo/domain/paging';
import { ticketMessages, type TicketInput, type TicketRow, type TicketSeries } from '@recaudo/domain/tickets';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { idList, likePattern, sortOrder, textList } from '../../platform/paging';
import { addressesPayments } from '../addresses-payment/tables';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { ticketsDelivered, ticketsPayments } from './tables';

/** The columns of a series as lists and selects answer them. */
export const seriesColumns = {
  id: ticketsPayments.id,
  name: ticketsPayments.name,
  color: ticketsPayments.color,
  status: ticketsPayments.status,
  validity_date: ticketsPayments.validityDate,
};

/** `filters[status]` as 1/0/true/false, alone or as a list; both values (or none) filter nothing. */
function statusFilter(value: unknown): boolean | undefined {
  const values = new Set((Array.isArray(value) ? value : [value]).map((item) => String(item)));
  const active = values.has('1') || values.has('true');
  const inactive = values.has('0') || values.has('false');
  return active === inactive ? undefined : active;
}

/**
 * Conditions on the delivered tickets (and their addresses) the list's filters ask for: type,
 * client, identification_type, state, municipality, parish, community, economic_activity
 * (of the address) and serial (of the ticket). `payment_method` is accepted and ignored until
 * payments exist. Empty when no such filter is set.
 */
function deliveryConditions(filters: Record<string, unknown>): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  const type = [0, 1].find((value) => String(filters.type) === String(value));
  if (type !== undefined) conditions.push(eq(addressesPayments.type, type));
  const byIds = (column: Parameters<typeof inArray>[0], name: string) => {
    const ids = idList(filters[name]);
    if (ids.length) conditions.push(inArray(column, ids));
  };
  byIds(addressesPayments.clientId, 'client');
  byIds(addressesPayments.stateId, 'state');
  byIds(addressesPayments.municipalityId, 'municipality');
  byIds(addressesPayments.parishId, 'parish');
  byIds(addressesPayments.communityId, 'community');
  byIds(addressesPayments.economicActivityId, 'economic_activity');
  const identificationTypes = textList(filters.identification_type);
  if (identificationTypes.length) conditions.push(inArray(clients.identificationType, identificationTypes));
  const [serial] = textList(filters.serial);
  if (serial) conditions.push(ilike(ticketsDelivered.ticketSerial, likePattern(serial)));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** The delivered tickets of the outer row's series that match `conditions`. */
const matchingDelivered = (conditions: SQL[]) =>
  conditions.length
    ? sql`from ${ticketsDelivered}
        inner join ${addressesPayments} on ${addressesPayments.id} = ${ticketsDelivered.addressPaymentId}
        inner join ${clients} on ${clients.id} = ${addressesPayments.clientId}
        where ${ticketsDelivered.ticketsPaymentId} = ${ticketsPayments.id} and ${and(...conditions)}`
    : sql`from ${ticketsDelivered} where ${ticketsDelivered.ticketsPaymentId} = ${ticketsPayments.id}`;

/**
 * `GET tickets-payments`: series by name search, status and delivery filters. With a delivery
 * filter the list keeps the series that delivered a matching ticket and counts only those.
 */
export function ticketSource(db: Executor, query: ListQuery): RowSource<TicketRow> {
  const delivery = deliveryConditions(query.filters);
  const countDelivered = sql<number>`(select count(*)::int ${matchingDelivered(delivery)})`;
  const status = statusFilter(query.filters.status);
  const where = and(
    query.search ? ilike(ticketsPayments.name, likePattern(query.search)) : undefined,
    status !== undefined ? eq(ticketsPayments.status, status) : undefined,
    delivery.length ? sql`exists (select 1 ${matchingDelivered(delivery)})` : undefined,
  );
  const order = [
    ...sortOrder(
      query.sorter,
      {
        id: ticketsPayments.id,
        name: ticketsPayments.name,
        color: ticketsPayments.color,
        status: ticketsPayments.status,
        validity_date: ticketsPayments.validityDate,
        created_at: ticketsPayments.createdAt,
        count_tickets_delivered: countDelivered,
      },
      desc(ticketsPayments.createdAt),
    ),
    desc(ticketsPayments.id),
  ];
  return {
    async rows(limit, offset) {
      const base = db
        .select({ ...seriesColumns, created_at: ticketsPayments.createdAt, count_tickets_delivered: countDelivered })
        .from(ticketsPayments)
        .where(where)
        .orderBy(...order)
        .offset(offset);
      const rows = limit === null ? await base : await base.limit(limit);
      return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), count_tickets_delivered: Number(row.count_tickets_delivered) }));
    },
    async count() {
      return (await db.select({ total: count() }).from(ticketsPayments).where(where))[0]?.total ?? 0;
    },
  };
}

/**
 * Active series for the assign modal and the payment panel. With an address, the series already
 * assigned to it (not through a payment) are left out, as the assign modal offers only new ones.
 */
export function selectableTickets(db: Executor, addressId?: number): Promise<TicketSeries[]> {
  const assigned = addressId
    ? notExists(
        db
          .select({ one: sql`1` })
          .from(ticketsDelivered)
          .where(
            and(eq(ticketsDelivered.ticketsPaymentId, ticketsPayments.id), eq(ticketsDelivered.addressPaymentId, addressId), sql`${ticketsDelivered.paymentId} is null`),
          ),
      )
    : undefined;
  return db
    .select(seriesColumns)
    .from(ticketsPayments)
    .where(and(eq(ticketsPayments.status, true), assigned))
    .orderBy(asc(ticketsPayments.name), asc(ticketsPayments.id))
    .limit(MAX_PAGE_SIZE);
}

async function getTicket(executor: Executor, id: number) {
  const [row] = await executor.select().from(ticketsPayments).where(eq(ticketsPayments.id, id));
  if (!row) throw notFound(ticketMessages.notFound);
  return row;
}

async function assertNameFree(executor: Executor, name: string, exceptId?: number) {
  const [clash] = await executor
    .select({ id: ticketsPayments.id })
    .from(ticketsPayments)
    .where(and(sql`lower(${ticketsPayments.name}) = lower(${name})`, exceptId ? ne(ticketsPayments.id, exceptId) : undefined));
  if (clash) throw fieldError('name', ticketMessages.duplicateName);
}

const snapshot = (row: typeof ticketsPayments.$inferSelect) => ({ name: row.name, color: row.color, status: row.status, validity_date: row.validityDate });

export async function createTicket(db: Database, auth: AuthContext, input: TicketInput & { status: boolean }) {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx
      .insert(ticketsPayments)
      .values({ name: input.name, color: input.color, status: input.status, validityDate: input.validity_date, createdBy: auth.user.id })
      .returning();
    if (!row) throw new Error('ticket insert returned nothing');
    await recordAudit(tx, { module: 'tickets_payments', event: 'created', causerId: auth.user.id, subjectId: row.id, attributes: snapshot(row) });
    return row.id;
  });
}

export async function updateTicket(db: Database, auth: AuthContext, input: TicketInput & { id: number }) {
  await db.transaction(async (tx) => {
    const row = await getTicket(tx, input.id);
    await assertNameFree(tx, input.name, row.id);
    const diff = changedFields(snapshot(row), { name: input.name, color: input.color, validity_date: input.validity_date });
    if (!diff.changed) return;
    await tx
      .update(ticketsPayments)
      .set({ name: input.name, color: input.color, validityDate: input.validity_date, updatedAt: new Date() })
      .where(eq(ticketsPayments.id, row.id));
    await recordAudit(tx, { module: 'tickets_payments', event: 'updated', causerId: auth.user.id, subjectId: row.id, old: diff.old, attributes: diff.attributes });
  });
}

/** The list's switch: the screen flips it at once and reverts when this fails (spec 02 §4). */
export async function changeTicketStatus(db: Database, auth: AuthContext, input: { id: number; status: boolean }) {
  await db.transaction(async (tx) => {
    const row = await getTicket(tx, input.id);
    if (row.status === input.status) return;
    await tx.update(ticketsPayments).set({ status: input.status, updatedAt: new Date() }).where(eq(ticketsPayments.id, row.id));
    await recordAudit(tx, { module: 'tickets_payments', event: 'updated', causerId: auth.user.id, subjectId: row.id, old: { status: row.status }, attributes: { status: input.status } });
  });
}

/** A series that delivered tickets stays: the addresses and payments that hold them would lose them. */
export async function deleteTicket(db: Database, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(ticketsPayments).where(eq(ticketsPayments.id, id)).for('update');
    if (!row) throw notFound(ticketMessages.notFound);
    const [held] = await tx.select({ total: count() }).from(ticketsDelivered).where(eq(ticketsDelivered.ticketsPaymentId, id));
    if (held && held.total > 0) throw new AppError('validation', ticketMessages.hasDelivered(held.total));
    await tx.delete(ticketsPayments).where(eq(ticketsPayments.id, id));
    await recordAudit(tx, { module: 'tickets_payments', event: 'deleted', causerId: auth.user.id, subjectId: id, old: snapshot(row) });
  });
}
