import Decimal from 'decimal.js';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AddressListQuery } from '@recaudo/domain/addresses';
import { currentMonth } from '@recaudo/domain/months';
import type { Executor } from '../../db/client';
import { money } from '../../platform/envelope';
import { idList, isChecked, likePattern, wholeList } from '../../platform/paging';
import { AGING_RANGES, isAgingBucket } from '@recaudo/domain/statement';
import { preparedStatement } from '../../platform/prepared';
import { clientIdOf } from '../../platform/scope';
import type { AuthContext } from '../auth/service';
import { communities } from '../regional/tables';
import { economicActivities } from '../economic-activities/tables';
import { addressHasPayments } from '../payments/counts';
import { EFFECTIVE_FEE, FEE_SOURCE_JOINS, monthNumber, monthsToPaySql, solvencyRule } from './ledger-sql';
import { estimatedSearchTotals } from './broad-totals';
import type { SearchMatches } from './search';
import { addressesPayments } from './tables';

/**
 * The count and fee total of a filtered address list (the "a-b de n" and `aditional`), in one
 * query per request: from the groups of `address_totals` when the filters are ones they hold,
 * else from the addresses themselves.
 */

export interface AddressTotals {
  total: number;
  /** Sum of the monthly fees in $, two decimals. */
  fees: string;
  /** Estimated from a sample (a broad search), not counted. */
  estimated?: boolean;
}

/** A totals row as the list answers it (no row: nothing matched). */
const totalsOf = (row: { total: number | string; fees: string } | undefined): AddressTotals => ({
  total: Number(row?.total ?? 0),
  fees: money(row?.fees ?? '0'),
});

/** Count and fee total of the rows `where` selects. Its conditions name no `clients` column (client conditions are subqueries). */
async function fromAddresses(db: Executor, where: SQL | undefined): Promise<AddressTotals> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, fees: sql<string>`coalesce(sum(${EFFECTIVE_FEE}), 0)::numeric(18, 2)::text` })
    .from(addressesPayments)
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(economicActivities, eq(economicActivities.id, addressesPayments.economicActivityId))
    .where(where);
  return totalsOf(row);
}

/** The filters `address_totals` answers: its keys are type, state, pending, paid_through, settled_to and has_payments. */
const GROUPED_FILTERS = new Set(['type', 'state', 'client_solvent', 'client_not_solvent', 'months_to_pay', 'aging', 'with_payments', 'without_payments']);

/** Whole numbers as an SQL list of ints. */
const list = (values: number[]) => sql.join(values.map((value) => sql`${value}::int`), sql`, `);

/**
 * The months to pay a query asks for, as conditions on a settled_to (current − k for an owing
 * row with nothing covered after the current month) and on the real count: the exact counts of
 * "Meses por pagar", or an aging bucket's range. Null when it asks for none; undefined when it
 * asks for both (the addresses answer that).
 */
interface OwedSelection {
  zero: boolean;
  owing: boolean;
  settled: (settledTo: SQL) => SQL;
  owed: (owed: SQL) => SQL;
}
function owedSelection(filters: AddressListQuery['filters'], month: number): OwedSelection | null | undefined {
  const counts = wholeList(filters.months_to_pay);
  const aging = isAgingBucket(filters.aging) ? AGING_RANGES[filters.aging] : null;
  if (counts.length && aging) return undefined;
  if (aging) {
    const { from, to } = aging;
    return {
      zero: false,
      owing: true,
      settled: (settledTo) => (to === null ? sql`${settledTo} <= ${month - from}::int` : sql`${settledTo} between ${month - to}::int and ${month - from}::int`),
      owed: (owed) => (to === null ? sql`${owed} >= ${from}::int` : sql`${owed} between ${from}::int and ${to}::int`),
    };
  }
  if (!counts.length) return null;
  const owing = counts.filter((count) => count > 0);
  return {
    zero: counts.includes(0),
    owing: owing.length > 0,
    settled: (settledTo) => (owing.length ? sql`${settledTo} in (${list(owing.map((count) => month - count))})` : sql`false`),
    owed: (owed) => sql`${owed} in (${list(owing)})`,
  };
}

