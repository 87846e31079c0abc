import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesAuth } from '@recaudo/domain/auth';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import { createTestContext, type TestContext } from '../../../test/harness';
import { codeAhead, codeStep, enrol, passwordStep } from '../../../test/two-factor-helpers';
import { roles } from '../roles/tables';
import { loginThrottle } from './tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_DELAY_MS: '0' });
});
afterAll(() => ctx.close());

const attemptsOf = async (key: string) =>
  (await ctx.db.select({ attempts: loginThrottle.attempts }).from(loginThrottle).where(and(eq(loginThrottle.scope, 'account_ip'), eq(loginThrottle.key, key))))[0]?.attempts ?? 0;

describe('a role that requires the second factor', () => {
  it('is switched on the roles panel and left as it is by an update that does not send it', async () => {
    const admin = await ctx.staff({ permissions: ['roles', 'add_role', 'edit_role'] });
    const created = await ctx.call('POST', '/api/roles/store', { token: admin.token, body: { name: 'Tesorería 2FA', expired_session_time: 30, require_2fa: true } });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const listed = await ctx.call('GET', '/api/roles', { token: admin.token, query: { search: 'Tesorería 2FA' } });
    expect(listed.body.data.data[0]).toMatchObject({ id, require_2fa: true });
    await ctx.call('PUT', '/api/roles/update', { token: admin.token, body: { id, name: 'Tesorería 2FA', expired_session_time: 45 } });
    expect((await ctx.db.select({ require2fa: roles.require2fa }).from(roles).where(eq(roles.id, id)))[0]?.require2fa).toBe(true);
    const off = await ctx.call('PUT', '/api/roles/update', { token: admin.token, body: { id, name: 'Tesorería 2FA', expired_session_time: 45, require_2fa: false } });
    expect(off.status).toBe(200);
    expect((await ctx.db.select({ require2fa: roles.require2fa }).from(roles).where(eq(roles.id, id)))[0]?.require2fa).toBe(false);
    const bad = await ctx.call('POST', '/api/roles/store', { token: admin.token, body: { name: 'Otro', expired_session_time: 30, require_2fa: 'quizás' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['require_2fa']);
  });

  it('a user who has not enrolled logs in to a session that can only enrol; once enrolled, everything opens', async () => {
    const user = await ctx.staff({ permissions: ['clients'] });
    await ctx.db.update(roles).set({ require2fa: true }).where(eq(roles.id, user.roleId));
    const first = await passwordStep(ctx, user, '10.8.0.1');
    expect(first.status).toBe(200);
    expect(first.body.data.user.two_factor).toEqual({ enabled: false, required: true });
    const token = first.body.data.access_token as string;
    expect(await ctx.call('GET', '/api/clients', { token })).toMatchObject({ status: 403, body: { message: messagesTwoFactor.setupFirst } });
    // A session opened before the role's change is confined from its next request.
    expect((await ctx.call('GET', '/api/clients', { token: user.token })).status).toBe(403);
    expect((await ctx.call('POST', '/api/auth/me', { token })).status).toBe(200);
    const { secret } = await enrol(ctx, { ...user, token });
    expect((await ctx.call('GET', '/api/clients', { token })).status).toBe(200);
    const off = await ctx.call('POST', '/api/auth/2fa/disable', { token, body: { code: codeAhead(secret, 1) } });
    expect(off).toMatchObject({ status: 422, body: { message: messagesTwoFactor.requiredByRole } });
    expect((await passwordStep(ctx, user, '10.8.0.2')).body.data.two_factor_required).toBe(true);
  });
});

describe('wrong codes and the login throttle', () => {
  it('wrong codes count with the password on the account and address: the sixth try is refused even with the right code', async () => {
    const user = await ctx.staff();
    const { secret } = await enrol(ctx, user);
    const { challenge } = (await passwordStep(ctx, user, '10.7.0.1')).body.data;
    for (let attempt = 0; attempt < 4; attempt++) expect((await codeStep(ctx, challenge, '00000-00000', '10.7.0.1')).status).toBe(422);
    expect(await attemptsOf(`${user.email} 10.7.0.1`)).toBe(5);
    const locked = await codeStep(ctx, challenge, codeAhead(secret, 1), '10.7.0.1');
    expect(locked).toEqual(expect.objectContaining({ status: 429, body: { success: false, message: messagesAuth.tooManyAttempts(15) } }));
  });

  it('a challenge takes five tries, from any address; a success forgets the counts', async () => {
    const user = await ctx.staff();
    const { secret } = await enrol(ctx, user);
    const { challenge } = (await passwordStep(ctx, user, '10.7.1.1')).body.data;
    for (let attempt = 0; attempt < 5; attempt++) expect((await codeStep(ctx, challenge, '00000-00000', `10.7.1.${10 + attempt}`)).status).toBe(422);
    expect(await codeStep(ctx, challenge, codeAhead(secret, 1), '10.7.1.20')).toMatchObject({ status: 401, body: { message: messagesTwoFactor.challengeInvalid } });

    const again = (await passwordStep(ctx, user, '10.7.1.1')).body.data.challenge;
    expect((await codeStep(ctx, again, '00000-00000', '10.7.1.1')).status).toBe(422);
    expect(await attemptsOf(`${user.email} 10.7.1.1`)).toBe(3);
    expect((await codeStep(ctx, again, codeAhead(secret, 1), '10.7.1.1')).status).toBe(200);
    expect(await attemptsOf(`${user.email} 10.7.1.1`)).toBe(0);
  });

  it('guessing the code to switch it off counts on the throttle too', async () => {
    const user = await ctx.staff();
    const { secret } = await enrol(ctx, user);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await ctx.call('POST', '/api/auth/2fa/disable', { token: user.token, body: { code: '00000-00000' }, ip: '10.7.2.1' })).status).toBe(422);
    }
    const locked = await ctx.call('POST', '/api/auth/2fa/disable', { token: user.token, body: { code: codeAhead(secret, 1) }, ip: '10.7.2.1' });
    expect(locked.status).toBe(429);
  });
});
