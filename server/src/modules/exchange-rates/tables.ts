import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * Every exchange rate Recaudo has known (issue 47): bolívares per unit with the BCV's eight
 * decimals, by value date. A BCV rate of a currency and value date is stored once, whichever
 * process reads it first (the partial unique index); manual rates carry their reason and user.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    currency: varchar('currency', { length: 3 }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    valueDate: date('value_date').notNull(),
    source: varchar('source', { length: 8 }).notNull(),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('exchange_rates_bcv_once').on(table.currency, table.valueDate).where(sql`source = 'bcv'`),
    // The rate in force: the latest value date on or before a day, the latest written first.
    index('exchange_rates_in_force').on(table.currency, table.valueDate.desc(), table.createdAt.desc(), table.id.desc()),
    index('exchange_rates_listed').on(table.valueDate.desc(), table.id.desc()),
  ],
);

/**
 * A BCV read that stored nothing because it did not look right (a changed page, a rate of zero,
 * a jump): one row per cause and Caracas day, so the Administrador is told once; `read` keeps
 * what was read, which an administrator may accept.
 */
export const exchangeRateAlerts = pgTable(
  'exchange_rate_alerts',
  {
    id: serial('id').primaryKey(),
    cause: varchar('cause', { length: 16 }).notNull(),
    day: date('day').notNull(),
    detail: text('detail').notNull(),
    read: jsonb('read').$type<{ value_date: string | null; usd: string | null; eur: string | null }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('exchange_rate_alerts_once').on(table.cause, table.day), index('exchange_rate_alerts_open').on(table.createdAt.desc()).where(sql`resolved_at is null`)],
);
