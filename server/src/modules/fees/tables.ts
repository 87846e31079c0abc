import { boolean, index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The history of fees (issue 50): one row per change of a community's (owner_type 0), an
 * economic activity's (1) or an address's own (2) fee, applying from `effective_month` (numbered
 * year × 12 + month − 1, as the ledger summary numbers months). `previous_fee` is the fee in force
 * for the months before it, kept by the service when a change is recorded, so pricing a month
 * needs no window over the history and the SQL debt adds one correction per change
 * (ledger-sql.ts `TARIFF_CORRECTION`). The owner's own `fee` column stays the newest tariff: an
 * owner without rows here prices every month at it, as before. No foreign key on the owner (three
 * tables); rows of a deleted owner are deleted with it. An address's own fee turned on or off from
 * a month is a change too: `previous_inherited` / `inherited` say that the months before / from it
 * follow the address's community or activity (that side's fee null); only owner type 2 sets them.
 */
export const feeTariffs = pgTable(
  'fee_tariffs',
  {
    id: serial('id').primaryKey(),
    ownerType: smallint('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    effectiveMonth: integer('effective_month').notNull(),
    previousFee: numeric('previous_fee', { precision: 18, scale: 2 }),
    fee: numeric('fee', { precision: 18, scale: 2 }),
    previousInherited: boolean('previous_inherited').notNull().default(false),
    inherited: boolean('inherited').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('fee_tariffs_owner_month_unique').on(table.ownerType, table.ownerId, table.effectiveMonth), index('fee_tariffs_month_idx').on(table.effectiveMonth)],
);
