import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordMessages } from '@recaudo/domain/passwords';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import { createTestContext, TEST_PASSWORD, TEST_SECRETS_KEY, type TestContext } from '../../../test/harness';
import { codeAhead, codeStep, enrol, passwordStep } from '../../../test/two-factor-helpers';
import { sha256 } from '../../platform/crypto';
import { secretsKeyOf } from '../../platform/secrets-key';
import { users } from '../users/tables';
import { twoFactorRecoveryCodes } from './tables';
import { newTotpSecret } from './totp';
import { openTotpSecret, SecretsKeyMismatch, sealStoredTotpSecrets, sealTotpSecret } from './totp-secret-seal';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const key = Buffer.from(TEST_SECRETS_KEY, 'hex');
const storedSecret = async (userId: number) => (await ctx.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId)))[0]?.secret ?? null;

describe('TOTP secrets at rest (issue 46)', () => {
  it('the database keeps the secret sealed under SECRETS_KEY, bound to its user; the code still logs in', async () => {
    const user = await ctx.staff();
    const { secret } = await enrol(ctx, user);
    const stored = await storedSecret(user.id);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    expect(openTotpSecret(key, user.id, stored!)).toBe(secret);
    // Copied onto another user, or opened with another key, it is refused.
    expect(() => openTotpSecret(key, user.id + 1, stored!)).toThrow(SecretsKeyMismatch);
    expect(() => openTotpSecret(Buffer.alloc(32, 7), user.id, stored!)).toThrow(/SECRETS_KEY no abre los secretos/);

    const challenge = (await passwordStep(ctx, user, '10.46.0.1')).body.data.challenge;
    const session = await codeStep(ctx, challenge, codeAhead(secret, 1), '10.46.0.1');
    expect(session.status).toBe(200);
    expect(session.body.data.access_token).toBeTruthy();
  });

  it('a secret stored in plain text before sealing is sealed at start, once, and still logs in', async () => {
    const user = await ctx.staff();
    const secret = newTotpSecret();
    await ctx.db.update(users).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(users.id, user.id));
    expect(await sealStoredTotpSecrets(ctx.db, key)).toBeGreaterThanOrEqual(1);
    const sealed = await storedSecret(user.id);
    expect(sealed).toMatch(/^v1:/);
    expect(openTotpSecret(key, user.id, sealed!)).toBe(secret);
    // A second process starting after the first finds nothing left to seal.
    expect(await sealStoredTotpSecrets(ctx.db, key)).toBe(0);
    expect(await storedSecret(user.id)).toBe(sealed);

    const challenge = (await passwordStep(ctx, user, '10.46.0.2')).body.data.challenge;
    expect((await codeStep(ctx, challenge, codeAhead(secret, 1), '10.46.0.2')).status).toBe(200);
  });

  it('a start with another key is refused with a clear message before it touches anything', async () => {
    const user = await ctx.staff();
    await ctx.db.update(users).set({ totpSecret: sealTotpSecret(key, user.id, newTotpSecret()) }).where(eq(users.id, user.id));
    const plain = await ctx.staff();
    await ctx.db.update(users).set({ totpSecret: newTotpSecret() }).where(eq(users.id, plain.id));
    await expect(sealStoredTotpSecrets(ctx.db, Buffer.alloc(32, 9))).rejects.toThrow(
      'SECRETS_KEY no abre los secretos de doble factor guardados en la base de datos (SECRETS_KEY does not open the stored TOTP secrets)',
    );
    expect(await storedSecret(plain.id)).not.toMatch(/^v1:/);
  });

  it('SECRETS_KEY takes hex or base64 of 32 bytes; anything else stops the configuration', async () => {
    expect(secretsKeyOf({ SECRETS_KEY: key.toString('base64'), DATA_DIR: '/nonexistent' })).toEqual(key);
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ SECRETS_KEY: 'corta' })).toThrow(/SECRETS_KEY debe ser una clave de 32 bytes/);
  });
});

describe('recovery codes (issue 46)', () => {
  it('are kept as scrypt, not the old SHA-256, and a code logs in once', async () => {
    const user = await ctx.staff();
    const { recovery_codes } = await enrol(ctx, user);
    const hashes = (await ctx.db.select({ hash: twoFactorRecoveryCodes.codeHash }).from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).map((row) => row.hash);
    expect(hashes).toHaveLength(10);
    expect(hashes).not.toContain(sha256(`${user.id}:${recovery_codes[0]!.replace('-', '')}`));
    const challenge = (await passwordStep(ctx, user, '10.46.1.1')).body.data.challenge;
    expect((await codeStep(ctx, challenge, recovery_codes[0]!.toLowerCase(), '10.46.1.1')).status).toBe(200);
    const again = (await passwordStep(ctx, user, '10.46.1.1')).body.data.challenge;
    expect(await codeStep(ctx, again, recovery_codes[0]!, '10.46.1.1')).toMatchObject({ status: 422, body: { message: messagesTwoFactor.codeInvalid } });
  });

  it('a code stored as SHA-256 before the change still works once', async () => {
    const user = await ctx.staff();
    await enrol(ctx, user);
    await ctx.db.insert(twoFactorRecoveryCodes).values({ userId: user.id, codeHash: sha256(`${user.id}:OLDCD23456`) });
    const challenge = (await passwordStep(ctx, user, '10.46.2.1')).body.data.challenge;
    expect((await codeStep(ctx, challenge, 'OLDCD-23456', '10.46.2.1')).status).toBe(200);
    const again = (await passwordStep(ctx, user, '10.46.2.1')).body.data.challenge;
    expect((await codeStep(ctx, again, 'OLDCD-23456', '10.46.2.1')).status).toBe(422);
  });
});

describe('enrolment needs the password (issue 46)', () => {
  it('setup without the password or with a wrong one is a 422 on current_password and changes nothing', async () => {
    const user = await ctx.staff();
    const missing = await ctx.call('POST', '/api/auth/2fa/setup', { token: user.token });
    expect(missing).toMatchObject({ status: 422, body: { success: false, errors: { current_password: [messagesTwoFactor.passwordRequired] } } });
    const wrong = await ctx.call('POST', '/api/auth/2fa/setup', { token: user.token, body: { current_password: 'No-es-la-clave-9' } });
    expect(wrong).toMatchObject({ status: 422, body: { success: false, errors: { current_password: [passwordMessages.currentWrong] } } });
    expect(await storedSecret(user.id)).toBeNull();
    expect(await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toHaveLength(0);
    const right = await ctx.call('POST', '/api/auth/2fa/setup', { token: user.token, body: { current_password: TEST_PASSWORD } });
    expect(right.status).toBe(200);
    expect(right.body.data.recovery_codes).toHaveLength(10);
  });
});
