import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { importFile, postImport, seedImportPlaces, settled, templateCsv } from '../../../test/import-fixture';

/**
 * An import does not hold the server (issue 48): while a commit of hundreds of rows works in the
 * background, a load balancer's probe of /api/health keeps being answered between its batches,
 * the import seen part-way again and again. How fast each answer comes is the machine's as much
 * as the import's (a probe took 164 ms on PostgreSQL at load 15 and 461 ms in another run at the
 * same load): the 200 ms budget is measured by the bench (bench/imports.ts, on PostgreSQL, default
 * batches), and this test asserts what holds on any machine: the server answers while the import
 * works, not only before and after it. Batches of two rows: PGlite runs every statement inside
 * this process, so a batch holds the event loop while it runs.
 */

const ROWS = 600;

let ctx: TestContext;
let admin: TestUser;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext({ IMPORT_BATCH_ROWS: '2' });
  admin = await ctx.staff({ roleId: 1 });
  await seedImportPlaces(ctx.db);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const file = Buffer.from(
  templateCsv(...Array.from({ length: ROWS }, (_, index) => `Residencial;V;${20_000_000 + index};Cliente ${index};;;;;;Calle ${index};Lara;Iribarren;Catedral;Centro;;;;${index % 6}`)),
);

async function get(path: string, token?: string): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await response.json()) as Record<string, any>;
  return { status: response.status, body };
}

describe('an import does not block the server', () => {
  it(`while a commit of ${ROWS} rows runs, /api/health is answered between its batches, again and again`, async () => {
    // A server that has imported before: PGlite plans the ledger's triggers on their first run (0.8 s once).
    await importFile(ctx, admin.token, Buffer.from(templateCsv(';V;19999999;Primera;;;;;;Calle 0;Lara;Iribarren;Catedral;Centro;;;;1')), 'primera.csv');
    const dry = await postImport(ctx, admin.token, file, { mode: 'dry_run' }, 'muchos.csv');
    expect(dry.status).toBe(200);
    expect((await settled(ctx, admin.token, dry.body.data.id)).counts).toMatchObject({ clients_created: ROWS, rows_in_error: 0 });
    const commit = await postImport(ctx, admin.token, file, { mode: 'commit' }, 'muchos.csv');
    expect(commit.status).toBe(200);
    const id = commit.body.data.id as number;
    const seenPartWay = new Set<number>();
    for (;;) {
      expect((await get('/api/health')).status).toBe(200);
      const state = (await get(`/api/imports/${id}`, admin.token)).body.data;
      if (state.status !== 'queued' && state.status !== 'running') break;
      if (state.status === 'running' && state.rows_done > 0 && state.rows_done < ROWS) seenPartWay.add(state.rows_done);
    }
    // The probes fell inside the commit's work, between its batches, at many points of its progress.
    expect(seenPartWay.size).toBeGreaterThanOrEqual(10);
    const result = await settled(ctx, admin.token, id);
    expect(result).toMatchObject({ status: 'done', rows_done: ROWS, counts: { clients_created: ROWS, addresses_created: ROWS, rows_in_error: 0 } });
  }, 180_000);
});
