import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { BACKUP_FOLDER_LABELS, backupMessages, scheduledBackupFailed, type BackupFolder } from '@recaudo/domain/backups';
import { queryRows } from '../../db/version';
import type { Database, Executor } from '../../db/client';
import { recordAudit, recordAudits } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { backupRuns } from './tables';

/**
 * The life of a backup as a row of backup_runs (issue 46): running while it is made, then done or
 * failed with its reason in Spanish; the failure is answered, logged, audited and, for a
 * scheduled one, shown on the administrator's dashboard.
 */

/** The temporary folder of a run is named after it, so the run found interrupted can remove it. */
export const TEMP_PREFIX = 'recaudo-backup-';
export const tempPrefixOf = (runId: number | null) => `${TEMP_PREFIX}${runId === null ? '' : `${runId}-`}`;

/**
 * The advisory-lock namespace (two-key form) of the running backups: on PostgreSQL the process
 * making run N holds lock (RUN_LOCK, N) until it ends, so another process knows it alive.
 */
const RUN_LOCK = 7_305_046;

const FAULTS: Record<string, { code: 'insufficient_storage' | 'server_error'; message: string }> = {
  ENOSPC: { code: 'insufficient_storage', message: backupMessages.noSpace },
  EDQUOT: { code: 'insufficient_storage', message: backupMessages.noSpace },
  EROFS: { code: 'server_error', message: backupMessages.readOnly },
  EACCES: { code: 'server_error', message: backupMessages.noPermission },
  EPERM: { code: 'server_error', message: backupMessages.noPermission },
};

/** A disk fault of the temporary or the backups folder as the answer it gets: 507 or 500 with its reason. */
export function diskFault(error: unknown, folder: BackupFolder): AppError | null {
  const fault = FAULTS[(error as NodeJS.ErrnoException | null)?.code ?? ''];
  return fault ? new AppError(fault.code, `${fault.message} (${BACKUP_FOLDER_LABELS[folder]})`) : null;
}

/** Runs one step that writes to `folder`, its disk fault turned into that answer. */
export async function writingTo<T>(folder: BackupFolder, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw diskFault(error, folder) ?? error;
  }
}

export type RunStart = { kind: 'manual' } | { kind: 'scheduled'; tickAt: string };

/**
 * Inserts the run and calls `work` with its id while the run is known alive: on PostgreSQL the
 * run's id is drawn and its advisory lock taken (in a transaction held open for the whole backup)
 * before the row exists, so no other process ever sees it running without its lock. PGlite has
 * one process (the DATA_DIR lock) and one connection, which that transaction would hold: no lock.
 * Answers null when the scheduled tick was already taken by another process.
 */
export async function asRun<T>(db: Database, engine: 'pglite' | 'postgres', start: RunStart, work: (runId: number) => Promise<T>): Promise<{ value: T } | null> {
  const claim = async (id?: number) => {
    const [claimed] = await db
      .insert(backupRuns)
      .values({ ...(id === undefined ? {} : { id }), kind: start.kind, tickAt: start.kind === 'scheduled' ? start.tickAt : null })
      .onConflictDoNothing({ target: backupRuns.tickAt })
      .returning({ id: backupRuns.id });
    return claimed?.id ?? null;
  };
  if (engine === 'pglite') {
    const id = await claim();
    return id === null ? null : { value: await work(id) };
  }
  let result: { value: T } | null = null;
  await db.transaction(async (holder) => {
    const [drawn] = await queryRows<{ id: number }>(holder, sql`select nextval(pg_get_serial_sequence('backup_runs', 'id'))::int as id`);
    await holder.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK}, ${drawn!.id})`);
    const id = await claim(drawn!.id);
    if (id !== null) result = { value: await work(id) };
  });
  return result;
}

export async function finishRun(db: Database, runId: number, row: { name: string; size: number }): Promise<void> {
  await db.update(backupRuns).set({ status: 'done', name: row.name, size: row.size, error: null, finishedAt: sql`now()` }).where(eq(backupRuns.id, runId));
}

/** The reason a run failed as stored and shown: an answer's own text, else the error's. */
export const failureReason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Marks a run failed and audits it (Bitácoras, module backups, event failed). With the database
 * itself gone this cannot be written: the run stays running until the next start finds it.
 */
export async function failRun(db: Database, runId: number, start: RunStart, causerId: number | null, error: unknown): Promise<void> {
  const reason = failureReason(error);
  try {
    await db.update(backupRuns).set({ status: 'failed', error: reason, finishedAt: sql`now()` }).where(eq(backupRuns.id, runId));
    await recordAudit(db, { module: 'backups', event: 'failed', causerId, errorMessage: reason, attributes: { run: runId, scheduled: start.kind === 'scheduled' } });
  } catch {
    // The original failure is what the caller reports.
  }
}

/**
 * At start: a run still `running` whose process is gone (killed or crashed mid-backup) is marked
 * failed, audited, and its temporary folder in this process's TMPDIR removed. On PostgreSQL a run
 * is gone when its advisory lock is free (its process's session ended); the lock of a run another
 * live process is making is held, so several processes on one database never fail each other's
 * runs. The times are the database's.
 */
export async function failInterruptedRuns(db: Database, tempDir = os.tmpdir()): Promise<number[]> {
  const failed = await queryRows<{ id: number; kind: string }>(
    db,
    sql`update backup_runs set status = 'failed', error = ${backupMessages.interrupted}, finished_at = now()
      where status = 'running' and pg_try_advisory_xact_lock(${RUN_LOCK}, id) returning id, kind`,
  );
  if (!failed.length) return [];
  await recordAudits(
    db,
    failed.map((run) => ({ module: 'backups', event: 'failed' as const, causerId: null, errorMessage: backupMessages.interrupted, attributes: { run: run.id, scheduled: run.kind === 'scheduled' } })),
  );
  const entries = await fs.readdir(tempDir).catch(() => [] as string[]);
  for (const run of failed) {
    for (const entry of entries.filter((name) => name.startsWith(tempPrefixOf(run.id)))) await fs.rm(path.join(tempDir, entry), { recursive: true, force: true }).catch(() => undefined);
  }
  return failed.map((run) => run.id);
}

/**
 * The administrator's dashboard warning while the last scheduled backup that ended failed, with
 * its time (Caracas) and reason; null once a later scheduled one is done.
 */
export async function scheduledBackupWarning(db: Executor): Promise<string | null> {
  const [last] = await queryRows<{ status: string; tick: string; error: string | null }>(
    db,
    sql`select status, to_char(tick_at at time zone 'America/Caracas', 'DD-MM-YYYY HH24:MI') as tick, error from backup_runs
      where kind = 'scheduled' and status <> 'running' order by tick_at desc limit 1`,
  );
  return last?.status === 'failed' ? scheduledBackupFailed(last.tick, last.error ?? '') : null;
}
