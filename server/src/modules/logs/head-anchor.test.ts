import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behindTheApplication } from '../../../test/audit-tamper';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { objectStores, type ObjectStore } from '../../platform/storage';
import { anchorHead } from './anchor';
import { chainPending, verifyChain } from './chain';

/** A broken head as a verdict, and the daily anchor outside the database (issue 46). */

let ctx: TestContext;
let dataDir: string;
let store: ObjectStore;
let auditor: TestUser;
let editor: TestUser;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'recaudo-anchor-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  store = objectStores(ctx.config).backups;
  auditor = await ctx.staff({ permissions: ['logs'] });
  editor = await ctx.staff({ permissions: ['states', 'add_state'] });
  for (const name of ['Ancla Uno', 'Ancla Dos', 'Ancla Tres', 'Ancla Cuatro']) await addState(name);
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const addState = async (name: string) => expect((await ctx.call('POST', '/api/states/store', { token: editor.token, body: { name } })).status).toBe(200);
const verify = async () => {
  const answer = await ctx.call('GET', '/api/logs/verify', { token: auditor.token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const entryAt = async (position: number) =>
  rows<{ id: number; created_at: string; hash: string }>(
    await ctx.db.execute(sql`
      select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, hash from audit_logs where chain_position = ${position}`),
  )[0]!;
const storedHead = async () => rows<{ position: number; hash: string }>(await ctx.db.execute(sql`select position::int as position, hash from audit_chain_head`))[0];
const putHead = (head: { position: number; hash: string }) =>
  behindTheApplication(ctx.db, sql`insert into audit_chain_head (id, position, hash) values (1, ${head.position}, ${head.hash}) on conflict (id) do update set position = excluded.position, hash = excluded.hash`);
const today = async () => rows<{ day: string }>(await ctx.db.execute(sql`select to_char(now() at time zone 'America/Caracas', 'YYYY-MM-DD') as day`))[0]!.day;

describe('a head edited in the database', () => {
  it('moved back: a verdict at the last entry, not an error, and nothing is linked onto it until it is put back', async () => {
    const { checked } = await verify();
    const head = (await storedHead())!;
    expect(head.position).toBe(checked);
    const last = await entryAt(checked);
    await putHead({ position: checked - 1, hash: (await entryAt(checked - 1)).hash });
    await addState('Tras la cabeza movida');
    expect(await verify()).toEqual({ valid: false, checked, broken_at: { position: checked, id: last.id, created_at: last.created_at, reason: 'head' } });
    expect(rows(await ctx.db.execute(sql`select id from audit_logs where chain_position is null`))).toHaveLength(1);
    await putHead(head);
    expect(await verify()).toEqual({ valid: true, checked: checked + 1, broken_at: null });
  });

  it('given another hash or removed: the same verdict', async () => {
    const { checked } = await verify();
    const head = (await storedHead())!;
    const last = await entryAt(checked);
    const verdict = { valid: false, checked, broken_at: { position: checked, id: last.id, created_at: last.created_at, reason: 'head' } };
    await putHead({ position: head.position, hash: 'f'.repeat(64) });
    expect(await verify()).toEqual(verdict);
    await behindTheApplication(ctx.db, sql`delete from audit_chain_head`);
    expect(await verify()).toEqual(verdict);
    await putHead(head);
    expect((await verify()).valid).toBe(true);
  });
});

describe('the daily anchor', () => {
  it('writes the head once a day to the backups’ store, by the database’s date in Caracas', async () => {
    await chainPending(ctx.db);
    const head = (await storedHead())!;
    const anchor = await anchorHead(ctx.db, store);
    expect(anchor).toEqual({ position: head.position, hash: head.hash, anchored_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/) });
    const key = `audit-anchors/${await today()}.json`;
    expect(JSON.parse((await store.get(key))!.toString('utf8'))).toEqual(anchor);
    await addState('Después del ancla');
    await chainPending(ctx.db);
    expect(await anchorHead(ctx.db, store)).toBeNull();
    expect(JSON.parse((await store.get(key))!.toString('utf8'))).toEqual(anchor);
    // The store's listing of backups does not take an anchor for one.
    const list = await ctx.call('GET', '/api/backups', { token: (await ctx.staff({ permissions: ['backups'] })).token });
    expect(list).toMatchObject({ status: 200, body: { success: true, data: [] } });
  });

  it('posts it to AUDIT_ANCHOR_URL too; a refused post stores nothing, so the next pass tries again', async () => {
    const received: unknown[] = [];
    let status = 503;
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ method: request.method, type: request.headers['content-type'], body: JSON.parse(body) });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/anclas`;
    try {
      const key = `audit-anchors/${await today()}.json`;
      await store.remove(key);
      await expect(anchorHead(ctx.db, store, url)).rejects.toThrow(`El ancla de la bitácora no fue aceptada por ${url} (HTTP 503)`);
      expect(await store.get(key)).toBeNull();
      status = 201;
      const anchor = await anchorHead(ctx.db, store, url);
      expect(received).toEqual([
        { method: 'POST', type: 'application/json', body: { ...anchor, anchored_at: expect.any(String) } },
        { method: 'POST', type: 'application/json', body: anchor },
      ]);
      expect(JSON.parse((await store.get(key))!.toString('utf8'))).toEqual(anchor);
    } finally {
      receiver.close();
    }
  });

  it('finds a rewrite of the whole chain and its head that the chain alone cannot, after the newest anchor that still matches', async () => {
    await chainPending(ctx.db);
    const first = await entryAt(1);
    await store.put('audit-anchors/2026-01-01.json', Buffer.from(JSON.stringify({ position: 1, hash: first.hash, anchored_at: '2026-01-01T12:00:00Z' })));
    const anchor = JSON.parse((await store.get(`audit-anchors/${await today()}.json`))!.toString('utf8')) as { position: number };
    expect((await verify()).valid).toBe(true);
    // The owner edits entry 2, unlinks everything after entry 1 and lets the chainer link it all again: a consistent chain.
    await behindTheApplication(ctx.db, sql`update audit_logs set properties = '{"attributes": {"name": "Reescrito"}}' where chain_position = 2`);
    await behindTheApplication(ctx.db, sql`update audit_logs set chain_position = null, previous_hash = null, hash = null where chain_position >= 2`);
    await putHead({ position: 1, hash: first.hash });
    await chainPending(ctx.db);
    expect(await verifyChain(ctx.db)).toMatchObject({ valid: true, broken_at: null });
    const rewritten = await entryAt(anchor.position);
    expect(await verify()).toEqual({ valid: false, checked: 1, broken_at: { position: anchor.position, id: rewritten.id, created_at: rewritten.created_at, reason: 'anchor' } });
  });
});