/** The type selector or the type filter: 0 residential, 1 commercial. */
export const addressType = ({ type, filters }: AddressListQuery): 0 | 1 | undefined =>
  type ?? (filters.type === 0 || filters.type === '0' ? 0 : filters.type === 1 || filters.type === '1' ? 1 : undefined);

const isSet = (value: unknown) => !(value === undefined || value === null || value === '' || value === false || value === 'false' || (Array.isArray(value) && !value.length));

/** Whether the query sets a filter outside `allowed` (a filter unknown here counts). */
const filtersBeyond = (query: AddressListQuery, allowed: ReadonlySet<string>) => Object.entries(query.filters).some(([name, value]) => !allowed.has(name) && isSet(value));

const TYPE_ONLY = new Set(['type']);

/** One condition written twice: on the groups' keys and on the addresses' ledger columns. */
interface Condition {
  groups: SQL;
  rows: SQL;
}
const both = (groups: SQL, rows: SQL): Condition => ({ groups, rows });
const all = (conditions: Condition[]): Condition => ({
  groups: and(...conditions.map((item) => item.groups)) ?? sql`true`,
  rows: and(...conditions.map((item) => item.rows)) ?? sql`true`,
});

/**
 * The totals of this query from `address_totals`, or null when it filters on anything else: a
 * search, a filter outside the groups (any filter key not known here counts, so a new filter
 * falls back to the addresses), or a client user's own-addresses scope.
 *
 * Months to pay: 0 is paid_through ≥ current; a positive k is settled_to = current − k, which
 * holds for every row with nothing covered after `current`. The few owing rows covered past it
 * are read from the addresses (the last index): taken out where their settled_to matched, and
 * counted where their real months to pay match. An aging bucket is a range of the same (its
 * count over the whole scale set cost 52 ms of every request of the "1-3" filter).
 */
function groupedTotals(db: Executor, query: AddressListQuery, auth: AuthContext | undefined, now: Date): Promise<AddressTotals> | null {
  if (query.search) return null;
  if (auth && clientIdOf(auth) !== null) return null;
  if (filtersBeyond(query, GROUPED_FILTERS)) return null;
  if (!filtersBeyond(query, TYPE_ONLY)) return typeTotals(db, addressType(query));
  const { filters } = query;
  const current = currentMonth(now);
  const month = monthNumber(current);
  const type = addressType(query);
  const states = idList(filters.state);
  const solvent = isChecked(filters.client_solvent);
  const notSolvent = isChecked(filters.client_not_solvent);
  const withPayments = isChecked(filters.with_payments);
  const withoutPayments = isChecked(filters.without_payments);
  const selected = owedSelection(filters, month);
  if (selected === undefined) return null;
  const groupRule = solvencyRule(sql`paid_through`, sql`pending`, current);
  const rowRule = solvencyRule(sql`${addressesPayments.ledgerPaidThrough}`, sql`${addressesPayments.ledgerPending}`, current);

  const filtered = all(
    [
      type !== undefined ? both(sql`type = ${type}`, sql`${addressesPayments.type} = ${type}`) : null,
      states.length ? both(sql`state_id in (${list(states)})`, sql`${addressesPayments.stateId} in (${list(states)})`) : null,
      solvent && !notSolvent ? both(groupRule.solvent, rowRule.solvent) : null,
      notSolvent && !solvent ? both(groupRule.notSolvent, rowRule.notSolvent) : null,
      withPayments !== withoutPayments ? both(sql`has_payments = ${withPayments}`, addressHasPayments(withPayments)) : null,
    ].filter((item): item is Condition => item !== null),
  );
  const groups = selected
    ? sql`(${selected.zero ? sql`paid_through >= ${month}::int` : sql`false`} or (paid_through < ${month}::int and ${selected.settled(sql`settled_to`)}))`
    : sql`true`;
  const parts = [sql`select addresses as n, fees as f from address_totals where ${filtered.groups} and ${groups}`];
  if (selected?.owing) {
    // Owing and covered past the current month: ledger_last and ledger_paid_through lead the last index.
    const ahead = sql`${addressesPayments.ledgerLast} > ${month}::int and ${addressesPayments.ledgerPaidThrough} < ${month}::int and ${filtered.rows}`;
    const fee = sql`coalesce(${EFFECTIVE_FEE}, 0)`;
    const from = sql`from ${addressesPayments} ${FEE_SOURCE_JOINS}`;
    parts.push(
      sql`select -1, -${fee} ${from} where ${ahead} and ${selected.settled(sql`${addressesPayments.ledgerSettledTo}`)}`,
      sql`select 1, ${fee} ${from} where ${ahead} and ${selected.owed(monthsToPaySql(current))}`,
    );
  }
  return fromGroups(db, sql.join(parts, sql` union all `));
}

