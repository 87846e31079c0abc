import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesIn, objectStores, s3Objects } from '../../platform/storage';
import { digestsOf } from '../../../test/backups-helpers';
import { seedPaymentPlace } from '../../../test/backups-fixture';
import { createTestContext, freshDatabase, type TestContext, type TestUser } from '../../../test/harness';
import { restoreBackup } from './restore';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d9b5a70000000049454e44ae426082', 'hex');
const bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-s3-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-s3-data-'));
let s3: S3rver;
let ctx: TestContext;
let operator: TestUser;
let endpoint = '';
const s3Env = () => ({ STORAGE_S3_ENDPOINT: endpoint, STORAGE_S3_BUCKET: 'recaudo', STORAGE_S3_ACCESS_KEY_ID: 'S3RVER', STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER', STORAGE_S3_PREFIX: 'sede-1' });

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir, configureBuckets: [{ name: 'recaudo' }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({ DATA_DIR: dataDir, ...s3Env() });
  operator = await ctx.staff({ permissions: ['backups'] });
  await seedPaymentPlace(ctx.db, 3);
});
afterAll(async () => {
  await ctx.close();
  await s3.close();
  fs.rmSync(bucketDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('backups and uploads in an S3-compatible bucket (s3rver)', () => {
  it('stores uploads and backups in the bucket under the prefix, lists, downloads, restores and deletes them', async () => {
    const stores = objectStores(ctx.config);
    const uploaded = await filesIn(stores.uploads).save('payments', PNG, 'png');
    expect(await filesIn(stores.uploads).read(uploaded)).toEqual(PNG);
    const bucket = s3Objects({ endpoint, bucket: 'recaudo', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: '' });
    expect((await bucket.list()).map((item) => item.key)).toEqual([`sede-1/uploads/${uploaded}`]);

    const created = await ctx.call('POST', '/api/backups', { token: operator.token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { name, size } = created.body.data;
    expect(await bucket.list('sede-1/backups')).toEqual([{ key: `sede-1/backups/${name}`, size }]);
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
    expect((await ctx.call('GET', '/api/backups', { token: operator.token })).body.data).toEqual([{ name, size }]);

    const response = await ctx.app.inject({ method: 'GET', url: `/api/backups/download?path=${name}`, headers: { authorization: `Bearer ${operator.token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(size);
    const file = path.join(dataDir, name);
    fs.writeFileSync(file, response.rawPayload);
    const lines = gunzipSync(response.rawPayload).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines.at(-1)!).manifest.files.map((entry: { name: string }) => entry.name)).toEqual([uploaded]);

    // Into another installation's folder of the same bucket.
    const target = await freshDatabase();
    try {
      const other = objectStores({ ...ctx.config, ...s3Env(), STORAGE_S3_PREFIX: 'sede-2' });
      await restoreBackup(target.db, other.uploads, file, { force: false });
      expect(await filesIn(other.uploads).read(uploaded)).toEqual(PNG);
      const restored = await digestsOf(target.db);
      expect(restored.clients!.rows).toBe(1);
      expect(restored.users!.rows).toBe((await digestsOf(ctx.db)).users!.rows);
    } finally {
      await target.close();
    }

    for (const refused of ['../uploads', `sede-1/backups/${name}`, `${name}/..`]) {
      expect((await ctx.call('DELETE', '/api/backups', { token: operator.token, body: { path: refused } })).status).toBe(404);
    }
    expect((await ctx.call('DELETE', '/api/backups', { token: operator.token, body: { path: name } })).status).toBe(200);
    expect(await bucket.list('sede-1/backups')).toEqual([]);
    expect((await ctx.call('GET', '/api/backups/download', { token: operator.token, query: { path: name } })).status).toBe(404);
  }, 120_000);
});
