import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Clients: residential (type 0, a person) or commercial (type 1, a business). */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    identificationType: varchar('identification_type', { length: 4 }).notNull(),
    identification: varchar('identification', { length: 20 }).notNull(),
    email: varchar('email', { length: 255 }),
    phone: jsonb('phone').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    gender: varchar('gender', { length: 1 }),
    birthDate: date('birth_date'),
    address: text('address'),
    photo: varchar('photo', { length: 255 }),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // How many payment addresses of each type the client has and the sum of their monthly fees,
    // kept by the triggers of migration 0023: a search on the addresses list totals the clients it
    // names from the rows it already reads, instead of reading every address of those clients.
    residentialAddresses: integer('residential_addresses').notNull().default(0),
    residentialFees: numeric('residential_fees', { precision: 18, scale: 2 }).notNull().default('0'),
    commercialAddresses: integer('commercial_addresses').notNull().default(0),
    commercialFees: numeric('commercial_fees', { precision: 18, scale: 2 }).notNull().default('0'),
    /** The client asked from the portal not to get the monthly payment reminders (issue 33). */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
  },
  (table) => [
    uniqueIndex('clients_identification_unique').on(table.identificationType, table.identification),
    // The list's default order (newest first, then id ascending), with and without the type selector.
    index('clients_type_order_idx').on(table.type, table.createdAt.desc().nullsFirst(), table.id),
    index('clients_order_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    index('clients_name_idx').on(table.name),
    // Contains-searches (ILIKE '%x%') of the lists: pg_trgm (migration 0005). The identification
    // one is "V-12345678" as the screens write it; it also answers a search on the bare number.
    index('clients_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('clients_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('clients_identification_trgm_idx').using('gin', sql`(${table.identificationType} || '-' || ${table.identification}) gin_trgm_ops`),
  ],
);

/** Staff notes about a client (spec 01 §3 Note); the text is required. */
export const clientNotes = pgTable(
  'client_notes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_notes_client_idx').on(table.clientId, table.createdAt)],
);
