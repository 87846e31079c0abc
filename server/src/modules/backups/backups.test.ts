import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupMessages } from '@recaudo/domain/backups';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { correlatives } from '../correlatives/tables';
import { auditLogs } from '../logs/tables';
import { DamagedBackup } from './format';
import { RestoreRefused, restoreBackup } from './restore';
import { payments } from '../payments/tables';
import { filesIn, localObjects } from '../../platform/storage';
import { paymentBody, seedPaymentPlace, type PaymentPlace } from '../../../test/backups-fixture';
import { backupLines, digestsOf, manifestOf, writeBackupLines } from '../../../test/backups-helpers';
import { createTestContext, freshDatabase, type TestContext, type TestUser } from '../../../test/harness';

let ctx: TestContext;
let operator: TestUser;
let place: PaymentPlace;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-backups-'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-restore-'));
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d9b5a70000000049454e44ae426082', 'hex');

beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: dataDir });
  operator = await ctx.staff({ permissions: ['backups'] });
  place = await seedPaymentPlace(ctx.db, 40);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

const createOne = async () => {
  const answer = await ctx.call('POST', '/api/backups', { token: operator.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { name: string; size: number };
};

/** Downloads a backup through the API into a file of the scratch folder. */
async function download(name: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/backups/download?path=${encodeURIComponent(name)}`, headers: { authorization: `Bearer ${operator.token}` } });
  expect(response.statusCode).toBe(200);
  const file = path.join(scratch, name);
  fs.writeFileSync(file, response.rawPayload);
  return file;
}

let nextAddress = 0;
const pay = () => ctx.call('POST', '/api/payments/store', { token: place.token, body: paymentBody(place, place.addressIds[nextAddress++]!) });

describe('Respaldos API', () => {
  it('refuses users without the backups permission, clients and anonymous callers', async () => {
    const other = await ctx.staff({ permissions: ['banks'] });
    const client = await ctx.clientUser();
    for (const token of [other.token, client.token]) {
      expect((await ctx.call('GET', '/api/backups', { token })).status).toBe(403);
      expect((await ctx.call('POST', '/api/backups', { token })).status).toBe(403);
      expect((await ctx.call('DELETE', '/api/backups', { token, body: { path: 'x' } })).status).toBe(403);
      expect((await ctx.call('GET', '/api/backups/download', { token, query: { path: 'x' } })).status).toBe(403);
    }
    expect((await ctx.call('GET', '/api/backups')).status).toBe(401);
    expect((await ctx.call('GET', '/api/backups', { token: operator.token })).body).toEqual({ success: true, message: 'Operación exitosa', data: [] });
  });

  it('creates, lists, downloads and deletes a backup, and audits each', async () => {
    const created = await ctx.call('POST', '/api/backups', { token: operator.token });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(backupMessages.created);
    const { name, size } = created.body.data;
    expect(name).toMatch(/^recaudo-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-[a-f0-9]{6}\.jsonl\.gz$/);
    const stored = fs.statSync(path.join(dataDir, 'backups', name));
    expect(stored.size).toBe(size);
    // Readable and writable by the server's user only, never by the group or others.
    expect(stored.mode & 0o777).toBe(0o600);
    expect((await ctx.call('GET', '/api/backups', { token: operator.token })).body.data).toEqual([{ name, size }]);

    const response = await ctx.app.inject({ method: 'GET', url: `/api/backups/download?path=${name}`, headers: { authorization: `Bearer ${operator.token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toContain(name);
    expect(response.rawPayload.length).toBe(size);
    const first = JSON.parse(gunzipSync(response.rawPayload).toString('utf8').split('\n')[0]!);
    expect(first.header).toMatchObject({ format: 'recaudo-backup', version: 1 });

    const deleted = await ctx.call('DELETE', '/api/backups', { token: operator.token, body: { path: name } });
    expect(deleted.body).toEqual({ success: true, message: backupMessages.deleted, data: null });
    expect((await ctx.call('GET', '/api/backups', { token: operator.token })).body.data).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'backups', name))).toBe(false);
    expect((await ctx.call('DELETE', '/api/backups', { token: operator.token, body: { path: name } })).status).toBe(404);

    const events = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'backups'), eq(auditLogs.causerId, operator.id))).orderBy(auditLogs.id);
    expect(events.map((event) => event.description)).toEqual(['created', 'downloaded', 'deleted']);
    expect(events[0]!.properties).toMatchObject({ attributes: { name, size } });
  });

  it('refuses every path that is not exactly a listed backup, before touching any file', async () => {
    const { name } = await createOne();
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'no');
    const refused = ['../secret.txt', '/etc/passwd', `backups/${name}`, `./${name}`, `../backups/${name}`, `${name}/`, name.toUpperCase(), 'recaudo-2020-01-01T00-00-00Z-000000.jsonl.gz', ''];
    for (const requested of refused) {
      const download = await ctx.call('GET', '/api/backups/download', { token: operator.token, query: { path: requested } });
      expect(download.status, requested).toBe(404);
      expect(download.body.message).toBe(backupMessages.notFound);
      const remove = await ctx.call('DELETE', '/api/backups', { token: operator.token, body: { path: requested } });
      expect(remove.status, requested).toBe(404);
    }
    for (const raw of [`..%2F${name}`, `%2e%2e%2fsecret.txt`, `%2Fetc%2Fpasswd`, `backups%2F${name}`, `..%5Csecret.txt`]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/backups/download?path=${raw}`, headers: { authorization: `Bearer ${operator.token}` } });
      expect(response.statusCode, raw).toBe(404);
    }
    // A NUL byte is refused as bad input by every route (issue 31), before the backups see it.
    expect((await ctx.call('GET', '/api/backups/download', { token: operator.token, query: { path: `${name}\0` } })).status).toBe(400);
    const nul = await ctx.app.inject({ method: 'GET', url: `/api/backups/download?path=${name}%00`, headers: { authorization: `Bearer ${operator.token}` } });
    expect(nul.statusCode).toBe(400);
    expect((await ctx.call('DELETE', '/api/backups', { token: operator.token, body: { path: 'x'.repeat(201) } })).status).toBe(422);
    expect((await ctx.call('DELETE', '/api/backups', { token: operator.token, body: {} })).status).toBe(422);
    expect(fs.readFileSync(path.join(dataDir, 'secret.txt'), 'utf8')).toBe('no');
    expect((await ctx.call('GET', '/api/backups', { token: operator.token })).body.data.map((row: { name: string }) => row.name)).toContain(name);
  });
});

describe('restore', () => {
  it('round trip: every table and file comes back, and the restored copy answers like the original', async () => {
    for (let index = 0; index < 5; index++) expect((await pay()).status).toBe(200);
    const stored = await filesIn(localObjects(path.join(dataDir, 'uploads'))).save('payments', PNG, 'png');
    const before = await digestsOf(ctx.db);
    const file = await download((await createOne()).name);
    const manifest = manifestOf(file);
    for (const [table, summary] of Object.entries(before)) {
      if (table === 'audit_logs' || table === 'access_tokens') continue;
      expect(manifest.tables[table], table).toEqual(summary);
    }
    expect(manifest.tables.payments!.rows).toBeGreaterThanOrEqual(5);
    expect(manifest.files.map((entry) => entry.name)).toContain(stored);

    const target = await freshDatabase();
    const restoredDir = path.join(scratch, 'round-trip');
    try {
      const summary = await restoreBackup(target.db, localObjects(path.join(restoredDir, 'uploads')), file, { force: false });
      expect(summary.tables.payments).toBe(manifest.tables.payments!.rows);
      expect(summary.files).toBe(manifest.files.length);
      const after = await digestsOf(target.db);
      expect(Object.fromEntries(Object.keys(manifest.tables).map((table) => [table, after[table]]))).toEqual(manifest.tables);
      expect(fs.readFileSync(path.join(restoredDir, 'uploads', stored))).toEqual(PNG);

      const copy = await buildApp(loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: restoredDir }), target.db, { serveWeb: false });
      try {
        for (const url of ['/api/payments?per_page=50', `/api/addresses-payment?per_page=50`, '/api/correlatives', '/api/clients?per_page=50']) {
          const original = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${place.token}` } });
          const restored = await copy.inject({ method: 'GET', url, headers: { authorization: `Bearer ${place.token}` } });
          expect(original.statusCode, url).toBe(200);
          expect(restored.statusCode, url).toBe(200);
          expect(restored.json(), url).toEqual(original.json());
        }
      } finally {
        await copy.close();
      }

      // The restored database now holds data: refused without force, replaced with it.
      await expect(restoreBackup(target.db, localObjects(path.join(restoredDir, 'uploads')), file, { force: false })).rejects.toThrow(/no está vacía/);
      const again = await restoreBackup(target.db, localObjects(path.join(restoredDir, 'uploads')), file, { force: true });
      expect(again.rows).toBe(summary.rows);
      expect(await digestsOf(target.db)).toEqual(after);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses a damaged backup, another schema version, and rolls back a load that does not match its manifest', async () => {
    const file = await download((await createOne()).name);
    const lines = backupLines(file);
    const target = await freshDatabase();
    const uploads = localObjects(path.join(scratch, 'damaged'));
    try {
      const rowIndex = lines.findIndex((line) => line.startsWith('{"t":"payments"'));
      const damaged = path.join(scratch, 'damaged.jsonl.gz');
      writeBackupLines(damaged, lines.map((line, index) => (index === rowIndex ? line.replace('"amount_payment":182.50', '"amount_payment":999.99') : line)));
      await expect(restoreBackup(target.db, uploads, damaged, { force: false })).rejects.toThrow(/La tabla payments no coincide con el manifiesto/);

      fs.writeFileSync(damaged, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size / 2)));
      await expect(restoreBackup(target.db, uploads, damaged, { force: false })).rejects.toBeInstanceOf(DamagedBackup);

      writeBackupLines(damaged, lines.slice(0, -1));
      await expect(restoreBackup(target.db, uploads, damaged, { force: false })).rejects.toThrow(/falta el manifiesto/);

      const header = JSON.parse(lines[0]!);
      header.header.schema = '0003_otra_version';
      writeBackupLines(damaged, [JSON.stringify(header), ...lines.slice(1)]);
      await expect(restoreBackup(target.db, uploads, damaged, { force: false })).rejects.toBeInstanceOf(RestoreRefused);

      // A row the file and its manifest agree on but the database cannot hold as written (an
      // unknown column): found after loading, and nothing stays.
      const { createHash } = await import('node:crypto');
      const changed = lines.map((line, index) => (index === rowIndex ? line.replace('{"t":"payments","r":{', '{"t":"payments","r":{"extra":1,') : line));
      const hash = createHash('sha256');
      for (const line of changed.filter((line) => line.startsWith('{"t":"payments"'))) hash.update(line.slice('{"t":"payments","r":'.length, -1)).update('\n');
      const manifest = JSON.parse(changed.at(-1)!);
      manifest.manifest.tables.payments.sha256 = hash.digest('hex');
      writeBackupLines(damaged, [...changed.slice(0, -1), JSON.stringify(manifest)]);
      await expect(restoreBackup(target.db, uploads, damaged, { force: false })).rejects.toThrow(/Tras cargar, la tabla payments no coincide/);

      const left = await digestsOf(target.db);
      expect(Object.values(left).every((table) => table.rows === 0)).toBe(true);
      expect(fs.existsSync(path.join(scratch, 'damaged'))).toBe(false);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('a backup taken while 20 payments are written holds each of them whole or not at all, with no gap in the series', async () => {
    const writes = Array.from({ length: 20 }, () => pay());
    const backup = ctx.call('POST', '/api/backups', { token: operator.token });
    const answers = await Promise.all(writes);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const created = await backup;
    expect(created.status).toBe(200);
    const file = await download(created.body.data.name);

    const target = await freshDatabase();
    try {
      await restoreBackup(target.db, localObjects(path.join(scratch, 'concurrent')), file, { force: false });
      const restored = await target.db.select().from(payments).where(eq(payments.serieId, place.serieId));
      const [serie] = await target.db.select().from(correlatives).where(eq(correlatives.id, place.serieId));
      const numbers = restored.map((row) => Number(row.numberCorrelative)).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
      expect(Number(serie!.number)).toBe(numbers.length);
      const original = new Map((await ctx.db.select().from(payments)).map((row) => [row.id, row]));
      for (const row of restored) expect(row).toEqual(original.get(row.id));
      for (const answer of answers) {
        const id = answer.body.data.id as number;
        const copy = restored.find((row) => row.id === id);
        if (copy) expect(copy.numberCorrelative).toBe(answer.body.data.number_correlative);
      }
    } finally {
      await target.close();
    }
  }, 120_000);
});
