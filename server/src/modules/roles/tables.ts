import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  key: varchar('key', { length: 100 }).unique(),
  /** Minutes without use before a session of this role expires; 0 = no limit. */
  expiredSessionTime: integer('expired_session_time').notNull().default(60),
  active: boolean('active').notNull().default(true),
  /** Its users must log in with a second factor (TOTP); until they enrol, their session can only enrol. */
  require2fa: boolean('require_2fa').notNull().default(false),
  notes: text('notes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per permission string of the domain tree, kept in step at every start. */
export const permissionModules = pgTable('modules', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  label: varchar('label', { length: 150 }).notNull(),
  parentId: integer('parent_id'),
  position: integer('position').notNull().default(0),
});

export const roleModules = pgTable(
  'role_modules',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => permissionModules.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.moduleId] }), index('role_modules_module_idx').on(table.moduleId)],
);
