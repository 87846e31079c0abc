import { LRUCache } from 'lru-cache';
import { and, asc, between, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { currentMonth, type Month } from '@recaudo/domain/months';
import { clientMessages } from '@recaudo/domain/clients';
import type { Paged } from '@recaudo/domain/paging';
import type { ClientPaymentsQuery, PaymentHistoryQuery, PaymentListQuery } from '@recaudo/domain/payments';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { userMessages } from '@recaudo/domain/users';
import type { Executor } from '../../db/client';
import { idsInOrder, selectIds, type RowSource } from '../../platform/export';
import { caracasDayRange, dayPair, idList, likePattern, selectPage, textList, wholeList } from '../../platform/paging';
import { COUNT_CAP, plannedRows } from '../../platform/count';
import { notFound } from '../../platform/errors';
import { inIdsPlaceholder, preparedStatement } from '../../platform/prepared';
import { executeSql } from '../../platform/render';
import { assertOwnClient, clientScope, creatorScope, seriesScope } from '../../platform/scope';
import { monthsToPayIn, monthsToPaySql } from '../addresses-payment/ledger-sql';
import { addressesPayments } from '../addresses-payment/tables';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { users } from '../users/tables';
import { clientAddressColumns } from './client-address-columns';
import { paymentBatchLoader, type PaymentExportRow } from './export-rows';
import { presentPayment, type PaymentDetail } from './presenter';
import { payments } from './tables';

/**
 * Reading payments: one `where` for every payments list (bill-payments, payments, the user's
 * history, the client's tab and their exports), the page of ids, and a capped count.
 *
 * The page is chosen on `payments` alone (its indexes give the order), then the page's rows are
 * joined to their client, address, method, bank, series and creator (presenter.ts), so deep pages
 * never join the rows they skip.
 */

/** Every list of payments applies these: a client user's own, a staff user's data and series scope (DESIGN §4). */
export function paymentScope(auth: AuthContext): SQL | undefined {
  return and(clientScope(payments.clientId, auth), creatorScope(payments.createdBy, auth), seriesScope(payments.serieId, auth));
}

/** Up to this many matching clients are named in the query itself; more go through a subquery. */
export const SEARCH_CLIENT_IDS = 2000;

/** A search naming at most this many clients (and at least 3 characters) matches few payments: fence it. */
const FEW_CLIENTS = 200;

interface SearchCondition {
  condition: SQL;
  /** For a search matching more clients than SEARCH_CLIENT_IDS: the planner's share of clients it matches. */
  clientShare: number | null;
  /** Few matches: gather them all, then sort (paymentIds `fenced`). */
  fenced: boolean;
  /** The same condition for reading newest first when it matches many clients; absent otherwise. */
  walking?: SQL;
}

/**
 * The planner's estimate of the clients a search pattern names ('' with `true`: all clients),
 * kept a minute per pattern as the address search keeps its word (addresses-payment/search.ts):
 * planning it cost about a millisecond of every request of a broad search at 10 at once. Only
 * the plan and an estimated total follow it; what a page lists is read every time.
 */
const plannedClientCounts = new LRUCache<string, number>({ max: 1_000, ttl: 60_000 });
async function plannedClients(db: Executor, pattern: string, clientMatch: SQL): Promise<number> {
  const kept = plannedClientCounts.get(pattern);
  if (kept !== undefined) return kept;
  const expected = await plannedRows(db, sql`select 1 from ${clients} c where ${clientMatch}`);
  plannedClientCounts.set(pattern, expected);
  return expected;
}

/**
 * Contains-search on the reference, control and document numbers (pg_trgm indexes of migration
 * 0007) and on the client's name and "V-12345678" (clients' trgm indexes of 0005). Unless the
 * planner expects thousands, the matching clients are looked up first: up to SEARCH_CLIENT_IDS
 * of them go into the query as an id list,
 * which the planner estimates and can use as an index condition (rare matches) or as a hashed
 * filter while reading newest first (frequent ones). A broader search (a common surname) matches
 * so many payments that reading newest first through a subquery finds the page at once.
 */
async function searchCondition(db: Executor, search: string): Promise<SearchCondition> {
  const pattern = likePattern(search);
  // Control and document numbers are digits: only a search of digits can be in them.
  const digits = /^\d+$/.test(search);
  const own = or(ilike(payments.reference, pattern), digits ? ilike(payments.number, pattern) : undefined, digits ? ilike(payments.numberCorrelative, pattern) : undefined)!;
  // Trigram indexes need three characters; shorter searches are read newest first.
  const specific = search.length >= 3;
  const clientMatch = sql`(c.name ilike ${pattern} or (c.identification_type || '-' || c.identification) ilike ${pattern})`;
  // The planner's guess first: a search it expects to match thousands of clients skips the lookup.
  const expected = await plannedClients(db, pattern, clientMatch);
  if (expected <= 2.5 * SEARCH_CLIENT_IDS) {
    const found = await executeSql<{ id: number }>(db, sql`select c.id from ${clients} c where ${clientMatch} limit ${SEARCH_CLIENT_IDS + 1}`);
    const ids = found.map((row) => Number(row.id));
    if (!ids.length) return { condition: sql`(${own})`, clientShare: null, fenced: specific };
    if (ids.length <= SEARCH_CLIENT_IDS) {
      return { condition: sql`(${payments.clientId} = any(${`{${ids.join(',')}}`}::int[]) or ${own})`, clientShare: null, fenced: specific && ids.length <= FEW_CLIENTS };
    }
  }
  const share = Math.max(expected, SEARCH_CLIENT_IDS + 1) / Math.max(1, await plannedClients(db, '', sql`true`));
  return {
    condition: sql`(${payments.clientId} in (select c.id from ${clients} c where ${clientMatch}) or ${own})`,
    // Read newest first, each payment's client is tested by primary key: a scalar subquery the planner cannot hash. With
    // the `in` above it first read every matching client ("a": 195 000) into a hash, 1.2–1.8 s a page at 10 connections.
    walking: sql`(${own} or coalesce((select ${clientMatch} from ${clients} c where c.id = ${payments.clientId}), false))`,
    clientShare: Math.min(1, share),
    fenced: false,
  };
}

/**
 * The filters of spec 02 §2 (the search is searchCondition): client, user (creator), status, type_document, payment_method, serie,
 * checkbook_number, lot_number, terminal (exact), reference, number, number_correlative
 * (contains), months_to_pay (exact counts of the address, from the ledger summary), type (of the
 * address), and the date ranges dates (registered, Caracas days), dates_payment and dates_bill.
 */
export function paymentFilters(query: Pick<PaymentListQuery, 'filters'>, now = new Date()): SQL | undefined {
  const { filters } = query;
  const ids = (name: string) => idList(filters[name]);
  const inIds = (column: PgColumn, list: number[]) => (list.length ? inArray(column, list) : undefined);
  const exact = (column: PgColumn, name: string) => {
    const values = textList(filters[name]);
    return values.length ? inArray(column, values) : undefined;
  };
  const contains = (column: PgColumn, name: string) => {
    const [value] = textList(filters[name]);
    return value ? ilike(column, likePattern(value)) : undefined;
  };
  const statuses = wholeList(filters.status).filter((status) => status <= 2);
  const monthsToPay = wholeList(filters.months_to_pay);
  const types = wholeList(filters.type).filter((type) => type <= 1);
  const created = caracasDayRange(filters.dates);
  const paid = dayPair(filters.dates_payment);
  const billed = dayPair(filters.dates_bill);
  const addressWhere = (condition: SQL | undefined) =>
    inArray(payments.addressPaymentId, sql`(select ${addressesPayments.id} from ${addressesPayments} where ${condition})`);
  return and(
    inIds(payments.clientId, ids('client')),
    inIds(payments.createdBy, ids('user')),
    statuses.length ? inArray(payments.status, statuses) : undefined,
    exact(payments.typeDocument, 'type_document'),
    inIds(payments.paymentMethodId, ids('payment_method')),
    inIds(payments.serieId, ids('serie')),
    exact(payments.checkbookNumber, 'checkbook_number'),
    exact(payments.lotNumber, 'lot_number'),
    exact(payments.terminal, 'terminal'),
    contains(payments.reference, 'reference'),
    contains(payments.number, 'number'),
    contains(payments.numberCorrelative, 'number_correlative'),
    monthsToPay.length ? addressWhere(monthsToPayIn(currentMonth(now), monthsToPay)) : undefined,
    types.length === 1 ? addressWhere(eq(addressesPayments.type, types[0]!)) : undefined,
    created ? and(gte(payments.createdAt, created[0]), lt(payments.createdAt, created[1])) : undefined,
    paid ? between(payments.datePayment, paid[0], paid[1]) : undefined,
    billed ? between(payments.dateBill, billed[0], billed[1]) : undefined,
  );
}

const SORTABLE: Record<string, PgColumn> = {
  id: payments.id,
  created_at: payments.createdAt,
  date_payment: payments.datePayment,
  date_bill: payments.dateBill,
  amount_payment: payments.amountPayment,
  amount_bill: payments.amountBill,
  dollar_amount_payment: payments.dollarAmountPayment,
  dollar_amount_bill: payments.dollarAmountBill,
  number: payments.number,
  number_correlative: payments.numberCorrelative,
  reference: payments.reference,
  status: payments.status,
};

export interface PaymentOrder {
  column: PgColumn;
  descending: boolean;
}

/** Newest first (the created index read backwards); a sorter field of the payment itself, then id. */
export function paymentOrder(sorter: PaymentListQuery['sorter']): PaymentOrder {
  const column = sorter?.field ? SORTABLE[sorter.field] : undefined;
  if (!column || !sorter?.order) return { column: payments.createdAt, descending: true };
  return { column, descending: sorter.order.toLowerCase().startsWith('desc') };
}

const estimate = (db: Executor, where: SQL | undefined) => plannedRows(db, sql`select 1 from ${payments} ${where ? sql`where ${where}` : sql``}`);

/** Counts the rows up to `cap` + 1 (the cheapest plan for a bounded count). */
export async function cappedCount(db: Executor, where: SQL | undefined, cap = COUNT_CAP): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(payments).where(where).limit(cap + 1).as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.total ?? 0);
}

