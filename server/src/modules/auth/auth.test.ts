import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesAuth } from '@recaudo/domain/auth';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../../test/harness';
import { sha256 } from '../../platform/crypto';
import { auditLogs } from '../logs/tables';
import { roles } from '../roles/tables';
import { users } from '../users/tables';
import { accessTokens } from './tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('POST /api/auth/login', () => {
  it('opens a session answering user, token, permissions and theme, and stores only the token hash', async () => {
    const user = await ctx.staff({ permissions: ['clients', 'add_client'] });
    const { status, body } = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toBe(messagesAuth.loggedIn);
    expect(body.data.user).toMatchObject({ id: user.id, email: user.email, type: 'admin', client_id: null, change_password: false });
    expect(body.data.permissions.sort()).toEqual(['add_client', 'clients']);
    expect(body.data.theme).toBe('light');
    const token: string = body.data.access_token;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await ctx.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, sha256(token)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ userId: user.id, ip: '10.0.0.1', endedAt: null });
    const [logged] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.description, 'login'), eq(auditLogs.causerId, user.id)));
    expect(logged?.logName).toBe('logins');
  });

  it('answers a client user with its client', async () => {
    const client = await ctx.clientUser({ name: 'Comercial Los Andes', type: 1, identificationType: 'J', identification: '301234567' });
    const { status, body } = await login(client.email, TEST_PASSWORD);
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ type: 'client', client_id: client.clientId, role: { id: 4, key: 'client' } });
    expect(body.data.user.client).toMatchObject({ name: 'Comercial Los Andes', identification_type: 'J', type: 1 });
    expect(body.data.permissions).toEqual([]);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 message', async () => {
    const user = await ctx.staff();
    const wrong = await login(user.email, 'otra-clave', '10.0.1.1');
    const unknown = await login('nadie@recaudo.test', TEST_PASSWORD, '10.0.1.2');
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, message: messagesAuth.invalidCredentials });
    }
  });

  it('answers 422 with Spanish field errors for a malformed e-mail and a missing password', async () => {
    const { status, body } = await login('no-es-correo', '');
    expect(status).toBe(422);
    expect(body.success).toBe(false);
    expect(body.errors).toEqual({
      email: ['El formato de Correo es inválido.'],
      password: ['El campo Contraseña es obligatorio.'],
    });
    const empty = await ctx.call('POST', '/api/auth/login');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.email).toEqual(['El campo Correo es obligatorio.']);
  });

  it('refuses an inactive user and a user of an inactive role with 403', async () => {
    const inactive = await ctx.staff({ overrides: { active: false } });
    expect(await login(inactive.email, TEST_PASSWORD, '10.0.2.1')).toEqual({
      status: 403,
      body: { success: false, message: messagesAuth.inactiveUser },
    });
    const member = await ctx.staff();
    await ctx.db.update(roles).set({ active: false }).where(eq(roles.id, member.roleId));
    expect((await login(member.email, TEST_PASSWORD, '10.0.2.2')).body.message).toBe(messagesAuth.inactiveRole);
  });
});

