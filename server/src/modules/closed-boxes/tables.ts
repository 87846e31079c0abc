import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { correlatives } from '../correlatives/tables';
import { users } from '../users/tables';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * A cash closing (spec 02 §3 Closed box). Its payments point at it (`payments.closed_box_id`).
 * `count_bill` … `dollar_amount_payment` are the sums of those payments, kept by the trigger of
 * this area's migration in the transaction of every attach, detach, edit or delete of a payment,
 * so the list's footer adds up 30 000 closings instead of 2 000 000 payments. `transfer`,
 * `point_of_sale` and `commission` are recomputed from those payments' groups by migration 0024's
 * statement triggers, so a list or export of closings reads no payments. `version` grows on
 * every edit of the closing's own fields: an editor who read an older version gets 409.
 */
/** A verified group; `verified_by` (issue 46) is absent on groups verified before it was kept. */
export interface VerifiedGroup {
  payment_method_id: number;
  terminal: string | null;
  lot_number: string | null;
  verified_by?: number;
}

export const closedBoxes = pgTable(
  'closed_boxes',
  {
    id: serial('id').primaryKey(),
    date: date('date').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: smallint('type').notNull().default(0),
    serieId: integer('serie_id').references(() => correlatives.id, { onDelete: 'restrict' }),
    checkbookNumber: varchar('checkbook_number', { length: 30 }),
    lotNumber: varchar('lot_number', { length: 50 }),
    reference: varchar('reference', { length: 50 }),
    exchangeRate: money('exchange_rate').notNull(),
    file: text('file'),
    status: boolean('status').notNull().default(true),
    /** The verified groups: `[{payment_method_id, terminal, lot_number}]`. */
    verifyPayments: jsonb('verify_payments')
      .$type<VerifiedGroup[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    version: integer('version').notNull().default(1),
    /** The cash counted at closing time per currency (issue 49), `{ VES: "120.00", USD: "35.00" }`; a currency not counted is absent. */
    countedCash: jsonb('counted_cash').$type<Partial<Record<'VES' | 'USD' | 'EUR', string>>>().notNull().default(sql`'{}'::jsonb`),
    countBill: integer('count_bill').notNull().default(0),
    totalBill: money('total_bill').notNull().default('0'),
    total: money('total').notNull().default('0'),
    dollarAmountBill: money('dollar_amount_bill').notNull().default('0'),
    dollarAmountPayment: money('dollar_amount_payment').notNull().default('0'),
    transfer: money('transfer').notNull().default('0'),
    pointOfSale: money('point_of_sale').notNull().default('0'),
    commission: money('commission').notNull().default('0'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('closed_boxes_date_idx').on(table.date, table.id),
    index('closed_boxes_created_idx').on(table.createdAt, table.id),
    index('closed_boxes_user_idx').on(table.userId, table.date),
    index('closed_boxes_creator_idx').on(table.createdBy, table.date),
    index('closed_boxes_reference_trgm_idx').using('gin', table.reference.op('gin_trgm_ops')),
    index('closed_boxes_checkbook_trgm_idx').using('gin', table.checkbookNumber.op('gin_trgm_ops')),
  ],
);
