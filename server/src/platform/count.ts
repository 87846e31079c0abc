import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/** Exact totals up to this many rows; beyond it the counter shows the planner's estimate. */
export const COUNT_CAP = 10_000;

/** The planner's row estimate for `select 1 from table where …` (nothing is read). */
async function plannedRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const result = (await db.execute(sql`explain (format json) select 1 from ${table} ${where ? sql`where ${where}` : sql``}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plans = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(plans?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * The "a-b de n" total of a large list (DESIGN §8: counting a whole table of a few hundred
 * thousand rows reads all of it): exact up to COUNT_CAP rows, the planner's estimate beyond.
 * `where` may only name columns of `table`.
 */
export async function listTotal(db: Executor, table: PgTable, where: SQL | undefined, cap = COUNT_CAP): Promise<number> {
  const expected = await plannedRows(db, table, where);
  if (expected > cap) return expected;
  const result = (await db.execute(
    sql`select count(*)::int as total from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${cap + 1}) as capped`,
  )) as unknown as { rows: { total: number }[] };
  const counted = Number(result.rows[0]?.total ?? 0);
  return counted <= cap ? counted : Math.max(cap + 1, expected);
}
