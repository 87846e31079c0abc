import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

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
    /**
     * The body carries a one-use secret (a registration code, a reset link, an initial password):
     * it is redacted once sent, failed, or past `secret_expires_at` while still waiting.
     */
    holdsSecret: boolean('holds_secret').notNull().default(false),
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true }),
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_pending_idx').on(table.status, table.nextAttemptAt),
    index('outbox_created_idx').on(table.createdAt),
    // The redaction sweep visits only the secrets still in clear text.
    index('outbox_unredacted_secret_idx').on(table.id).where(sql`${table.holdsSecret} and ${table.redactedAt} is null`),
  ],
);

/** `bytea` as a Buffer on both drivers (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Files an e-mail of the outbox carries (a payment receipt's PDF), stored with the message in the
 * transaction that queues it, so a restart or a retry sends the same bytes. Raw `bytea`: a third
 * smaller than base64 text and never decoded in SQL; the dispatcher reads it for the claimed
 * messages only, and the outbox list never loads it.
 */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: serial('id').primaryKey(),
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_attachments_outbox_idx').on(table.outboxId)],
);

/**
 * The recipients each user sent messages to in the last hour, one row per call, for the hourly
 * limit (MESSAGES_MAX_PER_HOUR, issue 31). Kept in the database so every server process shares
 * the count; rows older than the window are deleted as the user sends again.
 */
export const messageSends = pgTable(
  'message_sends',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipients: integer('recipients').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('message_sends_user_idx').on(table.userId, table.createdAt)],
);
