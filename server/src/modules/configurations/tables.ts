import { numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Settings rows; today the exchange rates `update_dollar_rate` and `update_euro_rate` in bolivars. */
export const configurations = pgTable('configurations', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
