import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { emptyImportCounts, importMessages, type ImportKind, type ImportMode, type ImportView } from '@recaudo/domain/imports';
import type { Database, Executor } from '../../db/client';
import { iso, isoTimestamp } from '../../platform/envelope';
import { AppError, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import type { AuthContext } from '../auth/service';
import { users } from '../users/tables';
import { countRows, openSheet } from './read-file';
import { mapColumns } from './rows';
import { imports } from './tables';
import type { ImportSettings } from './worker';

/** Creating, reading and cancelling imports; the work itself is the worker's (worker.ts). */

const HASH_SLICE_BYTES = 4 * 1024 * 1024;

export interface NewImport {
  kind: ImportKind;
  mode: ImportMode;
  onlyValid: boolean;
  fileName: string;
  data: Buffer;
}

/** A file's SHA-256 a slice at a time, so hashing 50 MB does not hold the event loop. */
async function sha256Of(data: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < data.length; at += HASH_SLICE_BYTES) {
    hash.update(data.subarray(at, at + HASH_SLICE_BYTES));
    await nextTurn();
  }
  return hash.digest('hex');
}

const refused = (message: string) => new AppError('validation', message, { file: [message] });

/**
 * Checks what can be checked at once (size, format, zip bomb, the header row, at least one data row,
 * the row limit), keeps the file and queues the import. A commit needs a finished dry run of the
 * same file (by its SHA-256) without errors, or `only_valid`.
 */
export async function createImport(db: Database, storage: FileStorage, auth: AuthContext, input: NewImport, settings: ImportSettings): Promise<number> {
  const sheet = await openSheet(input.data, settings);
  mapColumns(sheet.headers);
  const rowsTotal = await countRows(sheet);
  if (!rowsTotal) throw refused(importMessages.headerOnly);
  const hash = await sha256Of(input.data);
  if (input.mode === 'commit') {
    const [reviewed] = await db
      .select({ errorRows: imports.errorRows })
      .from(imports)
      .where(and(eq(imports.fileHash, hash), eq(imports.mode, 'dry_run'), eq(imports.status, 'done'), eq(imports.kind, input.kind)))
      .orderBy(desc(imports.id))
      .limit(1);
    if (!reviewed) throw refused(importMessages.needsDryRun);
    if (reviewed.errorRows.length && !input.onlyValid) {
      const message = importMessages.hasErrors(reviewed.errorRows);
      throw new AppError('validation', message, { file: [message], rows: reviewed.errorRows.map(String) });
    }
  }
  const stored = await storage.save('imports', input.data, sheet.format);
  const [row] = await db
    .insert(imports)
    .values({
      kind: input.kind,
      mode: input.mode,
      onlyValid: input.onlyValid,
      fileName: input.fileName.slice(0, 255),
      fileHash: hash,
      fileStored: stored,
      fileFormat: sheet.format,
      rowsTotal,
      counts: emptyImportCounts(),
      errors: [],
      changes: [],
      userId: auth.user.id,
    })
    .returning({ id: imports.id });
  return row!.id;
}

const viewColumns = {
  record: imports,
  user_name: users.name,
  elapsed: sql<number | null>`extract(epoch from now() - ${imports.startedAt})::float8`,
};

type ViewRow = { record: typeof imports.$inferSelect; user_name: string | null; elapsed: number | string | null };

function present({ record, user_name, elapsed }: ViewRow): ImportView {
  const seconds = elapsed === null ? null : Number(elapsed);
  const running = record.status === 'running' && record.rowsDone > 0 && seconds !== null;
  return {
    id: record.id,
    kind: record.kind as ImportKind,
    mode: record.mode,
    status: record.status,
    only_valid: record.onlyValid,
    file_name: record.fileName,
    file_hash: record.fileHash,
    rows_total: record.rowsTotal,
    rows_done: record.rowsDone,
    counts: record.counts,
    errors: record.errors,
    changes: record.changes,
    failure: record.failure,
    user: record.userId !== null && user_name !== null ? { id: record.userId, name: user_name } : null,
    created_at: iso(record.createdAt),
    started_at: isoTimestamp(record.startedAt),
    finished_at: isoTimestamp(record.finishedAt),
    seconds_left: running ? Math.ceil((seconds / record.rowsDone) * (record.rowsTotal - record.rowsDone)) : null,
  };
}

export async function findImport(db: Executor, id: number): Promise<ImportView> {
  const [row] = await db.select(viewColumns).from(imports).leftJoin(users, eq(users.id, imports.userId)).where(eq(imports.id, id));
  if (!row) throw notFound(importMessages.notFound);
  return present(row);
}

export async function importRecord(db: Executor, id: number) {
  const [record] = await db.select().from(imports).where(eq(imports.id, id));
  if (!record) throw notFound(importMessages.notFound);
  return record;
}

/** Past imports, newest first (the history's page). */
export async function listImports(db: Executor, page: number, perPage: number): Promise<{ data: ImportView[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select(viewColumns)
      .from(imports)
      .leftJoin(users, eq(users.id, imports.userId))
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(imports),
  ]);
  return { data: rows.map(present), total: Number(count?.total ?? 0) };
}

/** A queued import is cancelled at once; a running one at its next batch boundary. */
export async function cancelImport(db: Database, id: number): Promise<void> {
  const result = await db
    .update(imports)
    .set({
      cancelRequested: true,
      status: sql`case when ${imports.status} = 'queued' then 'cancelled' else ${imports.status} end`,
      finishedAt: sql`case when ${imports.status} = 'queued' then now() else ${imports.finishedAt} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(imports.id, id), inArray(imports.status, ['queued', 'running'])))
    .returning({ id: imports.id });
  if (result.length) return;
  await importRecord(db, id);
  throw new AppError('validation', importMessages.notCancellable);
}
