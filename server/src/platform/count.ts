import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { executeSql } from './render';

/** Exact totals up to this many rows; beyond it the counter shows the planner's estimate. */
export const COUNT_CAP = 10_000;
/**
 * A search's total is exact up to this many rows (issue 46): counting what a common surname
 * matches (8 613 of 200 000 clients) through three trigram indexes cost 15–20 ms of every request
 * while its page took 1 ms; past it the counter shows the planner's estimate (7 893 for it).
 */
export const SEARCH_COUNT_CAP = 2_000;

/** The planner's row estimate for a query (nothing is read). */
export async function plannedRows(db: Executor, query: SQL): Promise<number> {
  const rows = await executeSql<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const cell = Object.values(rows[0] ?? {})[0];
  const plans = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(plans?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * The "a-b de n" total of a large list (DESIGN §8: counting a whole table of a few hundred
 * thousand rows reads all of it): exact up to COUNT_CAP rows, the planner's estimate beyond.
 * `where` may only name columns of `from`: a table, or a table with its joins as SQL.
 */
export async function listTotal(db: Executor, table: PgTable | SQL, where: SQL | undefined, cap = COUNT_CAP): Promise<number> {
  const expected = await plannedRows(db, sql`select 1 from ${table} ${where ? sql`where ${where}` : sql``}`);
  if (expected > cap) return expected;
  const [row] = await executeSql<{ total: number }>(db, sql`select count(*)::int as total from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${cap + 1}) as capped`);
  const counted = Number(row?.total ?? 0);
  return counted <= cap ? counted : Math.max(cap + 1, expected);
}
