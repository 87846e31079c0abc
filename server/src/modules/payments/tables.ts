import { sql } from 'drizzle-orm';
import type { Amounts } from '@recaudo/domain/amounts';
import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { addressesPayments } from '../addresses-payment/tables';
import { conciliations } from '../bank-operations/tables';
import { banks } from '../banks/tables';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { economicActivities } from '../economic-activities/tables';
// payment-agreements/tables does not import this file: no cycle.
import { paymentAgreements } from '../payment-agreements/tables';
import { paymentMethods } from '../payment-methods/tables';
import { ticketsPayments } from '../tickets-payments/tables';
import { users } from '../users/tables';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * A payment of one address's months (spec 02 §3 Payment, "bill payment"). Amounts are
 * numeric(18,2) in bolivars, `dollar_*` in the rate's foreign currency; the months it pays are
 * `months_payment` and, while it is Procesando or Aprobado, its rows in `address_months`.
 * `number_correlative` is the series' document number taken under a row lock (unique per
 * series); `number` the 8-digit control number. `hash` identifies the public receipt.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    addressPaymentId: integer('address_payment_id')
      .notNull()
      .references(() => addressesPayments.id, { onDelete: 'restrict' }),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'restrict' }),
    serieId: integer('serie_id').references(() => correlatives.id, { onDelete: 'restrict' }),
    status: smallint('status').notNull(),
    typeDocument: varchar('type_document', { length: 2 }).notNull().default('01'),
    numberCorrelative: varchar('number_correlative', { length: 20 }),
    number: varchar('number', { length: 20 }),
    checkbookNumber: varchar('checkbook_number', { length: 30 }),
    datePayment: date('date_payment').notNull(),
    dateBill: date('date_bill'),
    exchangeRate: money('exchange_rate').notNull(),
    exchangeRateId: smallint('exchange_rate_id').notNull().default(1),
    /** Where the rate came from (issue 47): the value date of the official rate used, its source, and a manual rate's reason. */
    rateValueDate: date('rate_value_date'),
    rateSource: varchar('rate_source', { length: 8 }),
    rateReason: text('rate_reason'),
    amountPayment: money('amount_payment').notNull(),
    amountBill: money('amount_bill').notNull(),
    dollarAmountPayment: money('dollar_amount_payment').notNull(),
    dollarAmountBill: money('dollar_amount_bill').notNull(),
    taxBase: money('tax_base').notNull(),
    iva: money('iva').notNull(),
    isApplyRetention: boolean('is_apply_retention').notNull().default(false),
    retention: money('retention').notNull(),
    reference: varchar('reference', { length: 50 }),
    terminal: varchar('terminal', { length: 50 }),
    lotNumber: varchar('lot_number', { length: 50 }),
    observations: text('observations'),
    /** The reason given when the payment was rejected (or the approval's empty note). */
    notes: text('notes'),
    typePaymentMonth: smallint('type_payment_month').notNull().default(0),
    monthsPayment: varchar('months_payment', { length: 7 }).array().notNull(),
    sendInvoice: boolean('send_invoice').notNull().default(false),
    bdvVerified: boolean('bdv_verified').notNull().default(false),
    conciliationId: integer('conciliation_id').references(() => conciliations.id, { onDelete: 'restrict' }),
    closedBoxId: integer('closed_box_id'),
    ticketsPaymentId: integer('tickets_payment_id').references(() => ticketsPayments.id, { onDelete: 'restrict' }),
    ticketSerial: varchar('ticket_serial', { length: 50 }),
    /** Stored names of the uploaded images (platform/storage.ts). */
    files: text('files').array().notNull().default(sql`'{}'::text[]`),
    hash: varchar('hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Legal document (spec 02 §3–4, modules/invoices): the printer's answer code; 900 when no invoice applies, null while queued. */
    statusInvoiceFactory: smallint('status_invoice_factory').default(900),
    factoryResponse: text('factory_response'),
    urlFactory: text('url_factory'),
    applyInvoiceFactory: boolean('apply_invoice_factory').notNull().default(false),
    isRetentionApplySuccess: boolean('is_retention_apply_success').notNull().default(false),
    dateWithholdingVoucher: date('date_withholding_voucher'),
    numberWithholdingVoucher: varchar('number_withholding_voucher', { length: 20 }),
    /** The change given back (issue 49): its currency and amount, and its value in bolívares (0 without change). */
    changeCurrency: varchar('change_currency', { length: 3 }),
    changeAmount: money('change_amount'),
    changeAmountVes: money('change_amount_ves').notNull().default('0'),
    /** IGTF (issue 49): the rate applied in percent, the foreign principal it was charged on (rate's currency), and the tax in that currency and in bolívares. */
    igtfRate: numeric('igtf_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    igtfBase: money('igtf_base').notNull().default('0'),
    igtfCurrencyAmount: money('igtf_currency_amount').notNull().default('0'),
    igtfAmount: money('igtf_amount').notNull().default('0'),
    /** The agreement this payment pays (issue 50): its money pays the next installments instead of named months. */
    paymentAgreementId: integer('payment_agreement_id').references(() => paymentAgreements.id, { onDelete: 'restrict' }),
    /**
     * The late-payment surcharge (issue 50) of the months it pays, in the fee's dollars before VAT,
     * what of it was waived and why; the tax base holds the surcharge less the waiver.
     */
    surchargeUsd: money('surcharge_usd').notNull().default('0'),
    surchargeWaivedUsd: money('surcharge_waived_usd').notNull().default('0'),
    surchargeWaiverReason: text('surcharge_waiver_reason'),
  },
  (table) => [
    uniqueIndex('payments_hash_unique').on(table.hash),
    uniqueIndex('payments_serie_correlative_unique').on(table.serieId, table.typeDocument, table.numberCorrelative),
    index('payments_created_idx').on(table.createdAt, table.id),
    index('payments_client_idx').on(table.clientId, table.createdAt),
    index('payments_address_idx').on(table.addressPaymentId),
    index('payments_agreement_idx')
      .on(table.paymentAgreementId)
      .where(sql`${table.paymentAgreementId} is not null`),
    index('payments_creator_idx').on(table.createdBy, table.createdAt),
    index('payments_status_idx').on(table.status, table.createdAt),
    index('payments_method_idx').on(table.paymentMethodId, table.createdAt),
    index('payments_serie_idx').on(table.serieId, table.createdAt),
    // With created_at and id, a date range answers the newest-first page from the index alone (migration 0008).
    index('payments_date_payment_idx').on(table.datePayment, table.createdAt, table.id),
    index('payments_date_bill_idx').on(table.dateBill, table.createdAt, table.id),
    index('payments_reference_idx').on(table.reference),
    index('payments_number_idx').on(table.number),
    index('payments_closed_box_idx').on(table.closedBoxId),
    // The lists' contains-search and exact filters (read side, migration 0007).
    index('payments_reference_trgm_idx').using('gin', table.reference.op('gin_trgm_ops')),
    index('payments_number_trgm_idx').using('gin', table.number.op('gin_trgm_ops')),
    index('payments_number_correlative_trgm_idx').using('gin', table.numberCorrelative.op('gin_trgm_ops')),
    index('payments_type_document_idx').on(table.typeDocument, table.createdAt),
    index('payments_checkbook_idx').on(table.checkbookNumber),
    index('payments_terminal_idx').on(table.terminal),
    index('payments_lot_idx').on(table.lotNumber),
    // A bank movement backs at most one payment (spec 02 §4), also under concurrent cashiers.
    uniqueIndex('payments_conciliation_unique').on(table.conciliationId).where(sql`${table.conciliationId} is not null`),
    // The sales book lists a withholding voucher in the book of its date (issue 49).
    index('payments_withholding_voucher_idx')
      .on(table.dateWithholdingVoucher)
      .where(sql`${table.isRetentionApplySuccess}`),
  ],
);

