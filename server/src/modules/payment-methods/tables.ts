import { boolean, index, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Payment methods (spec 02). Types: 1 transfer, 2 point of sale, 3 mobile payment, 4 cash,
 * 5 deposit. Ids 1–4 are the system's defaults and can't be deleted. `image` is the stored
 * name of the uploaded logo.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    code: varchar('code', { length: 4 }).notNull(),
    description: text('description').notNull(),
    type: smallint('type').notNull(),
    image: varchar('image', { length: 255 }),
    isMobilePaymentUseApiBdv: boolean('is_mobile_payment_use_api_bdv').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** The currency the method takes (issue 49): VES, USD or EUR. */
    currency: varchar('currency', { length: 3 }).notNull().default('VES'),
    /** "Causa IGTF": foreign currency received without a Venezuelan bank in between (cash dollars, euros, Zelle). */
    isIgtf: boolean('is_igtf').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_methods_name_idx').on(table.name), index('payment_methods_type_idx').on(table.type)],
);
