import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupMessages } from '@recaudo/domain/backups';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { engineOf, queryRows } from '../../db/version';
import { auditLogs } from '../logs/tables';
import { objectStores } from '../../platform/storage';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { startBackupSchedule } from './schedule';
import type { BackupPlace } from './service';
import { backupRuns } from './tables';

/**
 * Backups under injected disk faults (issue 46): a full disk is a tiny tmpfs filled to the last
 * byte, a read-only one a tmpfs mounted read-only, both mounted on the temporary folder (TMPDIR)
 * or on DATA_DIR/backups. Root passes every permission check, so a missing permission is the
 * kernel's own EACCES for the `nobody` user: the process's effective user while the backup runs.
 * Mounting needs root, as CI runs; every mount is undone after its test.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-disk-faults-'));
const dataDir = path.join(scratch, 'data');
const backupsDir = path.join(dataDir, 'backups');
/** TMPDIR of the backups of this file: a mount point when the fault is in the temporary folder. */
const tempDir = path.join(scratch, 'tmp');
const NOBODY = 65534;
const mounted: string[] = [];
const savedTmpdir = process.env.TMPDIR;

let ctx: TestContext;
let operator: TestUser;
let admin: TestUser;
let cashier: TestUser;
let place: BackupPlace;

beforeAll(async () => {
  expect(process.getuid?.(), 'these tests mount file systems: run them as root (CI does)').toBe(0);
  fs.mkdirSync(backupsDir, { recursive: true });
  fs.mkdirSync(tempDir);
  // The nobody user reaches the temporary folder, and meets the root-owned backups folder.
  fs.chmodSync(scratch, 0o755);
  fs.chmodSync(tempDir, 0o777);
  process.env.TMPDIR = tempDir;
  ctx = await createTestContext({ DATA_DIR: dataDir });
  operator = await ctx.staff({ permissions: ['backups'] });
  admin = await ctx.staff({ roleId: ADMIN_ROLE_ID });
  cashier = await ctx.staff({ roleId: 3 });
  place = { db: ctx.db, engine: engineOf(ctx.db), ...objectStores(ctx.config), tempDir };
});
afterEach(() => {
  for (const dir of mounted.splice(0)) execFileSync('umount', [dir]);
});
afterAll(async () => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  await ctx.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A 64 KB tmpfs on `dir`, filled until the kernel answers ENOSPC. */
function mountFullDisk(dir: string) {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0777', 'tmpfs', dir]);
  mounted.push(dir);
  expect(() => fs.writeFileSync(path.join(dir, 'relleno'), Buffer.alloc(256 * 1024, 1))).toThrow(/ENOSPC/);
}

function mountReadOnly(dir: string) {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m,mode=0777', 'tmpfs', dir]);
  mounted.push(dir);
  expect(() => fs.writeFileSync(path.join(dir, 'prueba'), 'x')).toThrow(/EROFS/);
}

/** Runs `work` as the nobody user (effective uid and gid), then as root again. */
async function asNobody<T>(work: () => Promise<T>): Promise<T> {
  process.setegid!(NOBODY);
  process.seteuid!(NOBODY);
  try {
    return await work();
  } finally {
    process.seteuid!(0);
    process.setegid!(0);
  }
}

/** What a failed backup may leave: temporary folders, and any file (a hidden partial copy too) in the backups folder. */
const leftovers = () => ({
  temporary: fs.readdirSync(tempDir).filter((name) => name.startsWith('recaudo-backup-')),
  backups: fs.readdirSync(backupsDir).filter((name) => name !== 'relleno'),
});

const lastRun = async () => (await ctx.db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1))[0]!;
const lastFailure = async () =>
  (await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'backups'), eq(auditLogs.description, 'failed'))).orderBy(desc(auditLogs.id)).limit(1))[0]!;

const create = () => ctx.call('POST', '/api/backups', { token: operator.token });

/** The fault's answer, the run and the Bitácoras entry it leaves, nothing on disk, and a working server afterwards. */
async function expectManualFailure(answer: { status: number; body: unknown }, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ success: false, message });
  expect(leftovers()).toEqual({ temporary: [], backups: [] });
  const run = await lastRun();
  expect(run).toMatchObject({ kind: 'manual', tickAt: null, status: 'failed', error: message, name: null });
  expect(run.finishedAt).not.toBeNull();
  expect(await lastFailure()).toMatchObject({ causerId: operator.id, errorMessage: message, properties: { attributes: { run: run.id, scheduled: false } } });
  expect((await ctx.call('GET', '/api/backups', { token: operator.token })).status).toBe(200);
}

