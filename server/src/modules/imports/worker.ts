import { setTimeout as rest, setImmediate as yieldToRequests } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { emptyImportCounts, type ImportChange, type ImportCounts, type ImportRowError } from '@recaudo/domain/imports';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { startLoop } from '../../platform/queue';
import type { FileStorage } from '../../platform/storage';
import { applyBatch } from './apply';
import { Places } from './places';
import { addCounts, planBatch } from './plan';
import { RowPreparer, type PreparedRow } from './prepare';
import { openSheet, type ReadLimits, type SheetRow } from './read-file';
import { mapColumns } from './rows';
import { imports } from './tables';

/**
 * The background side of imports: one import at a time across every server process (the second
 * waits in the queue, never interleaved), held by a lease. A commit writes each batch and moves
 * `rows_done` in one transaction, so a server killed in the middle leaves whole batches; when the
 * lease runs out the next pass takes the import again and goes on from `rows_done`. Rows are
 * keyed by identification and address text, so a batch that did commit is never written twice.
 */

export interface ImportSettings extends ReadLimits {
  batchRows: number;
  /** A commit's rest after each batch, as a multiple of the batch's time (IMPORT_PAUSE_RATIO). */
  pauseRatio: number;
  leaseSeconds: number;
  /** A run that keeps failing (not the file: the server) is marked failed after this many. */
  maxAttempts: number;
}

export const importSettings = (config: { IMPORT_MAX_ROWS: number; IMPORT_MAX_MB: number; IMPORT_BATCH_ROWS: number; IMPORT_PAUSE_RATIO: number }): ImportSettings => ({
  maxRows: config.IMPORT_MAX_ROWS,
  maxBytes: Math.round(config.IMPORT_MAX_MB * 1048576),
  maxExpandedBytes: Math.round(config.IMPORT_MAX_MB * 16 * 1048576),
  batchRows: config.IMPORT_BATCH_ROWS,
  pauseRatio: config.IMPORT_PAUSE_RATIO,
  leaseSeconds: 120,
  maxAttempts: 5,
});

/** Rows prepared between two turns of the event loop (a few milliseconds of work). */
const ROWS_PER_TURN = 50;
/** Kept in the import's row for the status; the errors file recomputes every error. */
const FIRST_ERRORS = 100;
const FIRST_CHANGES = 100;
/** Serializes the claim across processes (the lock's key is arbitrary but fixed). */
const CLAIM_LOCK = 480_048;

/** Takes the oldest queued import, or a running one whose holder died, when no other is running. */
export async function claimImport(db: Database, leaseSeconds: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const result = (await tx.execute(sql`update imports set status = 'running', attempts = attempts + 1,
        claimed_until = now() + make_interval(secs => ${leaseSeconds}), started_at = coalesce(started_at, now()), updated_at = now()
      where id = (select id from imports where (status = 'queued' or (status = 'running' and claimed_until < now()))
          and not exists (select 1 from imports where status = 'running' and claimed_until >= now())
        order by id limit 1)
      returning id`)) as unknown as { rows: { id: number }[] };
    return result.rows[0] ? Number(result.rows[0].id) : null;
  });
}

type ImportRecord = typeof imports.$inferSelect;

