import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMigration, queryRows } from '../../db/version';
import { HealthRegistry } from '../../platform/health';
import { createTestContext, type TestContext } from '../../../test/harness';
import { queueEmail } from '../messages/service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('GET /api/health', () => {
  it('answers 200 without a login, with the schema version and the outbox age by the database clock', async () => {
    const empty = await ctx.call('GET', '/api/health');
    expect(empty.status).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.body).toEqual({
      success: true,
      message: 'Servicio disponible',
      data: { healthy: true, database: 'ok', realtime: 'local', migrations: { current: true, expected: latestMigration().tag }, queues: { outbox: { oldest_pending_seconds: null }, invoices: { oldest_pending_seconds: null } },
        // This context's bank and printer are the in-process simulators.
        test_mode: { active: true, simulated: ['banco', 'imprenta', 'tasa BCV'], notice: 'Modo de prueba: banco, imprenta y tasa BCV simulados' },
      },
    });
    const id = await queueEmail(ctx.db, 'cola@recaudo.test', { subject: 'Prueba', text: 'Hola', html: '<p>Hola</p>' });
    await ctx.db.execute(sql`update outbox set created_at = now() - interval '90 seconds' where id = ${id}`);
    const waiting = await ctx.call('GET', '/api/health');
    expect(waiting.status).toBe(200);
    expect(waiting.body.data.queues.outbox.oldest_pending_seconds).toBeGreaterThanOrEqual(90);
    expect(waiting.body.data.queues.outbox.oldest_pending_seconds).toBeLessThan(120);
  });

  it('is unhealthy while the real-time bus across processes is down, and healthy again once it listens', async () => {
    const health = new HealthRegistry();
    let listening = false;
    health.watchRealtime(() => listening);
    expect(await health.check(ctx.db)).toMatchObject({ healthy: false, database: 'ok', realtime: 'down' });
    listening = true;
    expect(await health.check(ctx.db)).toMatchObject({ healthy: true, database: 'ok', realtime: 'ok' });
  });

  it('sends the security headers with a content security policy', async () => {
    const answer = await ctx.call('GET', '/api/health');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers 503 when the database schema is not this code’s', async () => {
    const [row] = await queryRows<{ id: number }>(ctx.db, sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await ctx.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${row!.id}`);
    try {
      const answer = await ctx.call('GET', '/api/health');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ success: false, message: 'Servicio no disponible', data: { healthy: false, database: 'ok', migrations: { current: false } } });
    } finally {
      await ctx.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where id = ${row!.id}`);
    }
    expect((await ctx.call('GET', '/api/health')).status).toBe(200);
  });
});