describe('a manual backup on a faulty disk', () => {
  it('answers 507 when the temporary folder is full', async () => {
    mountFullDisk(tempDir);
    await expectManualFailure(await create(), 507, 'No hay espacio en disco para el respaldo (carpeta temporal)');
    expect(fs.readdirSync(tempDir)).toEqual(['relleno']);
  });

  it('answers 507 when the backups folder is full, leaving no partial copy', async () => {
    mountFullDisk(backupsDir);
    await expectManualFailure(await create(), 507, 'No hay espacio en disco para el respaldo (carpeta de respaldos)');
    expect(fs.readdirSync(backupsDir)).toEqual(['relleno']);
  });

  it('answers 500 with the reason when the temporary or the backups folder is read-only', async () => {
    mountReadOnly(tempDir);
    await expectManualFailure(await create(), 500, 'No se pudo escribir el respaldo: el disco es de solo lectura (carpeta temporal)');
    execFileSync('umount', [mounted.pop()!]);
    mountReadOnly(backupsDir);
    await expectManualFailure(await create(), 500, 'No se pudo escribir el respaldo: el disco es de solo lectura (carpeta de respaldos)');
  });

  it('answers 500 with the reason when the server may not write the backups or the temporary folder', async () => {
    await expectManualFailure(await asNobody(create), 500, 'No se pudo escribir el respaldo: falta permiso de escritura (carpeta de respaldos)');
    fs.chmodSync(tempDir, 0o755);
    try {
      await expectManualFailure(await asNobody(create), 500, 'No se pudo escribir el respaldo: falta permiso de escritura (carpeta temporal)');
    } finally {
      fs.chmodSync(tempDir, 0o777);
    }
  });

  it('makes the backup once the disk is back', async () => {
    const answer = await create();
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(backupMessages.created);
    expect(await lastRun()).toMatchObject({ kind: 'manual', status: 'done', name: answer.body.data.name, size: answer.body.data.size, error: null });
    expect(leftovers()).toEqual({ temporary: [], backups: [answer.body.data.name] });
    fs.rmSync(path.join(backupsDir, answer.body.data.name));
  });
});

describe('a scheduled backup on a full disk', () => {
  const dashboardWarning = async (user: TestUser) => (await ctx.call('GET', '/api/dashboard/admin', { token: user.token, query: { filters: { option: 0 } } })).body.data.backup_warning;

  it('fails its run, is audited, and warns the administrator on the dashboard until one succeeds', async () => {
    expect(await dashboardWarning(admin)).toBeNull();
    mountFullDisk(backupsDir);
    const errors: unknown[] = [];
    const schedule = startBackupSchedule(place, { cron: '* * * * * *', keep: 0, log: () => undefined, onError: (error) => errors.push(error) });
    try {
      for (let wait = 0; wait < 100 && !errors.length; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await schedule.stop();
    }
    const reason = 'No hay espacio en disco para el respaldo (carpeta de respaldos)';
    // Each tick that met the full disk failed with its reason, and the process went on.
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect((error as Error).message).toBe(reason);
    const failedTicks = errors.length;
    const run = (await ctx.db.select().from(backupRuns).where(eq(backupRuns.kind, 'scheduled')).orderBy(desc(backupRuns.tickAt)).limit(1))[0]!;
    expect(run).toMatchObject({ status: 'failed', error: reason, name: null });
    expect(leftovers()).toEqual({ temporary: [], backups: [] });
    expect(await lastFailure()).toMatchObject({ causerId: null, errorMessage: reason, properties: { attributes: { run: run.id, scheduled: true } } });
    const [tick] = await queryRows<{ when: string }>(ctx.db, sql`select to_char(tick_at at time zone 'America/Caracas', 'DD-MM-YYYY HH24:MI') as when from backup_runs where id = ${run.id}`);
    expect(await dashboardWarning(admin)).toBe(`El respaldo programado del ${tick!.when} falló: ${reason}. Revise el disco del servidor y cree un respaldo en Respaldos.`);
    // Only the Administrador's dashboard says it.
    expect(await dashboardWarning(cashier)).toBeNull();
    execFileSync('umount', [mounted.pop()!]);
    const healed = startBackupSchedule(place, { cron: '* * * * * *', keep: 0, log: () => undefined, onError: (error) => errors.push(error) });
    try {
      for (let wait = 0; wait < 100 && (await dashboardWarning(admin)) !== null; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await healed.stop();
    }
    expect(await dashboardWarning(admin)).toBeNull();
    expect(errors).toHaveLength(failedTicks);
  });
});