/**
 * The "a-b de n" total (DESIGN §8: counting two million rows costs 60–90 ms, and a filter that
 * keeps many of them costs as much). When the planner expects more than COUNT_CAP rows, its
 * estimate is the total; otherwise the rows are counted up to COUNT_CAP + 1, exact below the
 * cap. A page that comes back short gives the exact total anyway (paymentPage).
 */
export async function estimatedTotal(db: Executor, where: SQL | undefined, cap = COUNT_CAP): Promise<number> {
  const expected = await estimate(db, where);
  if (expected > cap) return expected;
  const counted = await cappedCount(db, where, cap);
  return counted <= cap ? counted : Math.max(cap + 1, expected);
}

/**
 * A page of payment ids in list order. `fenced` first gathers every match, then sorts: for a
 * search known to match few payments, where reading newest first could walk far for them.
 */
export async function paymentIds(db: Executor, where: SQL | undefined, order: PaymentOrder, limit: number | null, offset: number, fenced = false): Promise<number[]> {
  const direction = order.descending ? desc : asc;
  if (fenced) {
    // OFFSET 0 keeps the planner from reading the matches in the order's index (it would walk it
    // with the conditions as a filter), without a CTE's copy of every match.
    const matches = sql`select ${payments.id} as id, ${order.column} as key from ${payments} where ${where ?? sql`true`} offset 0`;
    const page = sql`select m.id from (${matches}) as m order by m.key ${sql.raw(order.descending ? 'desc' : 'asc')}, m.id desc
      ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}`;
    if (limit === null) return idsInOrder(db, page);
    return (await executeSql<{ id: number }>(db, page)).map((row) => Number(row.id));
  }
  return selectIds(db, { columns: sql`${payments.id} as id`, from: payments, where, order: [direction(order.column), desc(payments.id)], limit, offset });
}

