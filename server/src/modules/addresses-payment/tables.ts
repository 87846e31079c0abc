import { boolean, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';
import { economicActivities } from '../economic-activities/tables';
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
    dateStart: date('date_start'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('addresses_payments_client_idx').on(table.clientId),
    index('addresses_payments_type_idx').on(table.type, table.createdAt),
    index('addresses_payments_community_idx').on(table.communityId),
    index('addresses_payments_activity_idx').on(table.economicActivityId),
    index('addresses_payments_parish_idx').on(table.parishId),
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
    /** The payment covering the month; null for a manual mark. Payments arrive in a later issue (no FK yet). */
    paymentId: integer('payment_id'),
    /** True while that payment is still Procesando. */
    pending: boolean('pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('address_months_address_month_unique').on(table.addressPaymentId, table.month), index('address_months_payment_idx').on(table.paymentId)],
);
