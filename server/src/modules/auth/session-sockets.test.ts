import { ALL_PERMISSIONS } from '@recaudo/domain/permissions';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../../test/harness';
import { openSocket, settle, waitFor, type TestSocket } from '../../../test/socket-client';
import { sha256 } from '../../platform/crypto';
import { permissionModules, roles } from '../roles/tables';
import { users } from '../users/tables';
import { accessTokens, passwordResets } from './tables';

/**
 * Every way a session ends cuts its sockets (issue 31). The explicit ends are tested with the
 * sweep far away (10 minutes), so only the aimed disconnect can cut them; the idle sweep has its
 * own server, sweeping every 0.2 s.
 */
let ctx: TestContext;
let sweeping: TestContext;
let url: string;
let sweepingUrl: string;
let manager: TestUser;
const sockets: Socket[] = [];

async function listening(env: Record<string, string>) {
  const context = await createTestContext(env);
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  return { context, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

beforeAll(async () => {
  ({ context: ctx, url } = await listening({ SESSION_SWEEP_SECONDS: '600' }));
  ({ context: sweeping, url: sweepingUrl } = await listening({ SESSION_SWEEP_SECONDS: '0.2' }));
  await ctx.staff(); // user 1, the protected first administrator
  // A manager changes only roles and users within her own permissions (issue 46): she holds them all.
  manager = await ctx.staff({ permissions: ALL_PERMISSIONS });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx.close();
  await sweeping.close();
});

const listen = (token: string, target = url) => openSocket(target, sockets, { token });

async function expectCut(socket: TestSocket) {
  await waitFor(() => socket.disconnectReason() !== null, 3000, 'el socket no se cortó');
  expect(socket.disconnectReason()).toBe('io server disconnect');
}

/** Still connected a while after the change: the cut was aimed, not a sweep of everyone. */
async function expectStillListening(socket: TestSocket) {
  await settle(500);
  expect(socket.socket.connected).toBe(true);
  expect(socket.disconnectReason()).toBeNull();
}

describe('a session that ends stops listening', () => {
  it('logout cuts the sockets of that session only', async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const otherToken = await ctx.tokenFor(user.id);
    const leaving = await listen(user.token);
    const staying = await listen(otherToken);
    expect((await ctx.call('POST', '/api/auth/logout', { token: user.token })).status).toBe(200);
    await expectCut(leaving);
    await expectStillListening(staying);
    await expect(listen(user.token)).rejects.toThrow('Fallo de autenticación');
  });

  it('closing a session from the sessions screen cuts its sockets', async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const socket = await listen(user.token);
    const [session] = await ctx.db.select({ id: accessTokens.id }).from(accessTokens).where(eq(accessTokens.tokenHash, sha256(user.token)));
    const closed = await ctx.call('POST', '/api/auth/logout-user', { token: manager.token, body: { id: session!.id, user_id: user.id } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await expectCut(socket);
  });

  it('switching a user off cuts every socket of theirs, not another user’s', async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const bystander = await ctx.staff({ permissions: ['closed_boxs'] });
    const first = await listen(user.token);
    const second = await listen(await ctx.tokenFor(user.id));
    const other = await listen(bystander.token);
    const answer = await ctx.call('PATCH', '/api/users/disabled-access-user', { token: manager.token, body: { user_id: user.id, status: false } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await expectCut(first);
    await expectCut(second);
    await expectStillListening(other);
  });

  it("changing a user's role cuts their sockets; they reconnect under the new role", async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const socket = await listen(user.token);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const answer = await ctx.call('PUT', '/api/users/update', {
      token: manager.token,
      body: { id: user.id, role: 2, name: stored!.name, email: stored!.email, all_users: true, use_all_series: true },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await expectCut(socket);
    expect((await listen(user.token)).socket.connected).toBe(true);
  });

  it("changing a role's permissions cuts the sockets of its users only", async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const bystander = await ctx.staff({ permissions: ['closed_boxs'] });
    const socket = await listen(user.token);
    const other = await listen(bystander.token);
    const [module] = await ctx.db.select({ id: permissionModules.id }).from(permissionModules).where(eq(permissionModules.name, 'clients'));
    const answer = await ctx.call('POST', '/api/roles/change-permission', { token: manager.token, body: { module_id: module!.id, role_id: user.roleId, checked: true } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await expectCut(socket);
    await expectStillListening(other);
  });

  it('switching a role off cuts the sockets of its users', async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const socket = await listen(user.token);
    const answer = await ctx.call('POST', '/api/roles/change-status-rol', { token: manager.token, body: { id: user.roleId, active: false } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await expectCut(socket);
  });

  it("a password change in the profile ends the user's other sessions and cuts their sockets, not this one", async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const otherToken = await ctx.tokenFor(user.id);
    const here = await listen(user.token);
    const elsewhere = await listen(otherToken);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const answer = await ctx.call('PUT', '/api/users/profile', {
      token: user.token,
      body: { name: stored!.name, email: stored!.email, password: 'Otra-clave-segura-7', current_password: TEST_PASSWORD },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await expectCut(elsewhere);
    await expectStillListening(here);
    expect((await ctx.call('POST', '/api/auth/me', { token: otherToken })).status).toBe(401);
    expect((await ctx.call('POST', '/api/auth/me', { token: user.token })).status).toBe(200);
  });

  it('a reset by e-mail link cuts every socket of the user at once, not at the next sweep', async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const socket = await listen(user.token);
    const token = 'enlace-de-prueba-de-restablecimiento';
    await ctx.db.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt: sql`now() + interval '10 minutes'` });
    const reset = await ctx.call('POST', '/api/auth/reset-password', { body: { token, password: 'Otra-clave-segura-8', confirm_password: 'Otra-clave-segura-8' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await expectCut(socket);
    await expect(listen(user.token)).rejects.toThrow('Fallo de autenticación');
  });

  it('an edit that ends no session cuts nobody', async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const bystander = await ctx.staff({ permissions: ['closed_boxs'] });
    const mine = await listen(user.token);
    const other = await listen(bystander.token);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const renamed = await ctx.call('PUT', '/api/users/profile', { token: user.token, body: { name: 'Nombre Nuevo', email: stored!.email } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const edited = await ctx.call('PUT', '/api/users/update', {
      token: manager.token,
      body: { id: bystander.id, role: bystander.roleId, name: 'Otro Nombre', email: bystander.email, all_users: true, use_all_series: true },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await expectStillListening(mine);
    await expectStillListening(other);
  });

  it('a session idle past its role’s limit is cut by the sweep, with no request to notice it', async () => {
    const user = await sweeping.staff({ permissions: ['closed_boxs'] });
    await sweeping.db.update(roles).set({ expiredSessionTime: 5 }).where(eq(roles.id, user.roleId));
    const socket = await listen(user.token, sweepingUrl);
    await expectStillListening(socket);
    await sweeping.db
      .update(accessTokens)
      .set({ lastUsedAt: sql`now() - interval '6 minutes'` })
      .where(eq(accessTokens.tokenHash, sha256(user.token)));
    await expectCut(socket);
  });

  it('a user who must change their password is refused, and flagging one cuts their sockets', async () => {
    const flagged = await ctx.clientUser();
    await ctx.db.update(users).set({ changePassword: true }).where(eq(users.id, flagged.id));
    await expect(listen(flagged.token)).rejects.toThrow('Fallo de autenticación');

    const user = await ctx.clientUser();
    const socket = await listen(user.token);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const answer = await ctx.call('PUT', '/api/users/update', {
      token: manager.token,
      body: { id: user.id, client_id: user.clientId, name: stored!.name, email: stored!.email, change_password: true },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await expectCut(socket);
    await expect(listen(user.token)).rejects.toThrow('Fallo de autenticación');
  });
});
