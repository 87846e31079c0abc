import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import type { Transaction } from '../../db/client';
import { recordAudit, recordAudits } from '../../platform/audit';
import { chainPending, verifyChain } from './chain';

/** The audit log's writers (issue 46): entries through audit_log_append, links and head through audit_chain_link. */

let ctx: TestContext;
let editor: TestUser;
const role = `recaudo_app_${randomBytes(4).toString('hex')}`;
beforeAll(async () => {
  ctx = await createTestContext();
  editor = await ctx.staff({ permissions: ['states', 'add_state'] });
  await ctx.call('POST', '/api/states/store', { token: editor.token, body: { name: 'Escritor Uno' } });
  await chainPending(ctx.db);
  // The README's hardened role, granted with the README's own statements (its name and the database's put in).
  const readme = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../README.md'), 'utf8');
  const grants = /```sql\ncreate role recaudo_app[^\n]*\n([\s\S]*?)```/.exec(readme)![1]!;
  const [database] = rows<{ name: string }>(await ctx.db.execute(sql`select current_database() as name`));
  await ctx.db.execute(sql.raw(`create role ${role} nologin`));
  const statements = grants.replace(/\brecaudo_app\b/g, role).replace(/on database recaudo\b/, `on database "${database!.name}"`);
  for (const statement of statements.replace(/^--.*$/gm, '').split(';').map((text) => text.trim()).filter(Boolean)) await ctx.db.execute(sql.raw(statement));
});
afterAll(async () => {
  await ctx.db.execute(sql.raw(`drop owned by ${role}`));
  await ctx.db.execute(sql.raw(`drop role ${role}`));
  await ctx.close();
});

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** Runs `work` as the hardened role, in a transaction rolled back or committed with it. */
const asAppRole = <T>(work: (tx: Transaction) => Promise<T>) =>
  ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local role ${role}`));
    return work(tx);
  });
/** The database's refusal of `statement` (drizzle wraps it: the message is its cause's). */
const refusal = async (tx: Transaction, statement: SQL) => {
  const failed = await tx.transaction((savepoint) => savepoint.execute(statement)).then(
    () => null,
    (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
  );
  return failed;
};
const lastEntries = async (count: number) =>
  rows<{ id: number; causer_id: number | null; log_name: string; at_now: boolean; chain_position: number | null }>(
    await ctx.db.execute(sql`
      select id, causer_id, log_name, chain_position, created_at = (select max(created_at) from audit_logs) as at_now
      from audit_logs order by id desc limit ${count}`),
  ).reverse();

describe('entries are written through audit_log_append', () => {
  it('takes each entry’s causer from the session and its time from the database, in one transaction', async () => {
    const stamped = await ctx.db.transaction(async (tx) => {
      await recordAudits(tx, [
        { module: 'states', event: 'updated', causerId: editor.id, subjectId: 1 },
        { module: 'reminders', event: 'send_message', causerId: null },
        { module: 'states', event: 'deleted', causerId: editor.id, subjectId: 2 },
      ]);
      return rows<{ now: string }>(await tx.execute(sql`select now()::text as now`))[0]!.now;
    });
    const written = rows<{ log_name: string; description: string; causer_id: number | null; subject_id: number | null; same_time: boolean }>(
      await ctx.db.execute(sql`
        select log_name, description, causer_id, subject_id, created_at = ${stamped}::timestamptz as same_time
        from audit_logs order by id desc limit 3`),
    );
    expect(written.map(({ log_name, description, causer_id, subject_id }) => [log_name, description, causer_id, subject_id]).sort()).toEqual(
      [
        ['reminders', 'send_message', null, null],
        ['states', 'deleted', editor.id, 2],
        ['states', 'updated', editor.id, 1],
      ].sort(),
    );
    expect(written.every((row) => row.same_time)).toBe(true);
  });

  it('the hardened role cannot insert, edit or delete entries directly, but records through the function', async () => {
    const answers = await asAppRole(async (tx) => {
      const insert = await refusal(tx, sql`insert into audit_logs (log_name, description, causer_id, properties) values ('states', 'created', 1, '{}')`);
      const update = await refusal(tx, sql`update audit_logs set causer_id = 1 where id = (select min(id) from audit_logs)`);
      const link = await refusal(tx, sql`update audit_logs set hash = ${'f'.repeat(64)} where chain_position is null`);
      const remove = await refusal(tx, sql`delete from audit_logs`);
      await recordAudit(tx, { module: 'states', event: 'created', causerId: editor.id, subjectId: 9 });
      return { insert, update, link, remove };
    });
    expect(answers).toEqual({
      insert: 'permission denied for table audit_logs',
      update: 'permission denied for table audit_logs',
      link: 'permission denied for table audit_logs',
      remove: 'permission denied for table audit_logs',
    });
    const [entry] = await lastEntries(1);
    expect(entry).toMatchObject({ log_name: 'states', causer_id: editor.id, at_now: true, chain_position: null });
  });
});

describe('the chain head', () => {
  it('the hardened role links through audit_chain_link but cannot edit the head or forge links', async () => {
    const [{ pending }] = rows<{ pending: number }>(await ctx.db.execute(sql`select count(*)::int as pending from audit_logs where chain_position is null`)) as [{ pending: number }];
    expect(pending).toBeGreaterThan(0);
    const answers = await asAppRole(async (tx) => {
      const head = await refusal(tx, sql`update audit_chain_head set position = position - 1`);
      const removed = await refusal(tx, sql`delete from audit_chain_head`);
      const forged = await refusal(
        tx,
        sql`select audit_chain_link(${JSON.stringify([{ id: 1, position: 999, previous_hash: '0'.repeat(64), hash: 'f'.repeat(64) }])}::jsonb)`,
      );
      const linked = await chainPending(tx);
      return { head, removed, forged, linked, verdict: await verifyChain(tx) };
    });
    expect(answers).toMatchObject({
      head: 'permission denied for table audit_chain_head',
      removed: 'permission denied for table audit_chain_head',
      forged: expect.stringMatching(/^Los enlaces no continúan la cadena de la bitácora desde la posición \d+$/),
      linked: pending,
      verdict: { valid: true, broken_at: null },
    });
  });

  it('the application’s own role may not move the head back, point it elsewhere or remove it', async () => {
    await chainPending(ctx.db);
    const refusedAs = (operation: string) => `La cabeza de la cadena de la bitácora solo avanza a su última entrada enlazada (${operation} rechazado)`;
    const answers = await ctx.db.transaction(async (tx) => ({
      back: await refusal(tx, sql`update audit_chain_head set position = position - 1, hash = (select hash from audit_logs where chain_position = 1)`),
      elsewhere: await refusal(tx, sql`update audit_chain_head set hash = ${'f'.repeat(64)}`),
      removed: await refusal(tx, sql`delete from audit_chain_head`),
      truncated: await refusal(tx, sql`truncate audit_chain_head`),
    }));
    expect(answers).toEqual({ back: refusedAs('UPDATE'), elsewhere: refusedAs('UPDATE'), removed: refusedAs('DELETE'), truncated: refusedAs('TRUNCATE') });
  });
});
