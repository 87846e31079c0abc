import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { addressesPayments } from '../addresses-payment/tables';
// payments/tables imports this file too; the reference below is read lazily, so the cycle is harmless.
import { payments } from '../payments/tables';

/**
 * A series of physical payment tickets (spec 02 §3 Payment ticket): a name, the colour printed
 * on them and the day they expire. Inactive series are not offered for new deliveries.
 */
export const ticketsPayments = pgTable(
  'tickets_payments',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    color: varchar('color', { length: 7 }).notNull().default('#000000'),
    status: boolean('status').notNull().default(true),
    validityDate: date('validity_date').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Names are unique whatever their case, also under concurrent creation.
    uniqueIndex('tickets_payments_name_unique').on(sql`lower(${table.name})`),
    index('tickets_payments_created_idx').on(table.createdAt, table.id),
  ],
);

/**
 * A ticket handed to a payment address (assign modal, `payment_id` null) or through a payment
 * (`payment_id` and usually `ticket_serial`); deleting the payment removes its ticket. A series
 * can't be deleted while it has delivered tickets (FK restrict, checked first for a clear
 * message); deleting an address removes its tickets.
 */
export const ticketsDelivered = pgTable(
  'tickets_delivered',
  {
    id: serial('id').primaryKey(),
    ticketsPaymentId: integer('tickets_payment_id')
      .notNull()
      .references(() => ticketsPayments.id, { onDelete: 'restrict' }),
    addressPaymentId: integer('address_payment_id')
      .notNull()
      .references(() => addressesPayments.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'cascade' }),
    ticketSerial: text('ticket_serial'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tickets_delivered_address_idx').on(table.addressPaymentId),
    index('tickets_delivered_series_idx').on(table.ticketsPaymentId),
    index('tickets_delivered_payment_idx').on(table.paymentId),
    // A series is assigned to an address once (spec 02 §5: already assigned tickets are excluded).
    uniqueIndex('tickets_delivered_address_series_unique').on(table.addressPaymentId, table.ticketsPaymentId).where(sql`${table.paymentId} is null`),
  ],
);
