import { index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';
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
    // The logins list's default order (newest first, then id ascending).
    index('access_tokens_order_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    // The sessions list searches addresses by prefix.
    index('access_tokens_ip_prefix_idx').on(table.ip.op('text_pattern_ops')),
  ],
);

/**
 * Login attempts counted inside a fixed window that starts with the first one: per account and
 * address (`account_ip`, the lock), per address (`ip`, the lock of a sprayer) and per account
 * across addresses (`account`, which only slows answers down, so nobody who knows an e-mail can
 * keep its owner out). One row per counter, bumped by an upsert: concurrent attempts all count.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    scope: varchar('scope', { length: 12 }).$type<'account_ip' | 'ip' | 'account'>().notNull(),
    key: varchar('key', { length: 330 }).notNull(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

/**
 * Registration codes (DESIGN §4): 6 digits kept only as a hash bound to the request token
 * (so a stolen table can't be brute-forced offline), 5 minutes of life, at most 5 wrong tries.
 * `email` and `phone` are what the person typed (the new user's); `destination` is where the
 * code went: the typed e-mail, or for an existing client (`client_id`) a contact on file.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    identificationType: varchar('identification_type', { length: 4 }).notNull(),
    identification: varchar('identification', { length: 20 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    destination: varchar('destination', { length: 255 }).notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verification_codes_identification_idx').on(table.identificationType, table.identification, table.createdAt),
    // The resend wait looks up the requester's live codes.
    index('verification_codes_ip_idx').on(table.ip, table.expiresAt),
  ],
);

/** Password reset links: single use, expiring, only the SHA-256 of the token kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/** Calls to the public registration and reset endpoints, counted per IP inside a window. */
export const publicRequestHits = pgTable(
  'public_request_hits',
  {
    id: serial('id').primaryKey(),
    action: varchar('action', { length: 40 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('public_request_hits_idx').on(table.action, table.ip, table.createdAt)],
);

/**
 * Ten one-time recovery codes per enrolment, kept only as SHA-256 (salted with the user's id);
 * `used_at` is set by the one statement that accepts a code, so a code works once.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('two_factor_recovery_codes_user_idx').on(table.userId, table.codeHash)],
);

/**
 * The second step of a login whose password was right: a random challenge (only its SHA-256
 * kept) bound to the user, alive five minutes by the database's clock, a few tries, used once.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeHash: varchar('challenge_hash', { length: 64 }).notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('two_factor_challenges_user_idx').on(table.userId)],
);
