import Decimal from 'decimal.js';
import { and, ilike, or, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { plannedRows } from '../../platform/count';
import { clients } from '../clients/tables';
import { EFFECTIVE_FEE, FEE_SOURCE_JOINS } from './ledger-sql';
import { addressesPayments } from './tables';

/**
 * The addresses list's contains-search on the address, the client's name and "V-12345678" (which
 * holds every substring of the bare number too), each answered by its pg_trgm index (migration
 * 0005). The matching addresses and clients are resolved first, up to BROAD_MATCHES of each:
 * with their ids written out, the planner combines the primary-key and client indexes instead of
 * testing the pattern on every address. The same two reads also total what the search matches, by
 * address type: the clients' from their address counters (migration 0023), the addresses' from the
 * rows themselves. Past BROAD_MATCHES on either side the search is broad (below).
 */

/** Past this many matching addresses or clients (0.8 % of the scale set's addresses), a search is broad. */
export const BROAD_MATCHES = 2_000;

export interface TypeTotal {
  addresses: number;
  /** Sum of the monthly fees in $. */
  fees: Decimal;
}

/** Indexed by address type: 0 residential, 1 commercial. */
export type TypeTotals = [TypeTotal, TypeTotal];

export interface SearchMatches {
  /** The search as a condition on `addresses_payments` for a page: ids written out, so the planner knows how many match. */
  condition: SQL;
  /**
   * The same matches for reading every one of them (a count and fee total under other filters):
   * the ids through `array(select unnest(…))`, which the planner takes for a handful, so it probes
   * the primary-key and client indexes. With the ids written out it priced probing thousands of
   * clients above a scan of every address: "Quintero" with No Solventes, 38 ms by the scan, 20 ms
   * by the indexes. Null for a broad search.
   */
  named: SQL | null;
  /**
   * Count and fee total of every address the search matches, read when asked for (one small query
   * when both clients and addresses were found); null for a broad search.
   */
  totals: (() => Promise<TypeTotals>) | null;
  /** More than BROAD_MATCHES addresses or clients match: the page walks the list's order, the totals are estimated. */
  broad: boolean;
}

/** Ids as PostgreSQL writes an int array's elements ("4,8,15"): passed back into SQL, never parsed. */
interface Matched {
  ids: string;
  matched: number;
  residential_addresses: number;
  residential_fees: string;
  commercial_addresses: number;
  commercial_fees: string;
}

const typeTotals = (row: Matched): TypeTotals => [
  { addresses: Number(row.residential_addresses), fees: new Decimal(row.residential_fees) },
  { addresses: Number(row.commercial_addresses), fees: new Decimal(row.commercial_fees) },
];

/** a + sign × b, type by type. */
const add = (a: TypeTotals, b: TypeTotals, sign: 1 | -1 = 1): TypeTotals =>
  [0, 1].map((type) => ({ addresses: a[type]!.addresses + sign * b[type]!.addresses, fees: a[type]!.fees.plus(b[type]!.fees.times(sign)) })) as TypeTotals;

const IDS = sql`coalesce(array_to_string(array_agg(m.id), ','), '') as ids, count(*)::int as matched`;

/** The ids and totals of the first BROAD_MATCHES + 1 rows of `matches` (columns id, type and fee). */
async function collect(db: Executor, matches: SQL): Promise<Matched> {
  const result = (await db.execute(sql`select ${IDS},
      (count(*) filter (where m.type = 0))::int as residential_addresses, coalesce(sum(m.fee) filter (where m.type = 0), 0)::text as residential_fees,
      (count(*) filter (where m.type = 1))::int as commercial_addresses, coalesce(sum(m.fee) filter (where m.type = 1), 0)::text as commercial_fees
    from (${matches} limit ${BROAD_MATCHES + 1}) as m`)) as unknown as { rows: Matched[] };
  return result.rows[0]!;
}

/** The addresses whose own rows are selected by `where`, with their type and fee. */
const addressRows = (where: SQL) =>
  sql`select ${addressesPayments.id} as id, ${addressesPayments.clientId} as client_id, ${addressesPayments.type} as type, ${EFFECTIVE_FEE} as fee
    from ${addressesPayments}
    ${FEE_SOURCE_JOINS}
    where ${where}`;

export const clientSearch = (pattern: string) => or(ilike(clients.name, pattern), ilike(sql`(${clients.identificationType} || '-' || ${clients.identification})`, pattern));

/** The clients the search names (the first BROAD_MATCHES + 1) and the sum of their address counters. */
async function clientMatches(db: Executor, pattern: string): Promise<Matched & { totals: TypeTotals }> {
  const result = (await db.execute(sql`select ${IDS},
      coalesce(sum(m.residential_addresses), 0)::int as residential_addresses, coalesce(sum(m.residential_fees), 0)::text as residential_fees,
      coalesce(sum(m.commercial_addresses), 0)::int as commercial_addresses, coalesce(sum(m.commercial_fees), 0)::text as commercial_fees
    from (select ${clients.id} as id, ${clients.residentialAddresses} as residential_addresses, ${clients.residentialFees} as residential_fees,
        ${clients.commercialAddresses} as commercial_addresses, ${clients.commercialFees} as commercial_fees
      from ${clients} where ${clientSearch(pattern)} limit ${BROAD_MATCHES + 1}) as m`)) as unknown as { rows: Matched[] };
  const row = result.rows[0]!;
  return { ...row, totals: typeTotals(row) };
}

/** `column = any('{…}')` for written-out ids (nothing for none); `probed` hides their number from the planner. */
const matching = (column: PgColumn, ids: string, probed = false) => {
  if (!ids) return undefined;
  const list = sql`${`{${ids}}`}::int[]`;
  return probed ? sql`${column} = any(array(select unnest(${list})))` : sql`${column} = any(${list})`;
};

/**
 * A broad search (a word like "calle", "casa" or "a", a common surname): more than BROAD_MATCHES
 * addresses or clients match, by the planner's estimate (pg_trgm's statistics: "calle" 101 106
 * estimated for 100 273, "Quintero" 7 893 for 8 613 clients) or by the bounded read. Walking the
 * list's order and testing each address (its text, then its client by primary key: a scalar
 * subquery, which the planner cannot turn into a hashed read of every matching client) finds a
 * page after a few hundred rows at most, where gathering every match first read most of the
 * table. Its count and fee total are estimated (totals.ts).
 */
const broadCondition = (pattern: string) =>
  sql`(${ilike(addressesPayments.address, pattern)} or coalesce((select ${clientSearch(pattern)} from ${clients} where ${clients.id} = ${addressesPayments.clientId}), false))`;

const broad = (pattern: string): SearchMatches => ({ condition: broadCondition(pattern), named: null, totals: null, broad: true });

const clientsMatching = (pattern: string) => sql`select 1 from ${clients} where ${clientSearch(pattern)}`;
const addressesMatching = (pattern: string) => sql`select 1 from ${addressesPayments} where ${ilike(addressesPayments.address, pattern)}`;

/** The planner's word on a search, kept a minute: planning the two reads costs about a millisecond. */
const expectedBroad = new LRUCache<string, boolean>({ max: 1_000, ttl: 60_000 });

async function expectsBroad(db: Executor, pattern: string): Promise<boolean> {
  const kept = expectedBroad.get(pattern);
  if (kept !== undefined) return kept;
  const expected = await Promise.all([plannedRows(db, clientsMatching(pattern)), plannedRows(db, addressesMatching(pattern))]);
  const answer = expected.some((rows) => rows > BROAD_MATCHES);
  expectedBroad.set(pattern, answer);
  return answer;
}

export async function searchMatches(db: Executor, pattern: string): Promise<SearchMatches> {
  if (await expectsBroad(db, pattern)) return broad(pattern);
  const [byClient, byAddress] = await Promise.all([clientMatches(db, pattern), collect(db, addressRows(ilike(addressesPayments.address, pattern)))]);
  if (byClient.matched > BROAD_MATCHES || byAddress.matched > BROAD_MATCHES) return broad(pattern);
  const condition = or(matching(addressesPayments.id, byAddress.ids), matching(addressesPayments.clientId, byClient.ids)) ?? sql`false`;
  const named = or(matching(addressesPayments.id, byAddress.ids, true), matching(addressesPayments.clientId, byClient.ids, true)) ?? sql`false`;
  const found = add(byClient.totals, typeTotals(byAddress));
  const totals = async () => {
    if (!byAddress.ids || !byClient.ids) return found;
    // An address found by its text whose client the search also names is in that client's counters already.
    const twice = await collect(db, addressRows(and(matching(addressesPayments.id, byAddress.ids), matching(addressesPayments.clientId, byClient.ids))!));
    return add(found, typeTotals(twice), -1);
  };
  return { condition, named, totals, broad: false };
}
