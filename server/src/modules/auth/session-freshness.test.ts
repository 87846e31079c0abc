import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestContext, type TestContext } from '../../../test/harness';
import { permissionModules, roleModules, roles } from '../roles/tables';
import { users } from '../users/tables';

/**
 * The session of a request is read with the request (one prepared statement, nothing kept
 * between requests): what changes a session counts from the very next request, also in
 * another instance of the server on the same database.
 */
let ctx: TestContext;
let other: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  other = await buildApp(ctx.config, ctx.db, { serveWeb: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('a session seen by the next request', () => {
  it('ends with the logout, in this instance and in the other', async () => {
    const user = await ctx.staff({ permissions: ['banks'] });
    expect((await get(ctx.app, '/api/banks', user.token)).statusCode).toBe(200);
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(200);
    expect((await ctx.call('POST', '/api/auth/logout', { token: user.token })).status).toBe(200);
    for (const app of [other, ctx.app]) {
      const answer = await get(app, '/api/banks', user.token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ success: false });
    }
  });

  it('gains and loses a permission with its role', async () => {
    const user = await ctx.staff({ permissions: ['logins'] });
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(403);
    const [banks] = await ctx.db.select().from(permissionModules).where(eq(permissionModules.name, 'banks'));
    await ctx.db.insert(roleModules).values({ roleId: user.roleId, moduleId: banks!.id });
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/banks', user.token)).statusCode).toBe(200);
    await ctx.db.delete(roleModules).where(and(eq(roleModules.roleId, user.roleId), eq(roleModules.moduleId, banks!.id)));
    expect((await get(ctx.app, '/api/banks', user.token)).statusCode).toBe(403);
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(403);
  });

  it('moves with the user to another role', async () => {
    const user = await ctx.staff({ permissions: ['logins'] });
    const admin = await ctx.staff({ permissions: ['banks'] });
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(403);
    await ctx.db.update(users).set({ roleId: admin.roleId }).where(eq(users.id, user.id));
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(200);
  });

  it('ends when the user or the role is deactivated, and comes back with them', async () => {
    const user = await ctx.staff({ permissions: ['banks'] });
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(200);
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(401);
    expect((await get(ctx.app, '/api/banks', user.token)).statusCode).toBe(401);
    await ctx.db.update(users).set({ active: true }).where(eq(users.id, user.id));
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(200);
    await ctx.db.update(roles).set({ active: false }).where(eq(roles.id, user.roleId));
    expect((await get(other, '/api/banks', user.token)).statusCode).toBe(401);
  });
});
