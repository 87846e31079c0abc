import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { addressMessages, type AddressListQuery, type AddressRow } from '@recaudo/domain/addresses';
import type { AddressExportRow } from './presenter';
import { currentMonth, type Month } from '@recaudo/domain/months';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { inKeyOrder, selectIds, type RowSource } from '../../platform/export';
import { idList, isChecked, likePattern, sortOrder, textList, wholeList } from '../../platform/paging';
import { inIdsPlaceholder, preparedStatement } from '../../platform/prepared';
import { assertOwnClient, clientIdOf, clientScope } from '../../platform/scope';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { addressHasPayments } from '../payments/counts';
import { ticketsFromJson, TICKETS_JSON } from '../tickets-payments/delivered';
import { EFFECTIVE_FEE, FEE_SOURCE_JOINS, monthsToPayBetween, monthsToPayIn, monthsToPayPage, monthsToPaySql, notSolventSql, solventSql } from './ledger-sql';
import { searchMatches, type SearchMatches } from './search';
import { addressTotals, addressType, type AddressTotals } from './totals';
import { holdsFromJson, HOLDS_JSON, type HoldsJson } from '../payment-agreements/holds';
import { feeChangesFromJson, TARIFFS_JSON, type TariffsJson } from '../fees/service';
import { coverageFromJson, MONTHS_JSON, type MonthsJson } from './coverage';
import { feeCondition } from './fee-filter';
import { addressesPayments } from './tables';
import { MAX_PAGE_SIZE } from '@recaudo/domain/paging';
import { AGING_RANGES, isAgingBucket } from '@recaudo/domain/statement';
import { parseFeeFilter } from '@recaudo/domain/fee-filter';

import { COMPLETE, INCOMPLETE, present, presentListed, rowColumns, type Joined } from './address-rows';

interface LoadOptions {
  where?: SQL;
  order?: (SQL | PgColumn)[];
  /** Tables the order reads besides `addresses_payments`. */
  orderJoins?: { client?: boolean; fees?: boolean };
  /** Ordered by months_to_pay (then id): paged without computing it for every row. */
  byMonthsToPay?: 'asc' | 'desc';
  limit?: number | null;
  offset?: number;
  now?: Date;
}

const DEFAULT_ORDER = [desc(addressesPayments.createdAt), asc(addressesPayments.id)];

/**
 * The ids of one page, reading only `addresses_payments` (and what the order needs): filters,
 * order and offset run on the narrow table, and the joins for display run on the page alone.
 */
async function pageIds(db: Executor, options: LoadOptions & { limit: number | null }): Promise<number[]> {
  let order = options.order ?? DEFAULT_ORDER;
  const { byMonthsToPay, limit } = options;
  if (byMonthsToPay && limit === null) {
    // Every row (an export): one pass that computes months_to_pay for each and sorts once.
    const owed = monthsToPaySql(currentMonth(options.now ?? new Date()));
    order = [byMonthsToPay === 'desc' ? desc(owed) : asc(owed), asc(addressesPayments.id)];
  } else if (byMonthsToPay && limit !== null) {
    const current = currentMonth(options.now ?? new Date());
    const page = monthsToPayPage(current, options.where, byMonthsToPay === 'desc', limit, options.offset ?? 0);
    const result = (await db.execute(page)) as unknown as { rows: { id: number }[] };
    return result.rows.map((row) => Number(row.id));
  }
  const joins = [
    options.orderJoins?.client ? sql` inner join ${clients} on ${clients.id} = ${addressesPayments.clientId}` : undefined,
    options.orderJoins?.fees
      ? sql` ${FEE_SOURCE_JOINS}`
      : undefined,
  ];
  const from = sql`${addressesPayments}${sql.join(joins.filter((join) => join !== undefined))}`;
  return selectIds(db, { columns: sql`${addressesPayments.id} as id`, from, where: options.where, order, limit, offset: options.offset ?? 0 });
}

/** The addresses joined to everything a row shows (`columns`: the row's own, or with its ledger). */
const joinedRows = (db: Executor, columns: ReturnType<typeof rowColumns>) =>
  db
    .select(columns)
    .from(addressesPayments)
    .innerJoin(clients, eq(clients.id, addressesPayments.clientId))
    .leftJoin(states, eq(states.id, addressesPayments.stateId))
    .leftJoin(municipalities, eq(municipalities.id, addressesPayments.municipalityId))
    .leftJoin(parishes, eq(parishes.id, addressesPayments.parishId))
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(economicActivities, eq(economicActivities.id, addressesPayments.economicActivityId))
    .leftJoin(activityGroups, eq(activityGroups.id, economicActivities.activityGroupId));

/**
 * A list row's ledger, each part a JSON column of the row: its months, delivered tickets, fee
 * history and agreement holds. Read by four queries of their own beside the rows, they were four
 * more round trips a page (a quarter of the server's time under load went to sending queries).
 */
