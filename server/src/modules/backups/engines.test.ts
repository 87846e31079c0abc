import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { seedBase } from '../../db/seed/base';
import { engineOf } from '../../db/version';
import { localObjects } from '../../platform/storage';
import { paymentBody, seedPaymentPlace } from '../../../test/backups-fixture';
import { digestsOf } from '../../../test/backups-helpers';
import { freshDatabase } from '../../../test/harness';
import { restoreBackup } from './restore';
import { makeBackup } from './service';

/** The PostgreSQL server of the tests (DATABASE_URL when set): both engines meet in this file. */
const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-engines-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d9b5a70000000049454e44ae426082', 'hex');
const config = (dir: string) => loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DEMO_SEED: 'false', DATA_DIR: dir });
const READS = ['/api/payments?per_page=50', '/api/addresses-payment?per_page=50', '/api/correlatives', '/api/clients?per_page=50'];

async function roundTrip(from: string | null, to: string | null) {
  const sourceDir = fs.mkdtempSync(path.join(scratch, 'source-'));
  const targetDir = fs.mkdtempSync(path.join(scratch, 'target-'));
  const source = await freshDatabase(from);
  const target = await freshDatabase(to);
  const sourceApp = await buildApp(config(sourceDir), source.db, { serveWeb: false });
  const targetApp = await buildApp(config(targetDir), target.db, { serveWeb: false });
  try {
    await seedBase(source.db);
    const place = await seedPaymentPlace(source.db, 7);
    for (const addressId of place.addressIds.slice(0, 6)) {
      const answer = await sourceApp.inject({ method: 'POST', url: '/api/payments/store', payload: paymentBody(place, addressId), headers: { authorization: `Bearer ${place.token}` } });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    await localObjects(path.join(sourceDir, 'uploads')).put('payment-methods/0b7c4a52-7d35-4a55-9c0f-2f5d8c2b1e11.png', PNG);
    const stores = { uploads: localObjects(path.join(sourceDir, 'uploads')), backups: localObjects(path.join(sourceDir, 'backups')) };
    const backup = await makeBackup({ db: source.db, engine: engineOf(source.db), ...stores });
    const before = await digestsOf(source.db);

    const summary = await restoreBackup(target.db, localObjects(path.join(targetDir, 'uploads')), path.join(sourceDir, 'backups', backup.name), { force: false });
    expect(summary.header.engine).toBe(from ? 'postgres' : 'pglite');
    expect(summary.tables.payments).toBe(6);
    expect(await digestsOf(target.db)).toEqual(before);
    expect(fs.readFileSync(path.join(targetDir, 'uploads', 'payment-methods/0b7c4a52-7d35-4a55-9c0f-2f5d8c2b1e11.png'))).toEqual(PNG);
    for (const url of READS) {
      const original = await sourceApp.inject({ method: 'GET', url, headers: { authorization: `Bearer ${place.token}` } });
      const restored = await targetApp.inject({ method: 'GET', url, headers: { authorization: `Bearer ${place.token}` } });
      expect(original.statusCode, url).toBe(200);
      expect(restored.json(), url).toEqual(original.json());
    }
    // New rows after the restore continue the sequences and the series.
    const next = await targetApp.inject({ method: 'POST', url: '/api/payments/store', payload: paymentBody(place, place.addressIds[6]!), headers: { authorization: `Bearer ${place.token}` } });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data.number_correlative).toBe('00000007');
  } finally {
    await sourceApp.close();
    await targetApp.close();
    await source.close();
    await target.close();
  }
}

describe('a backup restores on the other engine', () => {
  it('PGlite → PostgreSQL', () => roundTrip(null, POSTGRES), 180_000);
  it('PostgreSQL → PGlite', () => roundTrip(POSTGRES, null), 180_000);
  it('PostgreSQL → PostgreSQL and PGlite → PGlite', async () => {
    await roundTrip(POSTGRES, POSTGRES);
    await roundTrip(null, null);
  }, 240_000);
});
