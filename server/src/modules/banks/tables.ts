import { index, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Venezuelan banks by their official 4-digit code (SUDEBAN). */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 4 }).notNull().unique(),
    name: varchar('name', { length: 150 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('banks_name_idx').on(table.name)],
);
