import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { sha256 } from '../../platform/crypto';
import { accessTokens } from '../auth/tables';
import { roles } from '../roles/tables';

let ctx: TestContext;
let analyst: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  analyst = await ctx.staff({ permissions: ['logins'], overrides: { name: 'Analista Sesiones' } });
});
afterAll(() => ctx.close());

const list = (query: Record<string, unknown> = {}) => ctx.call('GET', '/api/logs/logins', { token: analyst.token, query });

describe('GET /api/logs/logins', () => {
  it('lists sessions newest first with user, ip, agent, start, end, length and active', async () => {
    const cashier = await ctx.staff({ overrides: { name: 'Cajera Rosa' } });
    const { status, body } = await list({ search: 'Cajera Rosa' });
    expect(status).toBe(200);
    expect(body.data.total).toBe(1);
    const [row] = body.data.data;
    expect(row).toMatchObject({ user_id: cashier.id, user: { name: 'Cajera Rosa' }, ip: '127.0.0.1', user_agent: 'vitest', end: null, active: true });
    expect(row.token_id).toBe(row.id);
    expect(new Date(row.start).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row.total_time_session).toBeGreaterThanOrEqual(0);
  });

  it('shows a closed session as ended and an idle one as ended at its last use', async () => {
    const closedUser = await ctx.staff({ overrides: { name: 'Sesión Cerrada' } });
    await ctx.call('POST', '/api/auth/logout', { token: closedUser.token });
    const [closed] = (await list({ search: 'Sesión Cerrada' })).body.data.data;
    expect(closed.active).toBe(false);
    expect(closed.end).not.toBeNull();

    const idleUser = await ctx.staff({ overrides: { name: 'Sesión Inactiva' } });
    await ctx.db.update(roles).set({ expiredSessionTime: 10 }).where(eq(roles.id, idleUser.roleId));
    const created = new Date(Date.now() - 60 * 60_000);
    const lastUse = new Date(Date.now() - 20 * 60_000);
    await ctx.db.update(accessTokens).set({ createdAt: created, lastUsedAt: lastUse }).where(eq(accessTokens.tokenHash, sha256(idleUser.token)));
    const [idle] = (await list({ search: 'Sesión Inactiva' })).body.data.data;
    expect(idle.active).toBe(false);
    expect(new Date(idle.end).getTime()).toBe(lastUse.getTime());
    expect(idle.total_time_session).toBe(40 * 60);
  });

  it('filters by user and by a Caracas date range in DD-MM-YYYY', async () => {
    const user = await ctx.staff();
    await ctx.tokenFor(user.id);
    const byUser = await list({ filters: { user: [String(user.id)] } });
    expect(byUser.body.data.total).toBe(2);
    expect(byUser.body.data.data.every((row: { user_id: number }) => row.user_id === user.id)).toBe(true);

    // 23:30 in Caracas on 14-03-2026 is already the 15th in UTC: it belongs to the 14th.
    await ctx.db.update(accessTokens).set({ createdAt: new Date('2026-03-15T03:30:00Z') }).where(eq(accessTokens.tokenHash, sha256(user.token)));
    const day = await list({ filters: { user: String(user.id), dates: ['14-03-2026', '14-03-2026'] } });
    expect(day.body.data.total).toBe(1);
    const nextDay = await list({ filters: { user: String(user.id), dates: ['15-03-2026', '15-03-2026'] } });
    expect(nextDay.body.data.total).toBe(0);
  });

  it('pages with the default of 10 and answers 403 without logins', async () => {
    for (let index = 0; index < 11; index++) await ctx.tokenFor(analyst.id);
    const first = await list({ filters: { user: analyst.id } });
    expect(first.body.data).toMatchObject({ current_page: 1, per_page: 10, total: 12, last_page: 2 });
    expect(first.body.data.data).toHaveLength(10);
    const other = await ctx.staff({ permissions: ['logs'] });
    expect((await ctx.call('GET', '/api/logs/logins', { token: other.token })).status).toBe(403);
  });
});
