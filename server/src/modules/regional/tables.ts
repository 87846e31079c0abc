import { boolean, date, index, integer, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { lateFeeColumns } from '../fees/late-fee-columns';

const stamps = {
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Regional units: state › municipality › parish › community. A unit with children can't be deleted. */
export const states = pgTable('states', { id: serial('id').primaryKey(), name: varchar('name', { length: 150 }).notNull(), ...stamps }, (table) => [
  index('states_name_idx').on(table.name),
]);

export const municipalities = pgTable(
  'municipalities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 150 }).notNull(),
    ...stamps,
  },
  (table) => [index('municipalities_state_idx').on(table.stateId, table.name), index('municipalities_name_idx').on(table.name)],
);

/** `date_start`: start of the commercial service in the parish (start month of business addresses). */
export const parishes = pgTable(
  'parishes',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 150 }).notNull(),
    dateStart: date('date_start').notNull(),
    ...stamps,
  },
  (table) => [index('parishes_municipality_idx').on(table.municipalityId, table.name), index('parishes_name_idx').on(table.name)],
);

/** `fee` is the monthly fee in dollars of residential addresses; `date_start` starts their service. */
export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    parishId: integer('parish_id')
      .notNull()
      .references(() => parishes.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 150 }).notNull(),
    numberHouses: integer('number_houses').notNull().default(0),
    responsibleName: varchar('responsible_name', { length: 150 }),
    responsiblePhone: varchar('responsible_phone', { length: 10 }),
    fee: numeric('fee', { precision: 18, scale: 2 }).notNull(),
    dateStart: date('date_start').notNull(),
    ...lateFeeColumns(),
    ...stamps,
  },
  (table) => [
    index('communities_parish_idx').on(table.parishId, table.name),
    index('communities_name_idx').on(table.name),
    index('communities_fee_idx').on(table.fee),
  ],
);
