import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';
import { economicActivities } from '../economic-activities/tables';
// payments/tables imports this file too; the reference below is read lazily, so the cycle is harmless.
import { payments } from '../payments/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';

/**
 * A client's payment address (spec 01 §3): residential (type 0, pays its community's fee) or
 * commercial (type 1, pays its economic activity's fee or its own custom `fee`).
 */
export const addressesPayments = pgTable(
  'addresses_payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    address: text('address').notNull(),
    stateId: integer('state_id').references(() => states.id, { onDelete: 'restrict' }),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'restrict' }),
    parishId: integer('parish_id').references(() => parishes.id, { onDelete: 'restrict' }),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'restrict' }),
    economicActivityId: integer('economic_activity_id').references(() => economicActivities.id, { onDelete: 'restrict' }),
    isCustomFee: boolean('is_custom_fee').notNull().default(false),
    fee: numeric('fee', { precision: 18, scale: 2 }),
    /**
     * The address has changes of its own fee in `fee_tariffs` (issue 50, set by the first one and
     * kept with them): only then do the readers of its prices look its own changes up, so an
     * address whose own fee never changed or switched costs no more than before they existed.
     */
    ownFeeHistory: boolean('own_fee_history').notNull().default(false),
    dateStart: date('date_start'),
    /**
     * The opening position (issue 48), 'YYYY-MM': the last month an opening balance covers, given
     * by an import or the address form. No payment or receipt stands behind it; the month after
     * it starts the ledger.
     */
    openingPaidThrough: varchar('opening_paid_through', { length: 7 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /*
     * Ledger summary (migration 0005), kept by database triggers in the transaction of every change
     * to the ledger, to the address's start inputs or to a community's / parish's start date, so
     * lists filter and sort by solvency and months to pay without reading the ledger. Months are
     * numbered year × 12 + month − 1; nothing here depends on the current month. ledger-sql.ts
     * reads them.
     */
    /** The start month (DESIGN §5). */
    ledgerStart: integer('ledger_start').notNull().default(0),
    /** Last month of the unbroken covered run from the start month (start − 1 when the start month is owed). */
    ledgerPaidThrough: integer('ledger_paid_through').notNull().default(-1),
    /** Start − 1 + covered months from the start on (where the run would end without gaps). */
    ledgerSettledTo: integer('ledger_settled_to').notNull().default(-1),
    /** Latest covered month, null without coverage. */
    ledgerLast: integer('ledger_last'),
    /** Bit m − 1 set when month m of the year of `ledger_last` is covered. */
    ledgerLastYearMask: integer('ledger_last_year_mask').notNull().default(0),
    /** A covered month still waits on a payment Procesando. */
    ledgerPending: boolean('ledger_pending').notNull().default(false),
    /** Payments of the address, any status (kept by the payments triggers of migration 0010; Con pagos / Sin pagos). */
    paymentsCount: integer('payments_count').notNull().default(0),
  },
  (table) => [
    // A client's addresses, and everything the list's count and fee total read of them under a
    // solvency filter (type, ledger, fee and its sources), so a search naming thousands of clients
    // totals their addresses from the index alone: "Quintero" (8 613 clients) 20–24 → 12 ms.
    index('addresses_payments_client_idx').on(
      table.clientId,
      table.type,
      table.ledgerPaidThrough,
      table.ledgerPending,
      table.isCustomFee,
      table.fee,
      table.communityId,
      table.economicActivityId,
    ),
    // Months to pay (filter by count, sort) walk settled_to, and the rows covered past the current
    // month are read from the last index alone (every column months_to_pay needs is in it);
    // search is a contains-search (pg_trgm).
    index('addresses_payments_settled_idx').on(table.type, table.ledgerSettledTo, table.id),
    index('addresses_payments_last_idx').on(table.ledgerLast, table.ledgerPaidThrough, table.type, table.ledgerSettledTo, table.ledgerLastYearMask),
    index('addresses_payments_address_trgm_idx').using('gin', table.address.op('gin_trgm_ops')),
    index('addresses_payments_created_by_idx').on(table.createdBy),
    // One per regional level, leading with the unit (its filters), then what the regional lists'
    // client counters read (regional/client-counts.ts), so they group by unit and client from the
    // index alone (migration 0014). The ledger columns were indexed already (settled, last), so
    // only an update changing nothing indexed but ledger_pending loses being HOT.
    index('addresses_payments_state_idx').on(table.stateId, table.clientId, table.type, table.ledgerPaidThrough, table.ledgerPending),
    index('addresses_payments_municipality_idx').on(table.municipalityId, table.clientId, table.type, table.ledgerPaidThrough, table.ledgerPending),
    index('addresses_payments_parish_idx').on(table.parishId, table.clientId, table.type, table.ledgerPaidThrough, table.ledgerPending),
    index('addresses_payments_community_idx').on(table.communityId, table.clientId, table.type, table.ledgerPaidThrough, table.ledgerPending),
    // The list's default order (newest first, then id ascending) read straight from an index, with
    // and without the type selector: the first page reads ten entries instead of sorting the table.
    index('addresses_payments_type_order_idx').on(table.type, table.createdAt.desc().nullsFirst(), table.id),
    index('addresses_payments_order_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    index('addresses_payments_activity_idx').on(table.economicActivityId),
    // The fee filter's custom-fee arm (fee-filter.ts); the few addresses with a custom fee only.
    index('addresses_payments_custom_fee_idx').on(table.fee).where(sql`${table.isCustomFee}`),
  ],
);

/**
 * The month ledger (DESIGN §5): one row per covered month of an address, held by a payment
 * (`payment_id`) or a manual mark (null). Only live coverage is stored, so the unique index
 * on (address, month) is what makes a month impossible to cover twice.
 */
export const addressMonths = pgTable(
  'address_months',
  {
    id: serial('id').primaryKey(),
    addressPaymentId: integer('address_payment_id')
      .notNull()
      .references(() => addressesPayments.id, { onDelete: 'cascade' }),
    month: varchar('month', { length: 7 }).notNull(),
    /** The payment covering the month; null for a manual mark. Deleting the payment releases the month. */
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'cascade' }),
    /** True while that payment is still Procesando. */
    pending: boolean('pending').notNull().default(false),
    /** Covered by the address's credit balance (issue 50): no payment of its own, `payment_id` null; never a manual mark. */
    fromBalance: boolean('from_balance').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('address_months_address_month_unique').on(table.addressPaymentId, table.month), index('address_months_payment_idx').on(table.paymentId)],
);

/**
 * Every movement of an address's credit balance (saldo a favor, issue 50), in the fee's unit
 * (dollars), signed: `credit` what an approved payment brought beyond its months, `month` a month
 * the balance completed (minus its price), `reversal` a payment's credit taken back (rejected,
 * deleted or edited), `month_reopened` a completed month owed again (its price back). The balance
 * is their sum. `payment_id` has no foreign key: the row outlives a deleted payment.
 */
export const addressBalanceMovements = pgTable(
  'address_balance_movements',
  {
    id: serial('id').primaryKey(),
    addressPaymentId: integer('address_payment_id')
      .notNull()
      .references(() => addressesPayments.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    amountUsd: numeric('amount_usd', { precision: 18, scale: 2 }).notNull(),
    paymentId: integer('payment_id'),
    month: varchar('month', { length: 7 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('address_balance_movements_address_idx').on(table.addressPaymentId, table.id), index('address_balance_movements_payment_idx').on(table.paymentId)],
);