/**
 * How a payment was paid when it was paid in several lines or currencies (issue 49): each line's
 * method, currency, amount in that currency and its value in bolívares at the payment's rate,
 * with the proof its method needs. A payment without rows here was paid in one line: its method,
 * for its `amount_payment`. A bank validation backs at most one line.
 */
export const paymentTenders = pgTable(
  'payment_tenders',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: money('amount').notNull(),
    amountVes: money('amount_ves').notNull(),
    reference: varchar('reference', { length: 50 }),
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'restrict' }),
    payPhone: varchar('pay_phone', { length: 20 }),
    conciliationId: integer('conciliation_id').references(() => conciliations.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('payment_tenders_payment_position_unique').on(table.paymentId, table.position),
    index('payment_tenders_method_idx').on(table.paymentMethodId),
    uniqueIndex('payment_tenders_conciliation_unique').on(table.conciliationId).where(sql`${table.conciliationId} is not null`),
  ],
);

/**
 * The `Idempotency-Key`s of payment stores (issue 35): per user, the SHA-256 of the request's
 * canonical body and the answer given. The row is claimed in the payment's own transaction, so it
 * exists only for a stored payment; a refused request leaves the key free. Keys older than 24 h
 * (by the database's clock) are forgotten.
 */
export const paymentStoreKeys = pgTable(
  'payment_store_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/*
 * How many payments (any status) each series and each economic activity holds (the activity of the
 * paying address; `addresses_payments.payments_count` per address), kept by the triggers of
 * migration 0010 in the transaction of every insert, delete or move of a payment and of every
 * change of an address's activity, so `count_payments` reads one row instead of counting millions.
 */
export const seriePaymentCounts = pgTable('serie_payment_counts', {
  serieId: integer('serie_id')
    .primaryKey()
    .references(() => correlatives.id, { onDelete: 'cascade' }),
  payments: integer('payments').notNull().default(0),
});

export const activityPaymentCounts = pgTable('activity_payment_counts', {
  economicActivityId: integer('economic_activity_id')
    .primaryKey()
    .references(() => economicActivities.id, { onDelete: 'cascade' }),
  payments: integer('payments').notNull().default(0),
});

/**
 * How many payments (any status) use each payment method, kept by the payments triggers (migration
 * 0013, the same statement triggers as the counts above) in the transaction of every insert, delete
 * or change of method of a payment; the payment methods' `count_payments` reads it.
 */
export const paymentMethodPaymentCounts = pgTable('payment_method_payment_counts', {
  paymentMethodId: integer('payment_method_id')
    .primaryKey()
    .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  payments: integer('payments').notNull().default(0),
});

/**
 * The approved payments (status 1) of each Caracas day by where the paying address is (type,
 * state, municipality, parish, community; 0 for none), with their count and sums: the regional
 * units' payment cards read a date range of these rows instead of the payments. Kept by the
 * triggers of migration 0011 in the transaction of every change to a payment and of every move
 * of an address; `payment_day_totals_rebuild()` recomputes them from the payments.
 */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    day: date('day').notNull(),
    type: smallint('type').notNull(),
    stateId: integer('state_id').notNull(),
    municipalityId: integer('municipality_id').notNull(),
    parishId: integer('parish_id').notNull(),
    communityId: integer('community_id').notNull(),
    payments: integer('payments').notNull().default(0),
    amountBill: money('amount_bill').notNull().default('0'),
    amountPayment: money('amount_payment').notNull().default('0'),
    dollarAmountBill: money('dollar_amount_bill').notNull().default('0'),
    dollarAmountPayment: money('dollar_amount_payment').notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.day, table.type, table.stateId, table.municipalityId, table.parishId, table.communityId] })],
);

/** The domain's computed amounts (`paymentAmounts`) as the payments table's columns. */
export const amountColumns = (amounts: Amounts) => ({
  amountPayment: amounts.amount_payment,
  amountBill: amounts.amount_bill,
  dollarAmountPayment: amounts.dollar_amount_payment,
  dollarAmountBill: amounts.dollar_amount_bill,
  taxBase: amounts.tax_base,
  iva: amounts.iva,
  retention: amounts.retention,
});