/** The list's opening page (no filter, or the type alone) asks this on every visit: planned once per connection. */
const totalsOfType = preparedStatement('address_totals_of_type', (db, name, variant) =>
  db
    .select({ total: sql<number>`coalesce(sum(addresses), 0)::int`, fees: sql<string>`coalesce(sum(fees), 0)::numeric(18, 2)::text` })
    .from(sql`address_totals`)
    .where(variant === 'typed' ? sql`type = ${sql.placeholder('type')}` : undefined)
    .prepare(name),
);

async function typeTotals(db: Executor, type: 0 | 1 | undefined): Promise<AddressTotals> {
  const [row] = await totalsOfType(db, type === undefined ? '' : 'typed').execute({ type });
  return totalsOf(row);
}

async function fromGroups(db: Executor, parts: SQL): Promise<AddressTotals> {
  const result = (await db.execute(
    sql`select coalesce(sum(n), 0)::int as total, coalesce(sum(f), 0)::numeric(18, 2)::text as fees from (${parts}) as totals`,
  )) as unknown as { rows: { total: number | string; fees: string }[] };
  const row = result.rows[0];
  return totalsOf(row);
}

/**
 * The totals of a search filtered by nothing else than the address type, from what the search
 * read (search.ts); null when it named too many matches, or for a client user's own addresses.
 */
async function searchedTotals(query: AddressListQuery, auth: AuthContext | undefined, search: Promise<SearchMatches>): Promise<AddressTotals | null> {
  if (auth && clientIdOf(auth) !== null) return null;
  if (filtersBeyond(query, TYPE_ONLY)) return null;
  const { totals } = await search;
  if (!totals) return null;
  const byType = await totals();
  const type = addressType(query);
  const chosen = type === undefined ? byType : [byType[type]];
  return {
    total: chosen.reduce((sum, item) => sum + item.addresses, 0),
    fees: chosen.reduce((sum, item) => sum.plus(item.fees), new Decimal(0)).toFixed(2),
  };
}

/**
 * The totals of a list query, from the first that answers: the search's own reads, the groups of
 * `address_totals`, or `where` (the list's conditions, a search's as `named`) on the addresses.
 */
export async function addressTotals(
  db: Executor,
  query: AddressListQuery,
  auth: AuthContext | undefined,
  now: Date,
  where: () => Promise<SQL | undefined>,
  searched: () => Promise<SearchMatches> | undefined,
): Promise<AddressTotals> {
  const search = searched();
  if (search && (await search).broad) return broadTotals(db, query, auth, await where());
  const fromSearch = search ? await searchedTotals(query, auth, search) : null;
  return fromSearch ?? groupedTotals(db, query, auth, now) ?? fromAddresses(db, await where());
}

/**
 * The totals of a broad search (search.ts): searched alone (or by type), estimated from samples
 * (broad-totals.ts); with other filters or a client's own scope, whose indexes narrow the rows, or
 * while the addresses are few, counted.
 */
async function broadTotals(db: Executor, query: AddressListQuery, auth: AuthContext | undefined, where: SQL | undefined): Promise<AddressTotals> {
  if (filtersBeyond(query, TYPE_ONLY) || (auth && clientIdOf(auth) !== null)) return fromAddresses(db, where);
  const type = addressType(query);
  const estimate = await estimatedSearchTotals(db, likePattern(query.search), type === undefined ? [0, 1] : [type], async (of) => (await typeTotals(db, of)).total);
  return estimate ? { total: estimate.total, fees: money(estimate.fees), estimated: true } : fromAddresses(db, where);
}
