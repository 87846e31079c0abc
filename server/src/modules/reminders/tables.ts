import { integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';

/**
 * One row per client and period reminded (issue 33), inserted in the transaction that queues the
 * reminder's e-mail and SMS: the unique (client, period) is what makes a reminder go out once,
 * whatever the number of processes, runs started twice or runs cut midway.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The Caracas month of the run, 'YYYY-MM'. */
    period: varchar('period', { length: 7 }).notNull(),
    monthsOwed: integer('months_owed').notNull(),
    owedUsd: numeric('owed_usd', { precision: 18, scale: 2 }).notNull(),
    owedBs: numeric('owed_bs', { precision: 18, scale: 2 }).notNull(),
    email: varchar('email', { length: 255 }),
    sms: varchar('sms', { length: 20 }),
    /** The staff user who ran it by hand; null for the schedule. */
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('reminders_client_period_unique').on(table.clientId, table.period)],
);
