import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ImportCounts, ImportMode, ImportRowError, ImportStatus } from '@recaudo/domain/imports';

/**
 * Imports of clients and their payment addresses (issue 48): one row per uploaded file, dry run or
 * commit. The worker (worker.ts) takes the oldest queued one, one at a time across processes, and
 * holds it by a lease; a commit writes whole batches and moves `rows_done` in the same transaction,
 * so a worker that dies leaves a running import whose lease runs out and which the next pass
 * resumes at `rows_done`.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    mode: varchar('mode', { length: 10 }).$type<ImportMode>().notNull(),
    status: varchar('status', { length: 10 }).$type<ImportStatus>().notNull().default('queued'),
    /** "importar solo las filas válidas": a commit skips the rows in error instead of being refused. */
    onlyValid: boolean('only_valid').notNull().default(false),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** SHA-256 of the file's bytes, hex. */
    fileHash: varchar('file_hash', { length: 64 }).notNull(),
    /** Where the file is kept (storage name), for the office's records and for resuming. */
    fileStored: varchar('file_stored', { length: 255 }).notNull(),
    fileFormat: varchar('file_format', { length: 4 }).$type<'xlsx' | 'csv'>().notNull(),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    /** The first errors, as the status answers them; errors_file recomputes every one. */
    errors: jsonb('errors').$type<ImportRowError[]>().notNull(),
    /** Every line in error of a dry run: a commit without only_valid names them in its 422. */
    errorRows: jsonb('error_rows').$type<number[]>().notNull().default([]),
    /** What a dry run found would change on clients already on file (the first ones). */
    changes: jsonb('changes').$type<{ row: number; column: string; from: string; to: string }[]>().notNull(),
    /** Why a failed import failed. */
    failure: text('failure'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    userId: integer('user_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The history, newest first; the worker's claim reads the few queued or running ones.
    index('imports_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('imports_status_idx').on(table.status, table.id),
    index('imports_hash_idx').on(table.fileHash, table.mode, table.status),
  ],
);
