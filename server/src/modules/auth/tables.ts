import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * An access token is a login session: only the SHA-256 of the secret is kept. The token
 * ends on logout, when closed by staff, or after the role's minutes without use.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('access_tokens_user_idx').on(table.userId, table.createdAt),
    index('access_tokens_created_idx').on(table.createdAt),
    // The sessions list searches addresses by prefix.
    index('access_tokens_ip_prefix_idx').on(table.ip.op('text_pattern_ops')),
  ],
);

/** Failed logins, counted per account and per IP inside a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_email_idx').on(table.email, table.createdAt),
    index('login_failures_ip_idx').on(table.ip, table.createdAt),
  ],
);
