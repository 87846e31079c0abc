import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** The audit log: who changed which record, with its attributes before and after. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    logName: varchar('log_name', { length: 64 }).notNull(),
    description: varchar('description', { length: 64 }).notNull(),
    subjectType: varchar('subject_type', { length: 64 }),
    subjectId: integer('subject_id'),
    causerId: integer('causer_id'),
    properties: jsonb('properties')
      .$type<{ old?: Record<string, unknown>; attributes?: Record<string, unknown> }>()
      .notNull()
      .default({}),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The hash chain (chain.ts): set once by the chainer after the entry's commit, never by the writer.
    chainPosition: bigint('chain_position', { mode: 'number' }),
    previousHash: varchar('previous_hash', { length: 64 }),
    hash: varchar('hash', { length: 64 }),
  },
  (table) => [
    // The default order (newest first, then id ascending): entries written in one transaction share created_at.
    index('audit_logs_order_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    index('audit_logs_subject_idx').on(table.subjectType, table.subjectId),
    index('audit_logs_causer_idx').on(table.causerId, table.createdAt),
    index('audit_logs_module_idx').on(table.logName, table.createdAt),
    index('audit_logs_event_idx').on(table.description, table.createdAt),
    // The Bitácoras search (logs/subjects.ts): module, event and every old and new value as one
    // text, for contains-searches by trigram. The function is written by hand in its migration.
    index('audit_logs_search_trgm_idx').using('gin', sql`audit_log_search_text(${table.logName}, ${table.description}, ${table.properties}) gin_trgm_ops`),
    uniqueIndex('audit_logs_chain_position_idx').on(table.chainPosition),
    index('audit_logs_unchained_idx').on(table.id).where(sql`chain_position is null`),
  ],
);

/**
 * The chain's last link (one row, id 1): its position and hash, so that entries cut from the end
 * of the log are noticed although no later entry points at them.
 */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
});
