import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { users } from '../users/tables';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * A payment agreement (convenio de pago, issue 50) of one address: the debt frozen at signing in
 * dollars (`debt_usd`, of which `surcharge_usd` is late-payment surcharge), a down payment and its
 * installments. `status`: current, completed, broken or cancelled; `ended_at` when it stopped being
 * current. An address has at most one current agreement (partial unique index). `client_id` is the
 * address's, kept for the client's list and its data boundary.
 */
export const paymentAgreements = pgTable(
  'payment_agreements',
  {
    id: serial('id').primaryKey(),
    addressPaymentId: integer('address_payment_id')
      .notNull()
      .references(() => addressesPayments.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).notNull().default('current'),
    debtUsd: money('debt_usd').notNull(),
    surchargeUsd: money('surcharge_usd').notNull().default('0'),
    downPaymentUsd: money('down_payment_usd').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_agreements_client_idx').on(table.clientId, table.id),
    index('payment_agreements_address_idx').on(table.addressPaymentId, table.id),
    uniqueIndex('payment_agreements_current_unique')
      .on(table.addressPaymentId)
      .where(sql`${table.status} = 'current'`),
  ],
);

/** The months an agreement gathered, each frozen at its price and its surcharge part at signing. */
export const paymentAgreementMonths = pgTable(
  'payment_agreement_months',
  {
    id: serial('id').primaryKey(),
    paymentAgreementId: integer('payment_agreement_id')
      .notNull()
      .references(() => paymentAgreements.id, { onDelete: 'cascade' }),
    month: varchar('month', { length: 7 }).notNull(),
    priceUsd: money('price_usd').notNull(),
    surchargeUsd: money('surcharge_usd').notNull().default('0'),
  },
  (table) => [uniqueIndex('payment_agreement_months_unique').on(table.paymentAgreementId, table.month)],
);

/** The schedule: number 0 is the down payment (due at signing), then installments 1…n; `paid_usd` what payments gave each. */
export const installments = pgTable(
  'installments',
  {
    id: serial('id').primaryKey(),
    paymentAgreementId: integer('payment_agreement_id')
      .notNull()
      .references(() => paymentAgreements.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    dueDate: date('due_date').notNull(),
    amountUsd: money('amount_usd').notNull(),
    paidUsd: money('paid_usd').notNull().default('0'),
  },
  (table) => [uniqueIndex('installments_agreement_number_unique').on(table.paymentAgreementId, table.number), index('installments_due_idx').on(table.dueDate)],
);
