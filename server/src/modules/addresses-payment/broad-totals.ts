import Decimal from 'decimal.js';
import { ilike, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import { executeSql } from '../../platform/render';
import { EFFECTIVE_FEE, FEE_SOURCE_JOINS } from './ledger-sql';
import { clientSearch } from './search';
import { addressesPayments } from './tables';

/**
 * The count and fee total of a broad search (search.ts) filtered by nothing but the type,
 * estimated (issue 46): counting every address a word like "calle" matches read the whole table on
 * each request (330–730 ms on the scale set). Two block samples of about SAMPLE_ROWS rows, the same
 * on every request (REPEATABLE) so the figures hold still while the data does:
 * - the clients whose name or identification match, summing their address counters (migration
 *   0023) by type: what the search finds through the client;
 * - the addresses whose text matches, with their type and fee.
 * An address found both ways is counted once by taking the two as independent: of the A addresses
 * found by their text, the share C / N is expected to belong to a named client (N the addresses of
 * the type). For the broad words that is exact in the limits: "calle" names no client (C = 0),
 * "a" names nearly every address both ways (A ≈ C ≈ N, the union N).
 * An estimate is kept a minute per search and type: the cashiers' common words, and the pages after
 * the first, are read from it (the samples cost 5–6 ms of the database a request).
 */

const SAMPLE_ROWS = 2_500;

interface Sampled {
  residential_addresses: string;
  residential_fees: string;
  commercial_addresses: string;
  commercial_fees: string;
}

interface ByType {
  addresses: Decimal;
  fees: Decimal;
}

/** The percentage of `table` (as pg_class estimates its rows) that reads about SAMPLE_ROWS; 100 for a small table. */
async function samplePercent(db: Executor, table: string): Promise<number> {
  const [row] = await executeSql<{ rows: number }>(db, sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = ${table}::regclass`);
  return Math.min(100, (SAMPLE_ROWS / Math.max(1, Number(row?.rows ?? 0))) * 100);
}

const sampleOf = (percent: number) => (percent >= 100 ? sql`` : sql`tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (46)`);

/** Each type's addresses and fees in a sample, scaled to the whole table. */
async function scaled(db: Executor, percent: number, query: SQL): Promise<[ByType, ByType]> {
  const [row] = await executeSql<Sampled>(db, query);
  const factor = new Decimal(100).dividedBy(percent.toFixed(4));
  const of = (addresses: string | undefined, fees: string | undefined) => ({
    addresses: new Decimal(addresses ?? 0).times(factor),
    fees: new Decimal(fees ?? 0).times(factor),
  });
  return [of(row?.residential_addresses, row?.residential_fees), of(row?.commercial_addresses, row?.commercial_fees)];
}

async function byClient(db: Executor, pattern: string): Promise<[ByType, ByType]> {
  const percent = await samplePercent(db, 'clients');
  return scaled(
    db,
    percent,
    sql`select coalesce(sum(residential_addresses), 0)::text as residential_addresses, coalesce(sum(residential_fees), 0)::text as residential_fees,
      coalesce(sum(commercial_addresses), 0)::text as commercial_addresses, coalesce(sum(commercial_fees), 0)::text as commercial_fees
      from clients ${sampleOf(percent)} where ${clientSearch(pattern)}`,
  );
}

async function byText(db: Executor, pattern: string, percent: number): Promise<[ByType, ByType]> {
  return scaled(
    db,
    percent,
    sql`select (count(*) filter (where m.type = 0))::text as residential_addresses, coalesce(sum(m.fee) filter (where m.type = 0), 0)::text as residential_fees,
      (count(*) filter (where m.type = 1))::text as commercial_addresses, coalesce(sum(m.fee) filter (where m.type = 1), 0)::text as commercial_fees
      from (select ${addressesPayments.type} as type, ${EFFECTIVE_FEE} as fee from ${addressesPayments} ${sampleOf(percent)} ${FEE_SOURCE_JOINS}
        where ${ilike(addressesPayments.address, pattern)}) as m`,
  );
}

/**
 * The estimate for `types` (one type, or both); null while the addresses are few enough to count
 * (a sample would be all of them). `everyAddress` answers how many addresses of a type there are
 * (address_totals).
 */
export async function estimatedSearchTotals(
  db: Executor,
  pattern: string,
  types: readonly (0 | 1)[],
  everyAddress: (type: 0 | 1) => Promise<number>,
): Promise<Estimate | null> {
  const key = `${types.join(',')}|${pattern}`;
  const kept = estimates.get(key);
  if (kept) return kept;
  const estimate = await sampledTotals(db, pattern, types, everyAddress);
  if (estimate) estimates.set(key, estimate);
  return estimate;
}

interface Estimate {
  total: number;
  fees: string;
}

const estimates = new LRUCache<string, Estimate>({ max: 1_000, ttl: 60_000 });

async function sampledTotals(db: Executor, pattern: string, types: readonly (0 | 1)[], everyAddress: (type: 0 | 1) => Promise<number>): Promise<Estimate | null> {
  const percent = await samplePercent(db, 'addresses_payments');
  if (percent >= 100) return null;
  const [clientSide, textSide, counts] = await Promise.all([byClient(db, pattern), byText(db, pattern, percent), Promise.all(types.map(everyAddress))]);
  let total = new Decimal(0);
  let fees = new Decimal(0);
  types.forEach((type, index) => {
    const named = clientSide[type];
    const found = textSide[type];
    const all = Decimal.max(1, counts[index]!);
    const share = Decimal.min(1, named.addresses.dividedBy(all));
    total = total.plus(named.addresses).plus(found.addresses.times(new Decimal(1).minus(share)));
    fees = fees.plus(named.fees).plus(found.fees.times(new Decimal(1).minus(share)));
  });
  return { total: total.round().toNumber(), fees: fees.toFixed(2) };
}
