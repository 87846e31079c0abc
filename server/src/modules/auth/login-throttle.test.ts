import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesAuth } from '@recaudo/domain/auth';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../../test/harness';
import { loginThrottle } from './tables';
import { accountDelayMs } from './login-throttle';

/**
 * Lockouts an attacker cannot use against a user (issue 31): 5 tries per account and address,
 * 20 per address, and past 5 failures on an account from anywhere only slower answers (at most
 * 400 ms here).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_DELAY_MS: '400' });
});
afterAll(() => ctx.close());

const login = (email: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip }).then((r) => ({ status: r.statusCode, body: r.json() }));

async function attemptsOf(scope: 'account_ip' | 'ip' | 'account', key: string) {
  const [row] = await ctx.db.select({ attempts: loginThrottle.attempts }).from(loginThrottle).where(and(eq(loginThrottle.scope, scope), eq(loginThrottle.key, key)));
  return row?.attempts ?? 0;
}

describe('login lockouts', () => {
  it("5 wrong passwords lock the attacker's address out of the account, not its owner at another address", async () => {
    const user = await ctx.staff();
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(user.email, 'Mala-clave-1', '10.1.0.1')).status).toBe(401);
    const blocked = await login(user.email, TEST_PASSWORD, '10.1.0.1');
    expect(blocked).toEqual({ status: 429, body: { success: false, message: messagesAuth.tooManyAttempts(15) } });
    const owner = await login(user.email, TEST_PASSWORD, '10.1.0.2');
    expect(owner.status).toBe(200);
    // The owner's success does not open the attacker's address again: its lock is its own.
    expect((await login(user.email, TEST_PASSWORD, '10.1.0.1')).status).toBe(429);
  });

  it('an account guessed from many addresses is slowed down, never locked', async () => {
    const user = await ctx.staff();
    for (let attempt = 0; attempt < 10; attempt++) expect((await login(user.email, 'Mala-clave-1', `10.2.0.${attempt}`)).status).toBe(401);
    const started = performance.now();
    const owner = await login(user.email, TEST_PASSWORD, '10.2.1.1');
    expect(owner.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    // The owner is back: the account's count starts again, and with it the answers without delay.
    expect(await attemptsOf('account', user.email)).toBe(0);
    expect((await login(user.email, TEST_PASSWORD, '10.2.1.1')).status).toBe(200);
    expect(await attemptsOf('account', user.email)).toBe(0);
  });

  it('waits nothing up to the per-account limit, then doubles from 250 ms up to the maximum', () => {
    const limits = { perAccount: 5, maxDelayMs: 4000 };
    expect([1, 5, 6, 7, 8, 9, 10, 11, 40].map((attempts) => accountDelayMs(attempts, limits))).toEqual([0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('an address trying 20 accounts is locked out of every account', async () => {
    for (let attempt = 0; attempt < 20; attempt++) expect((await login(`intruso${attempt}@recaudo.test`, 'Mala-clave-1', '10.3.0.1')).status).toBe(401);
    const user = await ctx.staff();
    expect((await login(user.email, TEST_PASSWORD, '10.3.0.1')).status).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, '10.3.0.2')).status).toBe(200);
  });

  it('a successful login forgets the failures of its account and address and gives the address its try back', async () => {
    const user = await ctx.staff();
    for (let attempt = 0; attempt < 4; attempt++) await login(user.email, 'Mala-clave-1', '10.4.0.1');
    expect(await attemptsOf('ip', '10.4.0.1')).toBe(4);
    expect((await login(user.email, TEST_PASSWORD, '10.4.0.1')).status).toBe(200);
    expect(await attemptsOf('account_ip', `${user.email} 10.4.0.1`)).toBe(0);
    expect(await attemptsOf('ip', '10.4.0.1')).toBe(4);
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(user.email, 'Mala-clave-1', '10.4.0.1')).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, '10.4.0.1')).status).toBe(429);
  });

  it('a lock ends when its window has passed by the database clock', async () => {
    const user = await ctx.staff();
    for (let attempt = 0; attempt < 5; attempt++) await login(user.email, 'Mala-clave-1', '10.5.0.1');
    expect((await login(user.email, TEST_PASSWORD, '10.5.0.1')).status).toBe(429);
    await ctx.db
      .update(loginThrottle)
      .set({ windowStartedAt: sql`now() - interval '15 minutes'` })
      .where(sql`${loginThrottle.key} in (${`${user.email} 10.5.0.1`}, '10.5.0.1', ${user.email})`);
    expect((await login(user.email, TEST_PASSWORD, '10.5.0.1')).status).toBe(200);
  });

  it('33 concurrent wrong tries count 33: five are checked, the other 28 refused', async () => {
    const user = await ctx.staff();
    const answers = await Promise.all(Array.from({ length: 33 }, () => login(user.email, 'Mala-clave-1', '10.6.0.1')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(28);
    expect(await attemptsOf('account_ip', `${user.email} 10.6.0.1`)).toBe(33);
    expect(await attemptsOf('ip', '10.6.0.1')).toBe(33);
    expect(await attemptsOf('account', user.email)).toBe(33);
  });
});
