import { bigint, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per tick of BACKUP_CRON: the process that inserts it (the tick is unique) makes the
 * backup, the others see the conflict and do nothing, so several processes make exactly one.
 */
export const backupRuns = pgTable('backup_runs', {
  id: serial('id').primaryKey(),
  tickAt: timestamp('tick_at', { withTimezone: true, mode: 'string' }).notNull().unique(),
  /** running, done or failed. */
  status: text('status').notNull().default('running'),
  name: text('name'),
  size: bigint('size', { mode: 'number' }),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
});
