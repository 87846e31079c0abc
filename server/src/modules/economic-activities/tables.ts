import { index, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { lateFeeColumns } from '../fees/late-fee-columns';

export const activityGroups = pgTable(
  'activity_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('activity_groups_name_unique').on(sql`lower(${table.name})`)],
);

/** The monthly fee in dollars of commercial addresses with this activity. */
export const economicActivities = pgTable(
  'economic_activities',
  {
    id: serial('id').primaryKey(),
    activityGroupId: integer('activity_group_id')
      .notNull()
      .references(() => activityGroups.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    code: varchar('code', { length: 30 }),
    fee: numeric('fee', { precision: 18, scale: 2 }).notNull(),
    ...lateFeeColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('economic_activities_group_idx').on(table.activityGroupId, table.name),
    index('economic_activities_name_idx').on(table.name),
    uniqueIndex('economic_activities_code_unique').on(table.code),
  ],
);
