import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesAuth } from '@recaudo/domain/auth';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../../test/harness';
import { codeAhead, codeStep, enrol, passwordStep } from '../../../test/two-factor-helpers';
import { auditLogs } from '../logs/tables';
import { users } from '../users/tables';
import { accessTokens, twoFactorRecoveryCodes } from './tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const tokenCount = async (userId: number) => (await ctx.db.select().from(accessTokens).where(eq(accessTokens.userId, userId))).length;

describe('2FA enrolment', () => {
  it('setup answers the secret, its otpauth URL, a QR code and ten recovery codes kept only hashed; enable needs a code of the app', async () => {
    const user = await ctx.staff();
    const setup = await ctx.call('POST', '/api/auth/2fa/setup', { token: user.token, body: { current_password: TEST_PASSWORD } });
    expect(setup.status).toBe(200);
    expect(setup.body.message).toBe(messagesTwoFactor.setupReady);
    const { secret, otpauth_url, qr_code, recovery_codes } = setup.body.data;
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    const stored = await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toContain(recovery_codes[0]);

    // Not in force yet: the password alone still logs in.
    expect((await passwordStep(ctx, user)).body.data.access_token).toBeTruthy();
    const wrong = await ctx.call('POST', '/api/auth/2fa/enable', { token: user.token, body: { code: '000000' === codeAhead(secret) ? '111111' : '000000' } });
    expect(wrong).toMatchObject({ status: 422, body: { success: false, message: messagesTwoFactor.codeInvalid, errors: { code: [messagesTwoFactor.codeInvalid] } } });
    const byRecovery = await ctx.call('POST', '/api/auth/2fa/enable', { token: user.token, body: { code: recovery_codes[0] } });
    expect(byRecovery.status).toBe(422);
    const empty = await ctx.call('POST', '/api/auth/2fa/enable', { token: user.token, body: { code: ' ' } });
    expect(empty.body.errors).toEqual({ code: [messagesTwoFactor.codeRequired] });

    const enabled = await ctx.call('POST', '/api/auth/2fa/enable', { token: user.token, body: { code: codeAhead(secret) } });
    expect(enabled).toMatchObject({ status: 200, body: { success: true, message: messagesTwoFactor.enabled } });
    const me = await ctx.call('POST', '/api/auth/me', { token: user.token });
    expect(me.body.data.user.two_factor).toEqual({ enabled: true, required: false });
    const [audited] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.description, 'two_factor_enabled'), eq(auditLogs.subjectId, user.id)));
    expect(audited?.logName).toBe('users');
    expect(JSON.stringify(audited?.properties)).not.toContain(secret);

    const again = await ctx.call('POST', '/api/auth/2fa/setup', { token: user.token, body: { current_password: TEST_PASSWORD } });
    expect(again).toMatchObject({ status: 409, body: { message: messagesTwoFactor.alreadyEnabled } });
  });

  it('enable before setup is refused; setup needs a session', async () => {
    const user = await ctx.staff();
    expect((await ctx.call('POST', '/api/auth/2fa/enable', { token: user.token, body: { code: '123456' } })).body.message).toBe(messagesTwoFactor.notSetUp);
    expect((await ctx.call('POST', '/api/auth/2fa/setup')).status).toBe(401);
  });

  it('a client user may enable it too', async () => {
    const client = await ctx.clientUser();
    await enrol(ctx, client);
    expect((await passwordStep(ctx, client, '10.9.1.1')).body.data).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  });
});