/** Payments dated after the payment-date or bill-date range of the filters. */
function pastDateRanges(query: Pick<PaymentListQuery, 'filters'>): SQL | undefined {
  const paid = dayPair(query.filters.dates_payment);
  const billed = dayPair(query.filters.dates_bill);
  return or(paid ? gt(payments.datePayment, paid[1]) : undefined, billed ? gt(payments.dateBill, billed[1]) : undefined);
}

/**
 * Payment and bill dates follow registration only loosely, so reading newest first toward a
 * date range walks every payment dated after it before the first match (a month back: about
 * 100 000 rows at scale). Gathering the range from its date index and sorting it reads the range
 * instead. The planner's estimates pick the shorter read.
 */
async function rangeReadsLess(db: Executor, where: SQL | undefined, query: Pick<PaymentListQuery, 'filters'>): Promise<boolean> {
  const after = pastDateRanges(query);
  if (!after) return false;
  const inRange = await estimate(db, where);
  return inRange < (await estimate(db, after));
}

/**
 * A payments list: scope, the caller's filters and search, and `extra` (the user of a history,
 * the client of a tab). The search's client lookup runs once, on first use.
 */
function paymentSource(db: Executor, query: PaymentListQuery, auth: AuthContext, extra?: SQL): RowSource<PaymentRow, PaymentExportRow> {
  const now = new Date();
  const base = and(paymentScope(auth), paymentFilters(query, now), extra);
  const order = paymentOrder(query.sorter);
  let prepared: Promise<SearchCondition | null> | undefined;
  const search = () => (prepared ??= query.search ? searchCondition(db, query.search) : Promise.resolve(null));
  // An export walks the list batch after batch: in the default order each batch resumes after
  // the last row of the previous one instead of skipping `offset` rows again.
  let cursor: { next: number; createdAt: string; id: number } | null = null;
  let batchLoader: ReturnType<typeof paymentBatchLoader> | undefined;
  return {
    async rows(limit, offset) {
      const found = await search();
      const where = and(base, found?.condition);
      const newestFirst = limit !== null && order.column === payments.createdAt && order.descending;
      const fenced = found?.fenced || (newestFirst && (await rangeReadsLess(db, where, query)));
      if (fenced || !newestFirst) {
        return loadPayments(db, await paymentIds(db, where, order, limit, offset, fenced), now);
      }
      const resume = cursor?.next === offset ? sql`(${payments.createdAt}, ${payments.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::int)` : undefined;
      const page = await selectPage<{ id: number; created_at: string }>(db, {
        columns: sql`${payments.id} as id, ${payments.createdAt}::text as created_at`,
        from: payments,
        where: and(base, found?.walking ?? found?.condition, resume),
        order: [desc(payments.createdAt), desc(payments.id)],
        limit,
        offset: resume ? 0 : offset,
      });
      const last = page.at(-1);
      cursor = last ? { next: offset + page.length, createdAt: last.created_at, id: Number(last.id) } : null;
      return loadPayments(
        db,
        page.map((row) => Number(row.id)),
        now,
      );
    },
    walk: {
      async keys() {
        const found = await search();
        return paymentIds(db, and(base, found?.condition), order, null, 0, found?.fenced);
      },
      load: (ids) => (batchLoader ??= paymentBatchLoader(db))(ids),
    },
    async count() {
      const found = await search();
      if (found?.clientShare != null) {
        // A search over many clients: its share of the clients times the rows of the other conditions.
        const expected = Math.round(found.clientShare * (await estimate(db, base)));
        if (expected > COUNT_CAP) return expected;
        const counted = await cappedCount(db, and(base, found.condition));
        return counted <= COUNT_CAP ? counted : COUNT_CAP + 1;
      }
      return estimatedTotal(db, and(base, found?.condition));
    },
  };
}

