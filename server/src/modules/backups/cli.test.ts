import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { lockDataDir } from '../../db/lock';
import { seedBase } from '../../db/seed/base';
import { engineOf } from '../../db/version';
import { localObjects } from '../../platform/storage';
import { seedPaymentPlace } from '../../../test/backups-fixture';
import { backupLines, digestsOf, writeBackupLines } from '../../../test/backups-helpers';
import { makeBackup } from './service';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-cli-'));
let file = '';
let expected: Awaited<ReturnType<typeof digestsOf>>;

/** `npm run restore -- …` as an administrator types it, from the repository's root. */
async function restore(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'restore', '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  const source = await openDatabase({ dataDir: null });
  await seedBase(source.db);
  await seedPaymentPlace(source.db, 3);
  const sourceDir = path.join(scratch, 'source');
  const backup = await makeBackup({ db: source.db, engine: engineOf(source.db), uploads: localObjects(path.join(sourceDir, 'uploads')), backups: localObjects(path.join(sourceDir, 'backups')) });
  file = path.join(sourceDir, 'backups', backup.name);
  expected = await digestsOf(source.db);
  await source.close();
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));


describe('npm run restore', () => {
  it('restores into an empty PGlite DATA_DIR, refuses it once it holds data, replaces it with --force', async () => {
    const dataDir = path.join(scratch, 'data');
    const first = await restore([file], { DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Respaldo ${path.basename(file)}`);
    expect(first.stdout).toMatch(/restaurado en PGlite/);
    expect(first.stdout).toMatch(/addresses_payments: 3 filas/);
    expect(first.stdout).toMatch(/conteos y sumas de verificación comprobados/);

    const refused = await restore([file], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/No se restauró nada: La base de datos no está vacía .* Usa --force/);

    const forced = await restore([file, '--force'], { DATA_DIR: dataDir });
    expect(forced.code, forced.stderr).toBe(0);
    const restored = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      expect(await digestsOf(restored.db)).toEqual(expected);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('refuses a DATA_DIR in use by a running server, a damaged file, and a wrong call', async () => {
    const dataDir = path.join(scratch, 'busy');
    const release = await lockDataDir(dataDir);
    try {
      const busy = await restore([file], { DATA_DIR: dataDir });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`Otro proceso de Recaudo ya usa ${dataDir}`);
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    } finally {
      await release();
    }
    const damaged = path.join(scratch, 'damaged.jsonl.gz');
    const lines = backupLines(file);
    writeBackupLines(damaged, lines.map((line) => (line.startsWith('{"t":"clients"') ? line.replace('Cliente Respaldo', 'Cliente Cambiado') : line)));
    const broken = await restore([damaged], { DATA_DIR: path.join(scratch, 'other') });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('No se restauró nada: La tabla clients no coincide con el manifiesto');
    const usage = await restore([], { DATA_DIR: path.join(scratch, 'other') });
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Uso: npm run restore -- ARCHIVO [--force]');
  }, 180_000);
});
