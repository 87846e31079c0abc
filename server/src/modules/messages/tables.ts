import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Outgoing messages (DESIGN §5): every e-mail and SMS is written here in the transaction of
 * the change that causes it, and the dispatcher delivers it with retries and backoff.
 * status: pending → sent, or failed after the last attempt.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 10 }).$type<'email' | 'sms'>().notNull(),
    to: varchar('to', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: varchar('status', { length: 10 }).$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The earliest time of the next attempt (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a dispatcher holds the message; another process skips it until then. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_pending_idx').on(table.status, table.nextAttemptAt),
    index('outbox_created_idx').on(table.createdAt),
  ],
);
