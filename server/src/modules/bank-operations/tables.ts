import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';
import { users } from '../users/tables';

/**
 * One attempt to confirm a pago móvil with the bank (spec 02 §3 Conciliation): every call of
 * `bank-operations/validate-payment` that names a client leaves a row, successful or not, with
 * what the bank answered. `processed_at` is the database's clock. A successful row is the proof
 * a payment keeps in `payments.conciliation_id`; at most one payment may keep it.
 */
export const conciliations = pgTable(
  'conciliations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reference: varchar('reference', { length: 50 }).notNull(),
    paymentDate: date('payment_date'),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    originBank: varchar('origin_bank', { length: 4 }),
    payPhone: varchar('pay_phone', { length: 11 }),
    success: boolean('success').notNull(),
    errorCode: varchar('error_code', { length: 30 }),
    errorMessage: text('error_message'),
    responseData: jsonb('response_data'),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conciliations_processed_idx').on(table.processedAt, table.id),
    index('conciliations_client_idx').on(table.clientId, table.processedAt),
    index('conciliations_success_idx').on(table.success, table.processedAt),
    index('conciliations_error_code_idx').on(table.errorCode, table.processedAt),
    index('conciliations_reference_trgm_idx').using('gin', table.reference.op('gin_trgm_ops')),
    // One bank movement is conciliated once: a second success for it cannot be stored.
    uniqueIndex('conciliations_movement_success_unique').on(table.originBank, table.paymentDate, table.reference).where(sql`${table.success}`),
  ],
);

/**
 * A client user's validation attempts of the last hour, one row per attempt taken, for the hourly
 * limit (CLIENT_VALIDATIONS_PER_HOUR, issue 33). An attempt is counted and taken in one
 * transaction before the bank is called (the conciliation row only exists once the bank has
 * answered), so concurrent attempts cannot all pass on the same count. Rows older than the
 * window are deleted as the client tries again.
 */
export const clientValidationAttempts = pgTable(
  'client_validation_attempts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_validation_attempts_client_idx').on(table.clientId, table.createdAt)],
);
