import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Due times, expiries and windows by the database's clock (DESIGN: one clock): a JavaScript Date
 * against a stored timestamp compares two clocks, and milliseconds with microseconds.
 */

/** `now()` plus these seconds: an expiry to store. */
export const secondsFromNow = (seconds: number): SQL => sql`now() + make_interval(secs => ${seconds})`;

/** Seconds from now until this timestamp (negative once it has passed). */
export const secondsUntil = (at: PgColumn | SQL) => sql<number>`extract(epoch from (${at} - now()))::float8`;

/**
 * A sliding window of the last `minutes` over a timestamp column: the condition for the rows
 * inside it, and, as an aggregate over those rows, the seconds until the oldest leaves it.
 */
export function windowOf(column: PgColumn, minutes: number) {
  return {
    within: sql<boolean>`${column} > now() - make_interval(mins => ${minutes})`,
    secondsUntilOldestLeaves: sql<number | null>`extract(epoch from (min(${column}) + make_interval(mins => ${minutes}) - now()))::float8`,
  };
}
