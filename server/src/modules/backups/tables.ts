import { bigint, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per backup made by the server: a tick of BACKUP_CRON (the process that inserts it — the
 * tick is unique — makes the backup, the others see the conflict and do nothing, so several
 * processes make exactly one) or a backup asked for on Respaldos (no tick). A run still `running`
 * whose process is gone is marked failed at the next start (service.ts, failInterruptedRuns).
 */
export const backupRuns = pgTable('backup_runs', {
  id: serial('id').primaryKey(),
  /** scheduled or manual. */
  kind: text('kind').$type<'scheduled' | 'manual'>().notNull().default('scheduled'),
  tickAt: timestamp('tick_at', { withTimezone: true, mode: 'string' }).unique(),
  /** running, done or failed. */
  status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
  name: text('name'),
  size: bigint('size', { mode: 'number' }),
  /** Why it failed, in Spanish (what the answer, the dashboard and Bitácoras say). */
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
});
