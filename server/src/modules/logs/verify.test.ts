import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behindTheApplication } from '../../../test/audit-tamper';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { recordAudit } from '../../platform/audit';

let ctx: TestContext;
let auditor: TestUser;
let editor: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  auditor = await ctx.staff({ permissions: ['logs'] });
  editor = await ctx.staff({ permissions: ['states', 'add_state', 'edit_state'] });
  for (const name of ['Cadena Uno', 'Cadena Dos', 'Cadena Tres', 'Cadena Cuatro', 'Cadena Cinco', 'Cadena Seis']) {
    const id = (await ctx.call('POST', '/api/states/store', { token: editor.token, body: { name } })).body.data.id;
    await ctx.call('PUT', '/api/states/update', { token: editor.token, body: { id, name: `${name} B` } });
  }
});
afterAll(() => ctx.close());

const verify = async () => {
  const answer = await ctx.call('GET', '/api/logs/verify', { token: auditor.token });
  expect(answer.status).toBe(200);
  return answer.body.data as { valid: boolean; checked: number; broken_at: { position: number; id: number | null; created_at: string | null; reason: string } | null };
};
const rows = async <T>(query: ReturnType<typeof sql>) => ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
const entryCount = async () => (await rows<{ entries: number }>(sql`select count(*)::int as entries from audit_logs`))[0]!.entries;
/** The entry at a chain position, with its time as the verdict prints it. */
const entryAt = async (position: number) =>
  (
    await rows<{ id: number; created_at: string; saved: string }>(sql`
      select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, row_to_json(audit_logs)::text as saved
      from audit_logs where chain_position = ${position}`)
  )[0]!;
/** Drizzle wraps the database's error: the trigger's message is its cause's. */
const refused = (query: ReturnType<typeof sql>) =>
  expect(ctx.db.execute(query)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/^La bitácora solo admite agregar entradas \((UPDATE|DELETE|TRUNCATE) rechazado\)$/) } });
const putBack = (saved: string) => behindTheApplication(ctx.db, sql`insert into audit_logs select * from json_populate_record(null::audit_logs, ${saved}::json)`);