/** A page of a payments list: a short page gives the exact total without counting. */
export async function paymentPage(query: Pick<PaymentListQuery, 'page' | 'per_page'>, source: Pick<RowSource<PaymentRow>, 'rows' | 'count'>): Promise<Paged<PaymentRow>> {
  const perPage = query.per_page;
  const offset = (query.page - 1) * perPage;
  const data = await source.rows(perPage, offset);
  const short = data.length < perPage && (data.length > 0 || query.page === 1);
  const total = short ? offset + data.length : Math.max(await source.count(), offset + data.length);
  return { data, current_page: query.page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** `GET bill-payments` and `GET payments`: the same list for both families. */
export const listSource = (db: Executor, query: PaymentListQuery, auth: AuthContext) => paymentSource(db, query, auth);

/** `GET bill-payments/not-closed-box`: the payments no closing holds yet (the closings' 'Pagos' modal). */
export const unclosedSource = (db: Executor, query: PaymentListQuery, auth: AuthContext) => paymentSource(db, query, auth, isNull(payments.closedBoxId));

/** `GET closed-boxs/payments`: the payments of one closing the caller may see. */
export const closedBoxPaymentSource = (db: Executor, query: PaymentListQuery, auth: AuthContext, closedBoxId: number) =>
  paymentSource(db, query, auth, eq(payments.closedBoxId, closedBoxId));

/**
 * `GET payments/history-status`: the payments `user_id` registered, within the caller's own data
 * and series scope (a user limited to their own data sees only their own history).
 */
export async function historySource(db: Executor, query: PaymentHistoryQuery, auth: AuthContext): Promise<RowSource<PaymentRow, PaymentExportRow>> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, query.user_id));
  if (!user) throw notFound(userMessages.notFound);
  return paymentSource(db, query, auth, and(eq(payments.createdBy, user.id), query.status !== undefined ? eq(payments.status, query.status) : undefined));
}

