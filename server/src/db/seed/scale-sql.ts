import { sql } from 'drizzle-orm';
import type { Month } from '@recaudo/domain/months';
import type { Executor } from '../client';
import type { ScaleOptions } from './scale';

/** The set-based SQL the scale stages are written with (scale.ts, scale-places.ts, scale-payments.ts). */

/** A text[] literal of fixed words (ours, no quotes inside). */
export const words = (list: readonly string[]) => `array[${list.map((word) => `'${word.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
/** A word of `list` picked by a number in [0, 1). */
export const pick = (list: readonly string[], unit: string) => `(${words(list)})[1 + floor((${unit}) * ${list.length})::int]`;
/**
 * Deterministic number in [0, 1) from an integer and a salt: multiply-xorshift on 32 bits,
 * twice. Written out as one expression (a SQL function with a FROM would not be inlined and
 * costs a call per row); cheap, well spread, and the same on every PostgreSQL.
 */
export function rnd(n: string, salt: number): string {
  const x = `((${n})::bigint * 2654435761 + ${salt * 2246822519 + 12345}) % 4294967296`;
  const y = `((${x}) # ((${x}) >> 16)) * 73244475 % 4294967296`;
  return `(((${y}) # ((${y}) >> 15))::double precision / 4294967296.0)`;
}
/** 'YYYY-MM' of a month index (year × 12 + month − 1). */
export const monthText = (index: string) => `(lpad(((${index}) / 12)::text, 4, '0') || '-' || lpad(((${index}) % 12 + 1)::text, 2, '0'))`;
/** First day of a month index. */
export const monthDate = (index: string, day = '1') => `make_date((${index}) / 12, (${index}) % 12 + 1, ${day})`;
export const monthIndex = (month: Month) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

export async function run(db: Executor, text: string): Promise<void> {
  const t0 = performance.now();
  await db.execute(sql.raw(text));
  if (process.env.SCALE_DEBUG) console.log(((performance.now() - t0) / 1000).toFixed(2), text.slice(0, 80).replace(/\s+/g, ' '));
}

/** A temporary table of a stage, with its key and statistics so the next joins plan well. */
export async function keyed(db: Executor, table: string, key: string): Promise<void> {
  await run(db, `alter table ${table} add primary key (${key})`);
  await run(db, `analyze ${table}`);
}

export async function scalar(db: Executor, text: string): Promise<number> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

/** Ids continue after the rows already there (base and demo seeds), then the sequence follows. */
export const nextIdBase = (db: Executor, table: string) => scalar(db, `select coalesce(max(id), 0) from ${table}`);
export const syncSequence = (db: Executor, table: string) =>
  run(db, `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`);

export interface StageContext {
  db: Executor;
  options: ScaleOptions;
  /** Month index of `options.month`. */
  anchor: number;
}
