import { date, index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { users } from '../users/tables';

/**
 * An issued statement of account (issue 33): what one PDF said was owed, for a client or one of
 * its addresses, named by `hash` (256 random bits, hex) on the public check its QR code opens.
 * Only the figures are kept: the months are the ledger's, which moves on after the issue.
 */
export const accountStatements = pgTable(
  'account_statements',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The address of a one-address statement; null for a whole client's. */
    addressPaymentId: integer('address_payment_id').references(() => addressesPayments.id, { onDelete: 'cascade' }),
    monthsOwed: smallint('months_owed').notNull(),
    owedUsd: numeric('owed_usd', { precision: 18, scale: 2 }).notNull(),
    owedBs: numeric('owed_bs', { precision: 18, scale: 2 }).notNull(),
    /** The dollar rate of the day, as configured (text, so no digit is lost). */
    dollarRate: varchar('dollar_rate', { length: 32 }).notNull(),
    /** That rate's value date and source (issue 47), so the public check names it as the PDF did; null before them. */
    dollarRateValueDate: date('dollar_rate_value_date'),
    dollarRateSource: varchar('dollar_rate_source', { length: 8 }),
    hash: varchar('hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_statements_hash_unique').on(table.hash),
    // The cascades of deleting a client or an address find their statements by these.
    index('account_statements_client_idx').on(table.clientId, table.createdAt),
    index('account_statements_address_idx').on(table.addressPaymentId),
  ],
);
