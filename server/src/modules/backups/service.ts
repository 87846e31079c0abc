import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BACKUP_NAME, backupMessages, type BackupRow } from '@recaudo/domain/backups';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { ObjectStore } from '../../platform/storage';
import { writeBackup } from './dump';
import { asRun, failRun, finishRun, tempPrefixOf, writingTo, type RunStart } from './runs';

export interface BackupPlace {
  db: Database;
  engine: 'pglite' | 'postgres';
  uploads: ObjectStore;
  backups: ObjectStore;
  /** Where the backup is written before it is stored: TMPDIR as the process started, by default. */
  tempDir?: string;
}

export const newBackupName = (now = new Date()) => `recaudo-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z-${randomBytes(3).toString('hex')}.jsonl.gz`;

/** The backups in the store, newest first. */
export async function listBackups(place: BackupPlace): Promise<BackupRow[]> {
  const found = await place.backups.list();
  return found
    .filter((item) => BACKUP_NAME.test(item.key))
    .map((item) => ({ name: item.key, size: item.size }))
    .sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * A client-given path is a backup only when it is exactly one of the listed names: the shape
 * is checked first (so `..`, slashes, absolute paths or NUL never reach the store), then the
 * listing.
 */
export async function resolveBackup(place: BackupPlace, requested: string): Promise<BackupRow> {
  if (!BACKUP_NAME.test(requested)) throw notFound(backupMessages.notFound);
  const found = (await listBackups(place)).find((row) => row.name === requested);
  if (!found) throw notFound(backupMessages.notFound);
  return found;
}

/**
 * Dumps to a temporary file (in TMPDIR, named after the run), then stores it under a new name.
 * A disk fault of either folder answers 507 or 500 with its reason (runs.ts); the temporary
 * folder is removed whatever happened.
 */
export async function makeBackup(place: BackupPlace, runId: number | null = null): Promise<BackupRow> {
  const name = newBackupName();
  const folder = await writingTo('temporary', () => fs.mkdtemp(path.join(place.tempDir ?? os.tmpdir(), tempPrefixOf(runId))));
  const file = path.join(folder, name);
  try {
    await writingTo('temporary', () => writeBackup(place.db, place.engine, place.uploads, file));
    const { size } = await fs.stat(file);
    await writingTo('backups', () => place.backups.putFile(name, file));
    return { name, size };
  } finally {
    await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * One backup as a run of backup_runs: done and audited as created, or failed, audited with its
 * reason and thrown. `then` is the scheduled run's pruning, its answer added to the audit entry.
 * Answers null when a scheduled tick was already taken by another process.
 */
export async function runBackup(
  place: BackupPlace,
  start: RunStart,
  causerId: number | null,
  then: () => Promise<Record<string, unknown>> = async () => ({}),
): Promise<(BackupRow & { extra: Record<string, unknown> }) | null> {
  const run = await asRun(place.db, place.engine, start, async (runId) => {
    try {
      const row = await makeBackup(place, runId);
      const extra = await then();
      await finishRun(place.db, runId, row);
      await recordAudit(place.db, { module: 'backups', event: 'created', causerId, attributes: { ...row, ...(start.kind === 'scheduled' ? { scheduled: true } : {}), ...extra } });
      return { ...row, extra };
    } catch (error) {
      await failRun(place.db, runId, start, causerId, error);
      throw error;
    }
  });
  return run?.value ?? null;
}

export async function createBackup(place: BackupPlace, causerId: number | null): Promise<BackupRow> {
  const { name, size } = (await runBackup(place, { kind: 'manual' }, causerId))!;
  return { name, size };
}

export async function deleteBackup(place: BackupPlace, causerId: number | null, requested: string): Promise<void> {
  const row = await resolveBackup(place, requested);
  await place.backups.remove(row.name);
  await recordAudit(place.db, { module: 'backups', event: 'deleted', causerId, old: { ...row } });
}

export async function openBackup(place: BackupPlace, requested: string): Promise<{ row: BackupRow; stream: Readable }> {
  const row = await resolveBackup(place, requested);
  const stream = await place.backups.stream(row.name);
  if (!stream) throw notFound(backupMessages.notFound);
  return { row, stream };
}

/** Keeps the newest `keep` backups (0 keeps all); answers the names deleted. */
export async function pruneBackups(place: BackupPlace, keep: number): Promise<string[]> {
  if (keep <= 0) return [];
  const old = (await listBackups(place)).slice(keep);
  for (const row of old) await place.backups.remove(row.name);
  return old.map((row) => row.name);
}