describe('POST /api/auth/me', () => {
  it('answers 401 without a token and with a made-up one', async () => {
    expect((await ctx.call('POST', '/api/auth/me')).status).toBe(401);
    const madeUp = await ctx.call('POST', '/api/auth/me', { token: 'inventado-'.repeat(5) });
    expect(madeUp).toMatchObject({ status: 401, body: { success: false, message: messagesAuth.unauthenticated } });
  });

  it('answers the session of the token, with the version header', async () => {
    const user = await ctx.staff({ permissions: ['roles'] });
    const { status, body, headers } = await ctx.call('POST', '/api/auth/me', { token: user.token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ user: { id: user.id }, access_token: user.token, permissions: ['roles'] });
    expect(headers['x-app-version']).toBe(ctx.config.version);
  });

  it('expires a token idle longer than its role allows and ends the session at its last use', async () => {
    const user = await ctx.staff();
    await ctx.db.update(roles).set({ expiredSessionTime: 30 }).where(eq(roles.id, user.roleId));
    const lastUse = new Date(Date.now() - 29 * 60_000);
    await ctx.db.update(accessTokens).set({ lastUsedAt: lastUse }).where(eq(accessTokens.tokenHash, sha256(user.token)));
    expect((await ctx.call('POST', '/api/auth/me', { token: user.token })).status).toBe(200);
    // The use was written back by the database's clock: an idle limit counts from it.
    const [touched] = await ctx.db.execute(sql`select now() - last_used_at < interval '1 minute' as recent from access_tokens where token_hash = ${sha256(user.token)}`).then((result) => (result as unknown as { rows: { recent: boolean }[] }).rows);
    expect(touched?.recent).toBe(true);

    const idleSince = new Date(Date.now() - 31 * 60_000);
    await ctx.db.update(accessTokens).set({ lastUsedAt: idleSince }).where(eq(accessTokens.tokenHash, sha256(user.token)));
    expect((await ctx.call('POST', '/api/auth/me', { token: user.token })).status).toBe(401);
    const [row] = await ctx.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, sha256(user.token)));
    expect(row?.endedAt?.getTime()).toBe(idleSince.getTime());
  });

  it('keeps a token of a role without a time limit', async () => {
    const user = await ctx.staff();
    await ctx.db.update(roles).set({ expiredSessionTime: 0 }).where(eq(roles.id, user.roleId));
    await ctx.db.update(accessTokens).set({ lastUsedAt: new Date(Date.now() - 90 * 86_400_000) }).where(eq(accessTokens.tokenHash, sha256(user.token)));
    expect((await ctx.call('POST', '/api/auth/me', { token: user.token })).status).toBe(200);
  });

  it('stops a token when its user is deactivated', async () => {
    const user = await ctx.staff();
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await ctx.call('POST', '/api/auth/me', { token: user.token })).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('closes the session so the token stops working, and logs it', async () => {
    const user = await ctx.staff();
    const out = await ctx.call('POST', '/api/auth/logout', { token: user.token });
    expect(out).toMatchObject({ status: 200, body: { success: true, message: messagesAuth.loggedOut } });
    expect((await ctx.call('POST', '/api/auth/me', { token: user.token })).status).toBe(401);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.description, 'logout'), eq(auditLogs.causerId, user.id)));
    expect(entry).toBeDefined();
  });
});

describe('POST /api/auth/logout-user', () => {
  it('closes another user session for a holder of logins', async () => {
    const analyst = await ctx.staff({ permissions: ['logins'] });
    const cashier = await ctx.staff();
    const [session] = await ctx.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, sha256(cashier.token)));
    const closed = await ctx.call('POST', '/api/auth/logout-user', { token: analyst.token, body: { id: session!.id, user_id: cashier.id } });
    expect(closed).toMatchObject({ status: 200, body: { success: true, message: 'Logout Exitoso' } });
    expect((await ctx.call('POST', '/api/auth/me', { token: cashier.token })).status).toBe(401);

    const again = await ctx.call('POST', '/api/auth/logout-user', { token: analyst.token, body: { id: session!.id, user_id: cashier.id } });
    expect(again).toMatchObject({ status: 422, body: { success: false, message: messagesAuth.sessionAlreadyClosed } });
  });

  it('answers 403 without logins, 404 for a session of another user, 422 without ids', async () => {
    const analyst = await ctx.staff({ permissions: ['logins'] });
    const cashier = await ctx.staff({ permissions: ['clients'] });
    const [session] = await ctx.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, sha256(analyst.token)));
    expect((await ctx.call('POST', '/api/auth/logout-user', { token: cashier.token, body: { id: session!.id, user_id: analyst.id } })).status).toBe(403);
    expect((await ctx.call('POST', '/api/auth/logout-user', { token: analyst.token, body: { id: session!.id, user_id: cashier.id } })).status).toBe(404);
    const invalid = await ctx.call('POST', '/api/auth/logout-user', { token: analyst.token, body: {} });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['id', 'user_id']);
  });
});

describe('PUT /api/auth/theme', () => {
  it('keeps the chosen theme for the next session', async () => {
    const user = await ctx.staff();
    expect((await ctx.call('PUT', '/api/auth/theme', { token: user.token, body: { theme: 'dark' } })).status).toBe(200);
    expect((await ctx.call('POST', '/api/auth/me', { token: user.token })).body.data.theme).toBe('dark');
    expect((await ctx.call('PUT', '/api/auth/theme', { token: user.token, body: { theme: 'azul' } })).status).toBe(422);
  });
});
