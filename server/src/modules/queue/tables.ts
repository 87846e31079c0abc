import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Durable jobs for outside work (DESIGN §5), one row per job of a named queue, written in the
 * transaction of the change that causes it. `key` makes enqueuing idempotent within a queue.
 * status: pending → done, or failed after the last attempt. The columns the claim works on
 * (status, attempts, next_attempt_at, claimed_until, last_error, updated_at) are the outbox's.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    queue: varchar('queue', { length: 40 }).notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 10 }).$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('jobs_queue_key_unique').on(table.queue, table.key), index('jobs_pending_idx').on(table.queue, table.status, table.nextAttemptAt)],
);
