import { pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * An invoice series with the last numbers used for invoices, credit, debit and delivery notes,
 * as digit text so leading zeros survive. Document numbers are taken under a row lock by the
 * documents issue.
 */
export const correlatives = pgTable('correlatives', {
  id: serial('id').primaryKey(),
  serie: varchar('serie', { length: 20 }).notNull().unique(),
  number: varchar('number', { length: 20 }).notNull(),
  numberCreditNote: varchar('number_credit_note', { length: 20 }).notNull(),
  numberDebitNote: varchar('number_debit_note', { length: 20 }).notNull(),
  /** Delivery notes (type 04) number apart, so invoices keep one gap-free sequence per series. */
  numberDeliveryNote: varchar('number_delivery_note', { length: 20 }).notNull().default('00000000'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