async function finish(db: Database, id: number, values: Partial<typeof imports.$inferInsert>) {
  await db
    .update(imports)
    .set({ ...values, claimedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(imports.id, id));
}

export interface RowBatch {
  /** The index (from 0) of the batch's first row among the file's data rows. */
  start: number;
  rows: PreparedRow[];
  /** The rows as the file has them. */
  sources: SheetRow[];
}

/**
 * Opens the stored file for a pass over its rows, prepared as they are read and handed out in
 * batches: only a batch is held at a time. A file that can't be read fails the import with its reason.
 */
export async function openImportFile(db: Database, storage: FileStorage, record: ImportRecord, settings: ImportSettings, now: Date) {
  const data = await storage.read(record.fileStored);
  if (!data) throw new AppError('not_found', 'El archivo de la importación ya no está guardado.');
  const sheet = await openSheet(data, settings);
  const mapping = mapColumns(sheet.headers);
  const preparer = new RowPreparer(mapping, await Places.load(db), now);
  async function* batches(size: number): AsyncGenerator<RowBatch> {
    let batch: RowBatch = { start: 0, rows: [], sources: [] };
    for await (const source of sheet.rows) {
      batch.rows.push(preparer.prepare(source));
      batch.sources.push(source);
      // A parsed chunk hands its rows over without a turn of the event loop between them: each row is checked against the forms' rules, so requests get a turn every few.
      if (batch.rows.length % ROWS_PER_TURN === 0) await yieldToRequests();
      if (batch.rows.length < size) continue;
      yield batch;
      batch = { start: batch.start + size, rows: [], sources: [] };
    }
    if (batch.rows.length) yield batch;
  }
  return { headers: sheet.headers, mapping, batches };
}

type ImportFile = Awaited<ReturnType<typeof openImportFile>>;

const cancelRequested = async (db: Database, id: number) => (await db.select({ cancel: imports.cancelRequested }).from(imports).where(eq(imports.id, id)))[0]?.cancel ?? true;

async function dryRun(db: Database, record: ImportRecord, file: ImportFile, settings: ImportSettings, now: Date) {
  let counts = emptyImportCounts();
  const errorRows: number[] = [];
  const errors: ImportRowError[] = [];
  const changes: ImportChange[] = [];
  for await (const batch of file.batches(settings.batchRows * 4)) {
    if (await cancelRequested(db, record.id)) return finish(db, record.id, { status: 'cancelled' });
    const plan = await planBatch(db, batch.rows, now, file.mapping.headers);
    counts = addCounts(counts, plan.counts);
    for (const error of plan.errors) if (errorRows.at(-1) !== error.row) errorRows.push(error.row);
    if (errors.length < FIRST_ERRORS) errors.push(...plan.errors.slice(0, FIRST_ERRORS - errors.length));
    if (changes.length < FIRST_CHANGES) changes.push(...plan.changes.slice(0, FIRST_CHANGES - changes.length));
    await db
      .update(imports)
      .set({ rowsDone: batch.start + batch.rows.length, counts, claimedUntil: sql`now() + make_interval(secs => ${settings.leaseSeconds})`, updatedAt: sql`now()` })
      .where(eq(imports.id, record.id));
    await yieldToRequests();
  }
  await finish(db, record.id, { status: 'done', counts, errors, changes, errorRows });
}

/**
 * Rows a commit writes between two ANALYZE of the tables it fills. Planned on the statistics of an
 * office's first 31 clients, the payments list's page took 100–180 ms of the database beside a
 * 60 000-row import (p95 246 ms, 1.1 s beside 250 000) where autovacuum had not analysed them yet
 * (or is off): a bulk load is followed by ANALYZE, as PostgreSQL's manual advises.
 */
const ANALYZE_EVERY_ROWS = 20_000;

const analyzeImported = (db: Database) => db.execute(sql`analyze clients, addresses_payments`);

async function commit(db: Database, record: ImportRecord, file: ImportFile, settings: ImportSettings, now: Date) {
  let counts = record.counts;
  const errors = [...record.errors];
  let sinceAnalyze = 0;
  for await (const batch of file.batches(settings.batchRows)) {
    // What an earlier run committed is read again (the later rows are checked against it) but not written.
    const rows = batch.rows.slice(Math.max(0, record.rowsDone - batch.start));
    if (!rows.length) continue;
    if (await cancelRequested(db, record.id)) {
      await db.transaction(async (tx) => {
        await tx.update(imports).set({ status: 'cancelled', claimedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(imports.id, record.id));
        await auditCommit(tx, record, counts, 'cancelled');
      });
      return;
    }
    const started = performance.now();
    await db.transaction(async (tx) => {
      const plan = await planBatch(tx, rows, now, file.mapping.headers);
      await applyBatch(tx, plan, record.userId ?? 0);
      counts = addCounts(counts, plan.counts);
      if (errors.length < FIRST_ERRORS) errors.push(...plan.errors.slice(0, FIRST_ERRORS - errors.length));
      await tx
        .update(imports)
        .set({ rowsDone: batch.start + batch.rows.length, counts, errors, claimedUntil: sql`now() + make_interval(secs => ${settings.leaseSeconds})`, updatedAt: sql`now()` })
        .where(eq(imports.id, record.id));
    });
    sinceAnalyze += rows.length;
    if (sinceAnalyze >= ANALYZE_EVERY_ROWS) {
      await analyzeImported(db);
      sinceAnalyze = 0;
    }
    // Resting as long as each batch took leaves the counter's requests half the database.
    await rest((performance.now() - started) * settings.pauseRatio);
  }
  if (sinceAnalyze) await analyzeImported(db);
  await db.transaction(async (tx) => {
    await tx.update(imports).set({ status: 'done', claimedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(imports.id, record.id));
    await auditCommit(tx, record, counts, 'done');
  });
}

/** The one `import_clients` entry of a commit: its counts and the file's SHA-256. */
const auditCommit = (tx: Parameters<typeof recordAudit>[0], record: ImportRecord, counts: ImportCounts, status: 'done' | 'cancelled') =>
  recordAudit(tx, {
    module: 'imports',
    event: 'import_clients',
    causerId: record.userId,
    subjectId: record.id,
    attributes: { file_name: record.fileName, file_sha256: record.fileHash, status, only_valid: record.onlyValid, ...counts },
  });

/** Runs one claimed import to its end (or to its cancellation). */
export async function runImport(db: Database, storage: FileStorage, id: number, settings: ImportSettings, now = new Date()): Promise<void> {
  const [record] = await db.select().from(imports).where(eq(imports.id, id));
  if (!record) return;
  try {
    const file = await openImportFile(db, storage, record, settings, now);
    if (record.mode === 'dry_run') await dryRun(db, record, file, settings, now);
    else await commit(db, record, file, settings, now);
  } catch (error) {
    // A file that can't be read fails for good; anything else is retried from rows_done until maxAttempts.
    if (error instanceof AppError || record.attempts >= settings.maxAttempts) {
      await finish(db, id, { status: 'failed', failure: error instanceof Error ? error.message.slice(0, 2000) : String(error) });
      return;
    }
    await db.update(imports).set({ claimedUntil: sql`now()`, updatedAt: sql`now()` }).where(eq(imports.id, id));
    throw error;
  }
}

/** One pass: every import waiting, one after the other. */
export async function runPendingImports(db: Database, storage: FileStorage, settings: ImportSettings): Promise<number> {
  let ran = 0;
  for (let id = await claimImport(db, settings.leaseSeconds); id !== null; id = await claimImport(db, settings.leaseSeconds)) {
    await runImport(db, storage, id, settings);
    ran++;
  }
  return ran;
}

export function startImportWorker(db: Database, storage: FileStorage, settings: ImportSettings, options: { intervalMs: number; onError?: (error: unknown) => void }) {
  return startLoop(() => runPendingImports(db, storage, settings), options);
}
