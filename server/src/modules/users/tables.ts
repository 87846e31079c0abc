import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';
import { roles } from '../roles/tables';

/** Staff users have no client; client users are bound to one client and see only its records. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    onlyUser: boolean('only_user').notNull().default(false),
    allUsers: boolean('all_users').notNull().default(true),
    multipleUsers: integer('multiple_users').array().notNull().default(sql`'{}'::integer[]`),
    useAllSeries: boolean('use_all_series').notNull().default(true),
    correlativeId: integer('correlative_id'),
    changePassword: boolean('change_password').notNull().default(false),
    /** The TOTP secret, sealed with SECRETS_KEY (auth/totp-secret-seal.ts): set by `auth/2fa/setup`, in force once `totp_enabled_at` is set. */
    totpSecret: varchar('totp_secret', { length: 255 }),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is good once, never replayed. */
    totpLastStep: integer('totp_last_step'),
    phone: jsonb('phone').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    address: text('address'),
    photo: varchar('photo', { length: 255 }),
    theme: varchar('theme', { length: 10 }).notNull().default('light'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_role_idx').on(table.roleId),
    index('users_client_idx').on(table.clientId),
    index('users_created_idx').on(table.createdAt),
  ],
);
