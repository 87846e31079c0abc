import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { authenticateToken } from '../modules/auth/service';
import { clients } from '../modules/clients/tables';
import { users } from '../modules/users/tables';
import { accessControl } from './access';
import { AppError } from './errors';
import { assertOwnClient, clientScope, creatorScope, seriesScope } from './scope';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('access declarations', () => {
  it('refuses to register an /api route that does not say who may call it', async () => {
    const app = Fastify();
    await app.register(accessControl, { db: ctx.db });
    await expect(
      app.register(async (api) => {
        api.get('/api/sin-acceso', async () => 'x');
      }).ready(),
    ).rejects.toThrow('no declara config.access');
  });

  it('answers unknown API paths with the 404 envelope and serves OpenAPI', async () => {
    expect(await ctx.call('GET', '/api/no-existe')).toMatchObject({ status: 404, body: { success: false } });
    const docs = await ctx.call('GET', '/api/docs/json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/roles', '/api/logs/logins']));
  });

  it('reads bracket-notation filters from the query string', async () => {
    const analyst = await ctx.staff({ permissions: ['logins'] });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/logs/logins?filters[user][]=${analyst.id}&per_page=Todos`,
      headers: { authorization: `Bearer ${analyst.token}` },
    });
    expect(response.json().data.data.map((row: { user_id: number }) => row.user_id)).toEqual([analyst.id]);
  });
});

describe('data scope helpers', () => {
  it('scopes a client user to their own client and lets staff through', async () => {
    const own = await ctx.clientUser({ name: 'Cliente Propio' });
    const other = await ctx.clientUser({ name: 'Cliente Ajeno' });
    const staff = await ctx.staff();
    const ownAuth = (await authenticateToken(ctx.db, own.token))!;
    const staffAuth = (await authenticateToken(ctx.db, staff.token))!;

    const visible = await ctx.db.select({ name: clients.name }).from(clients).where(clientScope(clients.id, ownAuth));
    expect(visible.map((row) => row.name)).toEqual(['Cliente Propio']);
    const everything = await ctx.db.select({ id: clients.id }).from(clients).where(clientScope(clients.id, staffAuth));
    expect(everything.length).toBeGreaterThanOrEqual(2);

    expect(() => assertOwnClient(ownAuth, own.clientId)).not.toThrow();
    const refusal = (() => {
      try {
        assertOwnClient(ownAuth, other.clientId);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(404);
    expect(() => assertOwnClient(staffAuth, other.clientId)).not.toThrow();
  });

  it('limits staff to their own, their listed users or everybody, and to their series', async () => {
    const colleague = await ctx.staff();
    const onlyOwn = await ctx.staff({ overrides: { onlyUser: true, allUsers: false } });
    const listed = await ctx.staff({ overrides: { allUsers: false, multipleUsers: [colleague.id] } });
    const everybody = await ctx.staff();
    const oneSeries = await ctx.staff({ overrides: { useAllSeries: false, correlativeId: 7 } });
    const noSeries = await ctx.staff({ overrides: { useAllSeries: false, correlativeId: null } });
    const auth = async (token: string) => (await authenticateToken(ctx.db, token))!;

    const createdBy = async (token: string) =>
      (await ctx.db.select({ id: users.id }).from(users).where(creatorScope(users.id, await auth(token)))).map((row) => row.id).sort((a, b) => a - b);
    expect(await createdBy(onlyOwn.token)).toEqual([onlyOwn.id]);
    expect(await createdBy(listed.token)).toEqual([colleague.id, listed.id].sort((a, b) => a - b));
    expect((await createdBy(everybody.token)).length).toBeGreaterThan(5);

    const series = sql<number>`7`;
    const seriesRows = async (token: string) =>
      ctx.db.select({ series }).from(users).where(and(eq(users.id, colleague.id), seriesScope(users.correlativeId, await auth(token))));
    await ctx.db.update(users).set({ correlativeId: 7 }).where(eq(users.id, colleague.id));
    expect(await seriesRows(oneSeries.token)).toHaveLength(1);
    expect(await seriesRows(noSeries.token)).toHaveLength(0);
    expect(await seriesRows(everybody.token)).toHaveLength(1);
  });
});