describe('GET /api/logs/verify', () => {
  it('answers 401 without a session and 403 without the logs permission', async () => {
    expect((await ctx.call('GET', '/api/logs/verify')).status).toBe(401);
    const answer = await ctx.call('GET', '/api/logs/verify', { token: editor.token });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ success: false, message: 'No tienes permiso para realizar esta acción.' });
  });

  it('links every entry written so far and answers the whole log verified', async () => {
    const verdict = await verify();
    expect(verdict).toEqual({ valid: true, checked: await entryCount(), broken_at: null });
    const linked = await rows<{ position: number; id: number }>(sql`select chain_position::int as position, id from audit_logs order by chain_position`);
    expect(linked.map((row) => row.position)).toEqual(Array.from({ length: verdict.checked }, (_, index) => index + 1));
    // Committed one after another, the entries are linked in the order of their ids (10 after 9, not after 1).
    expect(verdict.checked).toBeGreaterThan(10);
    expect(linked.map((row) => row.id)).toEqual(linked.map((row) => row.id).sort((a, b) => a - b));
  });

  it('keeps one unforked chain under 20 concurrent writers', async () => {
    const before = await entryCount();
    const created = await Promise.all(Array.from({ length: 20 }, (_, n) => ctx.call('POST', '/api/states/store', { token: editor.token, body: { name: `Concurrente ${n}` } })));
    expect(created.every((answer) => answer.status === 200)).toBe(true);
    expect(await verify()).toEqual({ valid: true, checked: before + 20, broken_at: null });
  });

  it('refuses to the application an update, a delete, a truncate and a forged link', async () => {
    await refused(sql`update audit_logs set causer_id = null where chain_position = 2`);
    await refused(sql`update audit_logs set hash = ${'f'.repeat(64)} where chain_position = 2`);
    await refused(sql`delete from audit_logs where chain_position = 2`);
    await refused(sql`truncate audit_logs`);
    await ctx.db.execute(sql`insert into audit_logs (log_name, description, properties, chain_position, previous_hash, hash) values ('states', 'created', '{}', 999, ${'0'.repeat(64)}, ${'f'.repeat(64)})`);
    const [forged] = await rows<{ chain_position: number | null; hash: string | null }>(sql`select chain_position, hash from audit_logs order by id desc limit 1`);
    expect(forged).toEqual({ chain_position: null, hash: null });
    expect((await verify()).valid).toBe(true);
  });

  it('finds an entry edited in the database, at its position, with its id and time', async () => {
    const target = await entryAt(3);
    await behindTheApplication(ctx.db, sql`update audit_logs set properties = '{"attributes": {"name": "Otro"}}' where id = ${target.id}`);
    expect(await verify()).toEqual({ valid: false, checked: 2, broken_at: { position: 3, id: target.id, created_at: target.created_at, reason: 'content' } });
    await behindTheApplication(ctx.db, sql`update audit_logs set properties = (${target.saved}::json -> 'properties')::jsonb where id = ${target.id}`);
    expect((await verify()).valid).toBe(true);
  });

  it('finds an entry whose time was moved (the list order) as edited', async () => {
    const target = await entryAt(2);
    await behindTheApplication(ctx.db, sql`update audit_logs set created_at = created_at - interval '1 day' where id = ${target.id}`);
    expect((await verify()).broken_at).toMatchObject({ position: 2, id: target.id, reason: 'content' });
    await behindTheApplication(ctx.db, sql`update audit_logs set created_at = created_at + interval '1 day' where id = ${target.id}`);
    expect((await verify()).valid).toBe(true);
  });

  it('finds an entry deleted from the middle at the entry that follows the gap', async () => {
    const removed = await entryAt(4);
    const next = await entryAt(5);
    await behindTheApplication(ctx.db, sql`delete from audit_logs where id = ${removed.id}`);
    expect(await verify()).toEqual({ valid: false, checked: 3, broken_at: { position: 4, id: next.id, created_at: next.created_at, reason: 'missing' } });
    await putBack(removed.saved);
    expect((await verify()).valid).toBe(true);
  });

  it('finds the last entries deleted although no entry follows them', async () => {
    const total = await entryCount();
    const last = await entryAt(total);
    await behindTheApplication(ctx.db, sql`delete from audit_logs where id = ${last.id}`);
    expect(await verify()).toEqual({ valid: false, checked: total - 1, broken_at: { position: total, id: null, created_at: null, reason: 'missing' } });
    await putBack(last.saved);
    expect((await verify()).valid).toBe(true);
  });

  it('finds two entries swapped in the chain as out of order', async () => {
    const [first, second] = [await entryAt(5), await entryAt(6)];
    await behindTheApplication(ctx.db, sql`update audit_logs set chain_position = -1 where id = ${first.id}`);
    await behindTheApplication(ctx.db, sql`update audit_logs set chain_position = 5 where id = ${second.id}`);
    await behindTheApplication(ctx.db, sql`update audit_logs set chain_position = 6 where id = ${first.id}`);
    expect(await verify()).toEqual({ valid: false, checked: 4, broken_at: { position: 5, id: second.id, created_at: second.created_at, reason: 'order' } });
    await behindTheApplication(ctx.db, sql`update audit_logs set chain_position = -1 where id = ${second.id}`);
    await behindTheApplication(ctx.db, sql`update audit_logs set chain_position = 5 where id = ${first.id}`);
    await behindTheApplication(ctx.db, sql`update audit_logs set chain_position = 6 where id = ${second.id}`);
    expect((await verify()).valid).toBe(true);
  });

  it('links entries recorded through the shared helper after the ones before them', async () => {
    const before = await entryCount();
    await ctx.db.transaction((tx) => recordAudit(tx, { module: 'states', event: 'deleted', causerId: editor.id, subjectId: 1 }));
    expect(await verify()).toEqual({ valid: true, checked: before + 1, broken_at: null });
  });
});