const ledgerColumns = (current: Month) => ({ ...rowColumns(current), months_json: MONTHS_JSON, tickets_json: TICKETS_JSON, tariffs_json: TARIFFS_JSON, holds_json: HOLDS_JSON });

type LedgerJoined = Joined & { months_json: MonthsJson; tickets_json: Parameters<typeof ticketsFromJson>[0]; tariffs_json: TariffsJson; holds_json: HoldsJson };

const withLedger = (row: LedgerJoined, now: Date): AddressRow =>
  present(row, coverageFromJson(row.months_json), now, ticketsFromJson(row.tickets_json), feeChangesFromJson(row.tariffs_json), holdsFromJson(row.holds_json));

/** An export batch's rows by id: planned once per connection, where planning the nine joins took ~3 ms a request. */
const rowsById = preparedStatement('addresses_page_rows', (db, name, month) =>
  joinedRows(db, rowColumns(month as Month))
    .where(inIdsPlaceholder(addressesPayments.id))
    .prepare(name),
);

/** A page's rows by id with their ledger, prepared as `rowsById` is. */
const ledgerRowsById = preparedStatement('addresses_page_ledger_rows', (db, name, month) =>
  joinedRows(db, ledgerColumns(month as Month))
    .where(inIdsPlaceholder(addressesPayments.id))
    .prepare(name),
);

async function loadAddresses(db: Executor, options: LoadOptions): Promise<AddressRow[]> {
  const now = options.now ?? new Date();
  const current = currentMonth(now);
  const limit = options.limit;
  if (limit == null) {
    const rows = (await joinedRows(db, ledgerColumns(current))
      .where(options.where)
      .orderBy(...(options.order ?? DEFAULT_ORDER))) as LedgerJoined[];
    return rows.map((row) => withLedger(row, now));
  }
  const ids = await pageIds(db, { ...options, limit });
  if (!ids.length) return [];
  const rows = inKeyOrder(ids, (await ledgerRowsById(db, current).execute({ ids })) as LedgerJoined[], (row) => row.id);
  return rows.map((row) => withLedger(row, now));
}

/**
 * An export batch's rows by id, without the ledger's months and the delivered tickets, which no
 * export column shows: reading the months of a thousand addresses (about 20 000 ledger rows) took
 * 200 ms a batch, and all 250 036 addresses as CSV 23.5 s.
 */
async function loadExportRows(db: Executor, ids: number[], now: Date): Promise<AddressExportRow[]> {
  if (!ids.length) return [];
  return inKeyOrder(ids, (await rowsById(db, currentMonth(now)).execute({ ids })) as Joined[], (row) => row.id).map((row) => presentListed(row));
}

/* ---------------- Lists ---------------- */

/** The search's matches, or undefined without a search. */
const searchOf = (db: Executor, query: AddressListQuery): Promise<SearchMatches> | undefined =>
  query.search ? searchMatches(db, likePattern(query.search)) : undefined;

/**
 * `GET addresses-payment`. Search: address, client name, identification ("V-123" too).
 * Filters: type, client, identification_type, state, municipality, parish, community,
 * economic_activity, user (creator), verify (incomplete), client_solvent / client_not_solvent,
 * is_custom_fee, months_to_pay (exact counts), with_payments / without_payments (Con pagos / Sin
 * pagos: any payment registered, from payments/counts.ts; both checked filter nothing), aging
 * (the months to pay of one AGING_RANGES bucket; the query schema refuses any other value), fee
 * (the effective fee, exact or a range: fee-filter.ts).
 */