/** `GET payments/client-details`: one client's payments; a client user naming another client gets 404. */
export async function clientPaymentSource(db: Executor, query: ClientPaymentsQuery, auth: AuthContext): Promise<RowSource<PaymentRow, PaymentExportRow>> {
  assertOwnClient(auth, query.client_id, clientMessages.notFound);
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, query.client_id));
  if (!client) throw notFound(clientMessages.notFound);
  return paymentSource(db, query, auth, eq(payments.clientId, client.id));
}

/** One payment within the caller's reach (scope), or null. */
export async function scopedPayment(db: Executor, auth: AuthContext, id: number): Promise<{ id: number; files: string[] } | null> {
  const [row] = await db
    .select({ id: payments.id, files: payments.files })
    .from(payments)
    .where(and(eq(payments.id, id), paymentScope(auth)));
  return row ?? null;
}

/* ---------------- The rows of a page ---------------- */

/*
 * The page's rows in one query: payments with their client and address joined, and the small
 * references (location, activity, method, bank, series, creator, tickets) as scalar subqueries,
 * which keeps planning short (a ten-table join cost more to plan than to run).
 */
const one = (query: SQL) => sql`(${query})`;
const detailColumns = (month: Month) => ({
  payment: payments,
  ...clientAddressColumns,
  months_to_pay: monthsToPaySql(month),
  community: one(sql`select json_build_object('id', x.id, 'name', x.name, 'fee', x.fee::text) from communities x where x.id = ${addressesPayments.communityId}`),
  parish: one(sql`select json_build_object('id', x.id, 'name', x.name) from parishes x where x.id = ${addressesPayments.parishId}`),
  activity: one(sql`select json_build_object('id', x.id, 'name', x.name, 'fee', x.fee::text) from economic_activities x where x.id = ${addressesPayments.economicActivityId}`),
  method: one(sql`select json_build_object('id', x.id, 'name', x.name, 'code', x.code, 'type', x.type, 'image', x.image, 'description', x.description,
    'is_mobile_payment_use_api_bdv', x.is_mobile_payment_use_api_bdv, 'currency', x.currency) from payment_methods x where x.id = ${payments.paymentMethodId}`),
  tenders: one(sql`select coalesce(json_agg(json_build_object('payment_method_id', t.payment_method_id, 'payment_method', json_build_object('id', m.id, 'name', m.name),
    'currency', t.currency, 'amount', t.amount::text, 'amount_ves', t.amount_ves::text, 'reference', t.reference, 'bank_id', t.bank_id, 'pay_phone', t.pay_phone,
    'conciliation_id', t.conciliation_id) order by t.position), '[]'::json)
    from payment_tenders t join payment_methods m on m.id = t.payment_method_id where t.payment_id = ${payments.id}`),
  bank: one(sql`select json_build_object('id', x.id, 'name', x.name, 'code', x.code) from banks x where x.id = ${payments.bankId}`),
  serie: one(sql`select x.serie from correlatives x where x.id = ${payments.serieId}`),
  causer: one(sql`select json_build_object('id', x.id, 'name', x.name, 'client_id', x.client_id) from users x where x.id = ${payments.createdBy}`),
  tickets: one(sql`select coalesce(json_agg(json_build_object('id', d.id, 'ticket_serial', d.ticket_serial, 'tickets_payment_id', d.tickets_payment_id,
    'tickets_payment', json_build_object('id', t.id, 'name', t.name, 'color', t.color)) order by d.id), '[]'::json)
    from tickets_delivered d join tickets_payments t on t.id = d.tickets_payment_id where d.payment_id = ${payments.id}`),
});

/** The page's rows by id, built and prepared once per database and month (months_to_pay counts to it). */
const pageRows = preparedStatement('payments_page_rows', (db, name, month) =>
  db
    .select(detailColumns(month))
    .from(payments)
    .innerJoin(clients, eq(clients.id, payments.clientId))
    .innerJoin(addressesPayments, eq(addressesPayments.id, payments.addressPaymentId))
    .where(inIdsPlaceholder(payments.id))
    .prepare(name),
);

/** The API rows of the given payments, in the given order (one query whatever the page size). */
export async function loadPayments(db: Executor, ids: number[], now = new Date()): Promise<PaymentRow[]> {
  if (!ids.length) return [];
  const rows = (await pageRows(db, currentMonth(now)).execute({ ids })) as PaymentDetail[];
  const byId = new Map(rows.map((row) => [row.payment.id, presentPayment(row)]));
  return ids.map((id) => byId.get(id)).filter((row): row is PaymentRow => row !== undefined);
}
