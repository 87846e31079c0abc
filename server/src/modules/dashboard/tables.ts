import { date, integer, numeric, pgTable } from 'drizzle-orm/pg-core';

/**
 * The approved payments of each Caracas day (the day of `created_at`), all locations together:
 * what the administrator dashboard's cards and chart read, so a year is 366 rows whatever the
 * payments table holds. Kept by a trigger on `payment_day_totals` (its rows' changes are added
 * here in the same transaction; migration of the solvencies and dashboards issue), so both count
 * exactly the same payments; the bench checks it against sum() over `payments`.
 */
export const paymentDays = pgTable('payment_days', {
  day: date('day').primaryKey(),
  payments: integer('payments').notNull().default(0),
  amountBill: numeric('amount_bill', { precision: 18, scale: 2 }).notNull().default('0'),
  amountPayment: numeric('amount_payment', { precision: 18, scale: 2 }).notNull().default('0'),
  dollarAmountBill: numeric('dollar_amount_bill', { precision: 18, scale: 2 }).notNull().default('0'),
  dollarAmountPayment: numeric('dollar_amount_payment', { precision: 18, scale: 2 }).notNull().default('0'),
});