export async function addressWhere(
  db: Executor,
  query: AddressListQuery,
  auth?: AuthContext,
  now = new Date(),
  search = searchOf(db, query)?.then((matches) => matches.condition),
): Promise<SQL | undefined> {
  const { filters } = query;
  const current = currentMonth(now);
  const type = addressType(query);
  const ids = (name: string) => idList(filters[name]);
  const identificationTypes = textList(filters.identification_type);
  const monthsToPay = wholeList(filters.months_to_pay);
  const solvent = isChecked(filters.client_solvent);
  const notSolvent = isChecked(filters.client_not_solvent);
  const withPayments = isChecked(filters.with_payments);
  const withoutPayments = isChecked(filters.without_payments);
  const aging = isAgingBucket(filters.aging) ? AGING_RANGES[filters.aging] : null;
  const inIds = (column: Parameters<typeof inArray>[0], list: number[]) => (list.length ? inArray(column, list) : undefined);
  const feeRange = parseFeeFilter(filters.fee).range;
  const fee = feeRange ? feeCondition(db, feeRange) : undefined;
  return and(
    auth ? clientScope(addressesPayments.clientId, auth) : undefined,
    type !== undefined ? eq(addressesPayments.type, type) : undefined,
    await search,
    inIds(addressesPayments.clientId, ids('client')),
    identificationTypes.length
      ? inArray(addressesPayments.clientId, db.select({ id: clients.id }).from(clients).where(inArray(clients.identificationType, identificationTypes)))
      : undefined,
    inIds(addressesPayments.stateId, ids('state')),
    inIds(addressesPayments.municipalityId, ids('municipality')),
    inIds(addressesPayments.parishId, ids('parish')),
    inIds(addressesPayments.communityId, ids('community')),
    inIds(addressesPayments.economicActivityId, ids('economic_activity')),
    inIds(addressesPayments.createdBy, ids('user')),
    isChecked(filters.verify) ? INCOMPLETE : undefined,
    isChecked(filters.is_custom_fee) ? eq(addressesPayments.isCustomFee, true) : undefined,
    // Solventes and No Solventes are exclusive; both checked filter nothing.
    solvent && !notSolvent ? solventSql(current) : undefined,
    notSolvent && !solvent ? notSolventSql(current) : undefined,
    monthsToPay.length ? monthsToPayIn(current, monthsToPay) : undefined,
    aging ? monthsToPayBetween(current, aging.from, aging.to) : undefined,
    withPayments !== withoutPayments ? addressHasPayments(withPayments) : undefined,
    await fee,
  );
}

export interface AddressSource extends RowSource<AddressRow, AddressExportRow> {
  totals(): Promise<{ total_fees: string; total_addresses: number; estimated?: true }>;
}

export function addressSource(db: Executor, query: AddressListQuery, auth?: AuthContext): AddressSource {
  const now = new Date();
  // The search is resolved once: the page's conditions and the totals both read it.
  let search: Promise<SearchMatches> | undefined;
  const searched = () => (search ??= searchOf(db, query));
  let conditions: Promise<SQL | undefined> | undefined;
  const where = () => (conditions ??= addressWhere(db, query, auth, now, searched()?.then((matches) => matches.condition)));
  const everyMatch = () => addressWhere(db, query, auth, now, searched()?.then((matches) => matches.named ?? matches.condition));
  const order = sortOrder(
    query.sorter,
    {
      id: addressesPayments.id,
      address: addressesPayments.address,
      type: addressesPayments.type,
      created_at: addressesPayments.createdAt,
      client: clients.name,
      fee: EFFECTIVE_FEE,
      months_to_pay: () => monthsToPaySql(currentMonth(now)),
    },
    desc(addressesPayments.createdAt),
    addressesPayments.id,
  );
  const orderJoins = { client: query.sorter?.field === 'client', fees: query.sorter?.field === 'fee' };
  const byMonthsToPay = query.sorter?.field === 'months_to_pay' && query.sorter.order ? (query.sorter.order.toLowerCase().startsWith('desc') ? 'desc' : 'asc') : undefined;
  // The page's "a-b de n" and `aditional` come from the same query, run once per request.
  let summary: Promise<AddressTotals> | undefined;
  const summarize = () => (summary ??= addressTotals(db, query, auth, now, everyMatch, searched));
  return {
    rows: async (limit, offset) => loadAddresses(db, { where: await where(), order, orderJoins, byMonthsToPay, limit, offset, now }),
    walk: {
      keys: async () => pageIds(db, { where: await where(), order, orderJoins, byMonthsToPay, limit: null, now }),
      load: (ids) => loadExportRows(db, ids, now),
    },
    async count() {
      return (await summarize()).total;
    },
    async totals() {
      const { total, fees, estimated } = await summarize();
      return { total_fees: fees, total_addresses: total, ...(estimated ? { estimated: true } : {}) };
    },
  };
}

/** A client's addresses (detail tab, client portal); `completeOnly` for the pickers elsewhere. */
export async function clientAddresses(db: Executor, auth: AuthContext, clientId: number | null, options: { completeOnly?: boolean } = {}): Promise<AddressRow[]> {
  const id = clientId ?? clientIdOf(auth);
  if (id === null) throw notFound(addressMessages.clientNotFound);
  assertOwnClient(auth, id, addressMessages.clientNotFound);
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id));
  if (!client) throw notFound(addressMessages.clientNotFound);
  return loadAddresses(db, {
    where: and(eq(addressesPayments.clientId, id), options.completeOnly ? COMPLETE : undefined),
    order: [asc(addressesPayments.id)],
    limit: MAX_PAGE_SIZE,
  });
}

export async function addressRow(db: Executor, id: number): Promise<AddressRow> {
  const [row] = await loadAddresses(db, { where: eq(addressesPayments.id, id) });
  if (!row) throw notFound(addressMessages.notFound);
  return row;
}

/* ---------------- Writes ---------------- */
