import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { users } from '../users/tables';

/**
 * A solvency certificate (spec 02 §3 Solvency, DESIGN §5): the address was solvent when it was
 * issued, through `solvent_to_date`, relying on the covered months `from_month`..`solvent_to_date`.
 * `hash` (256 random bits, hex) names it on the public page and in its QR code. The database
 * revokes it (`is_valid` false, `revoked_at`, `revoked_reason`; trigger of this area's migration)
 * at the commit of any change that leaves one of those months uncovered or pending again.
 */
export const solvencies = pgTable(
  'solvencies',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    addressesPaymentId: integer('addresses_payment_id')
      .notNull()
      .references(() => addressesPayments.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    /** The start month of the paid run it certifies (YYYY-MM). */
    fromMonth: varchar('from_month', { length: 7 }).notNull(),
    /** Solvent until this month (YYYY-MM). */
    solventToDate: varchar('solvent_to_date', { length: 7 }).notNull(),
    isValid: boolean('is_valid').notNull().default(true),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** domain SolvencyRevocation. */
    revokedReason: text('revoked_reason'),
    hash: varchar('hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('solvencies_hash_unique').on(table.hash),
    // The list walks newest first; a client's and an address's certificates (client detail tab,
    // client screen, the revocation trigger) by their own index.
    index('solvencies_created_idx').on(table.createdAt, table.id),
    index('solvencies_client_idx').on(table.clientId, table.createdAt),
    index('solvencies_address_idx').on(table.addressesPaymentId, table.createdAt),
    index('solvencies_creator_idx').on(table.createdBy, table.createdAt),
    index('solvencies_type_idx').on(table.type, table.createdAt),
  ],
);