describe('login with a second factor', () => {
  it('the password answers a challenge and no token; the right code opens the session once', async () => {
    const user = await ctx.staff();
    const { secret } = await enrol(ctx, user);
    const before = await tokenCount(user.id);
    const first = await passwordStep(ctx, user);
    expect(first).toMatchObject({ status: 200, body: { success: true, message: messagesTwoFactor.codeRequired } });
    expect(first.body.data).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(await tokenCount(user.id)).toBe(before);

    const wrong = await codeStep(ctx, first.body.data.challenge, '12345');
    expect(wrong).toMatchObject({ status: 422, body: { message: messagesTwoFactor.codeInvalid } });
    const right = await codeStep(ctx, first.body.data.challenge, codeAhead(secret, 1));
    expect(right).toMatchObject({ status: 200, body: { message: messagesAuth.loggedIn } });
    expect(right.body.data.user).toMatchObject({ id: user.id, two_factor: { enabled: true, required: false } });
    expect((await ctx.call('POST', '/api/auth/me', { token: right.body.data.access_token })).status).toBe(200);
    const [audited] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.description, 'login'), eq(auditLogs.causerId, user.id)));
    expect(audited?.properties).toMatchObject({ attributes: { two_factor: 'totp' } });

    // The challenge is spent, and the code's step can't be replayed on a new one.
    expect(await codeStep(ctx, first.body.data.challenge, codeAhead(secret, 1))).toMatchObject({ status: 401, body: { message: messagesTwoFactor.challengeInvalid } });
    const second = await passwordStep(ctx, user);
    expect((await codeStep(ctx, second.body.data.challenge, codeAhead(secret, 1))).status).toBe(422);
    expect((await codeStep(ctx, second.body.data.challenge, codeAhead(secret, -1))).status).toBe(422);
  });

  it('a wrong password still answers 401 with no challenge; an unknown or expired challenge answers 401', async () => {
    const user = await ctx.staff();
    const { secret } = await enrol(ctx, user);
    const bad = await ctx.call('POST', '/api/auth/login', { body: { email: user.email, password: 'Otra-clave-9' }, ip: '10.9.2.1' });
    expect(bad).toMatchObject({ status: 401, body: { message: messagesAuth.invalidCredentials } });
    expect(await codeStep(ctx, 'no-existe', codeAhead(secret, 1))).toMatchObject({ status: 401, body: { message: messagesTwoFactor.challengeInvalid } });
    const first = await passwordStep(ctx, user, '10.9.2.2');
    await ctx.db.execute(sql`update two_factor_challenges set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect(await codeStep(ctx, first.body.data.challenge, codeAhead(secret, 1), '10.9.2.2')).toMatchObject({ status: 401, body: { message: messagesTwoFactor.challengeInvalid } });
    const missing = await ctx.call('POST', '/api/auth/2fa/verify', { body: { challenge: first.body.data.challenge } });
    expect(missing.body.errors).toEqual({ code: [messagesTwoFactor.codeRequired] });
  });

  it('each recovery code logs in once, in any case and with or without the dash', async () => {
    const user = await ctx.staff();
    const { recovery_codes } = await enrol(ctx, user);
    const code = recovery_codes[3]!;
    const first = await passwordStep(ctx, user, '10.9.3.1');
    const used = await codeStep(ctx, first.body.data.challenge, code.toLowerCase().replace('-', ''), '10.9.3.1');
    expect(used.status).toBe(200);
    const [audited] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.description, 'login'), eq(auditLogs.causerId, user.id)));
    expect(audited?.properties).toMatchObject({ attributes: { two_factor: 'recovery' } });
    const second = await passwordStep(ctx, user, '10.9.3.1');
    expect(await codeStep(ctx, second.body.data.challenge, code, '10.9.3.1')).toMatchObject({ status: 422, body: { message: messagesTwoFactor.codeInvalid } });
    const spent = await ctx.db.select().from(twoFactorRecoveryCodes).where(and(eq(twoFactorRecoveryCodes.userId, user.id), sql`used_at is not null`));
    expect(spent).toHaveLength(1);
  });

  it('two concurrent logins with the same recovery code: exactly one gets in', async () => {
    const user = await ctx.staff();
    const { recovery_codes } = await enrol(ctx, user);
    const [a, b] = await Promise.all([passwordStep(ctx, user, '10.9.4.1'), passwordStep(ctx, user, '10.9.4.2')]);
    const answers = await Promise.all([
      codeStep(ctx, a!.body.data.challenge, recovery_codes[0]!, '10.9.4.1'),
      codeStep(ctx, b!.body.data.challenge, recovery_codes[0]!, '10.9.4.2'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
  });

  it('a deactivated user is refused at the code step too', async () => {
    const user = await ctx.staff();
    const { secret } = await enrol(ctx, user);
    const first = await passwordStep(ctx, user, '10.9.5.1');
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect(await codeStep(ctx, first.body.data.challenge, codeAhead(secret, 1), '10.9.5.1')).toMatchObject({ status: 403, body: { message: messagesAuth.inactiveUser } });
  });
});

describe('turning it off', () => {
  it('disable needs a code of the app or a recovery code; afterwards the password alone logs in', async () => {
    const user = await ctx.staff();
    const { secret } = await enrol(ctx, user);
    expect(await ctx.call('POST', '/api/auth/2fa/disable', { token: user.token, body: { code: '99999-99999' } })).toMatchObject({ status: 422, body: { errors: { code: [messagesTwoFactor.codeInvalid] } } });
    const off = await ctx.call('POST', '/api/auth/2fa/disable', { token: user.token, body: { code: codeAhead(secret, 1) } });
    expect(off).toMatchObject({ status: 200, body: { message: messagesTwoFactor.disabled } });
    expect(await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toHaveLength(0);
    const [stored] = await ctx.db.select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
    expect(stored).toEqual({ secret: null, enabledAt: null });
    expect((await passwordStep(ctx, user, '10.9.6.1')).body.data.access_token).toBeTruthy();
    expect((await ctx.call('POST', '/api/auth/2fa/disable', { token: user.token, body: { code: '123456' } })).body.message).toBe(messagesTwoFactor.notEnabled);
  });

  it("an administrator with manage_security resets a user's second factor, audited; without the permission 403", async () => {
    const admin = await ctx.staff({ permissions: ['users', 'edit_user', 'manage_security'] });
    const reader = await ctx.staff({ permissions: ['users'] });
    const user = await ctx.staff();
    await enrol(ctx, user);
    expect((await ctx.call('POST', '/api/users/reset-two-factor', { token: reader.token, body: { user_id: user.id } })).status).toBe(403);
    expect((await ctx.call('POST', '/api/users/reset-two-factor', { token: user.token, body: { user_id: user.id } })).status).toBe(403);
    const reset = await ctx.call('POST', '/api/users/reset-two-factor', { token: admin.token, body: { user_id: user.id, current_password: TEST_PASSWORD } });
    expect(reset).toMatchObject({ status: 200, body: { success: true, message: messagesTwoFactor.reset } });
    const [audited] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.description, 'two_factor_reset'), eq(auditLogs.subjectId, user.id)));
    expect(audited).toMatchObject({ logName: 'users', causerId: admin.id });
    expect((await passwordStep(ctx, user, '10.9.7.1')).body.data.access_token).toBeTruthy();
    const twice = await ctx.call('POST', '/api/users/reset-two-factor', { token: admin.token, body: { user_id: user.id, current_password: TEST_PASSWORD } });
    expect(twice).toMatchObject({ status: 422, body: { message: messagesTwoFactor.resetNotEnabled } });
    expect((await ctx.call('POST', '/api/users/reset-two-factor', { token: admin.token, body: { user_id: 999999, current_password: TEST_PASSWORD } })).status).toBe(404);
  });
});
