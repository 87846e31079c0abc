import { randomInt, scrypt } from 'node:crypto';
import { and, eq, inArray, isNull, or, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { messagesTwoFactor, RECOVERY_CODE_COUNT, type TwoFactorSetup } from '@recaudo/domain/two-factor';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { sha256, verifyPassword } from '../../platform/crypto';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { passwordMessages } from '@recaudo/domain/passwords';
import { roles } from '../roles/tables';
import { users } from '../users/tables';
import { admitLoginAttempt, forgetLoginAttempts, type ThrottleLimits } from './login-throttle';
import type { AuthContext, RequestOrigin } from './service';
import { twoFactorRecoveryCodes } from './tables';
import { matchingTotpStep, newTotpSecret, otpauthUrl } from './totp';
import { openTotpSecret, sealTotpSecret } from './totp-secret-seal';

/** No 0/O or 1/I: the codes are read off paper. 32 symbols, 10 of them: 50 random bits a code. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const newRecoveryCode = () => {
  const symbols = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
};

const normalizedCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * scrypt with N = 2^13 (about 30 ms a code here, docs/decisions.md): a stolen table can't be
 * searched for the 50-bit codes. Salted with the user's id, so one guess can't be tried against
 * every user at once, and so a code is still found by equality in one UPDATE.
 */
const RECOVERY_SCRYPT = { N: 8192, r: 8, p: 1, maxmem: 32 * 1024 * 1024 };
const recoveryCodeHash = (userId: number, code: string) =>
  new Promise<string>((resolve, reject) =>
    scrypt(normalizedCode(code), `recaudo:recovery-code:${userId}`, 32, RECOVERY_SCRYPT, (error, key) => (error ? reject(error) : resolve(key.toString('hex')))),
  );

/** How codes were kept before scrypt: still accepted until spent or replaced by a new setup. */
const legacyRecoveryCodeHash = (userId: number, code: string) => sha256(`${userId}:${normalizedCode(code)}`);

export type SecondFactor = 'totp' | 'recovery';

/**
 * Accepts a code of the user's authenticator (one step either side of the database's clock, and
 * only a step newer than the last accepted: a code works once) or, with `recovery`, one of their
 * unused recovery codes, spending it. Each acceptance is one conditional UPDATE, so two
 * concurrent uses of the same code can't both pass. Answers which factor passed, or null.
 */
export async function acceptSecondFactor(tx: Executor, secretsKey: Buffer, userId: number, code: string, options: { recovery: boolean }): Promise<SecondFactor | null> {
  if (/^\d{6}$/.test(code)) {
    const [user] = await tx
      .select({ secret: users.totpSecret, nowMs: sql<number>`(extract(epoch from now()) * 1000)::float8` })
      .from(users)
      .where(eq(users.id, userId));
    const step = user?.secret ? matchingTotpStep(openTotpSecret(secretsKey, userId, user.secret), code, Number(user.nowMs)) : null;
    if (step === null) return null;
    const taken = await tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return taken.length > 0 ? 'totp' : null;
  }
  if (!options.recovery) return null;
  const hashes = [await recoveryCodeHash(userId, code), legacyRecoveryCodeHash(userId, code)];
  const spent = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), inArray(twoFactorRecoveryCodes.codeHash, hashes), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return spent.length > 0 ? 'recovery' : null;
}

async function twoFactorState(executor: Executor, userId: number) {
  const [row] = await executor
    .select({ email: users.email, secret: users.totpSecret, enabledAt: users.totpEnabledAt, roleRequires: roles.require2fa })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!row) throw notFound('No se ha encontrado el usuario');
  return row;
}

/** Forgets the second factor: secret, replay guard and recovery codes. */
async function clearSecondFactor(tx: Executor, userId: number) {
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/**
 * A new secret and ten recovery codes, shown once; nothing changes at login until `enable`
 * proves the app reads the secret. Setting up again before that replaces both. It asks for the
 * password (each try counts on the login throttle): a session left open must not be enough to
 * put the owner's second factor on an attacker's phone.
 */
export async function setUpTwoFactor(
  db: Database,
  auth: AuthContext,
  input: { current_password?: string | undefined },
  context: { ip: string; limits: ThrottleLimits; secretsKey: Buffer },
): Promise<TwoFactorSetup> {
  if (!input.current_password) throw fieldError('current_password', messagesTwoFactor.passwordRequired);
  const state = await twoFactorState(db, auth.user.id);
  if (state.enabledAt) throw new AppError('conflict', messagesTwoFactor.alreadyEnabled);
  const email = state.email.toLowerCase();
  await admitLoginAttempt(db, email, context.ip, context.limits);
  const [owner] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.user.id));
  if (!owner || !(await verifyPassword(input.current_password, owner.passwordHash))) throw fieldError('current_password', passwordMessages.currentWrong);
  await forgetLoginAttempts(db, email, context.ip);
  const secret = newTotpSecret();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const codeHashes = await Promise.all(recoveryCodes.map((code) => recoveryCodeHash(auth.user.id, code)));
  await db.transaction(async (tx) => {
    await clearSecondFactor(tx, auth.user.id);
    await tx.update(users).set({ totpSecret: sealTotpSecret(context.secretsKey, auth.user.id, secret) }).where(eq(users.id, auth.user.id));
    await tx.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId: auth.user.id, codeHash })));
  });
  const url = otpauthUrl(secret, state.email);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_url: url, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, recovery_codes: recoveryCodes };
}

/** Turns the set-up secret on once a code of the app matches it (a recovery code proves nothing here). */
export async function enableTwoFactor(db: Database, secretsKey: Buffer, auth: AuthContext, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await twoFactorState(tx, auth.user.id);
    if (state.enabledAt) throw new AppError('conflict', messagesTwoFactor.alreadyEnabled);
    if (!state.secret) throw new AppError('validation', messagesTwoFactor.notSetUp);
    if (!(await acceptSecondFactor(tx, secretsKey, auth.user.id, code, { recovery: false }))) throw fieldError('code', messagesTwoFactor.codeInvalid);
    await tx.update(users).set({ totpEnabledAt: sql`now()` }).where(eq(users.id, auth.user.id));
    await recordAudit(tx, { module: 'users', event: 'two_factor_enabled', causerId: auth.user.id, subjectId: auth.user.id });
  });
}

/**
 * Turns the second factor off with a code of the app or a recovery code. Each try counts on the
 * login throttle, so a stolen session can't guess its way to switching it off; a role that
 * requires it keeps it on.
 */
export async function disableTwoFactor(db: Database, secretsKey: Buffer, auth: AuthContext, code: string, origin: RequestOrigin, limits: ThrottleLimits): Promise<void> {
  const state = await twoFactorState(db, auth.user.id);
  if (!state.enabledAt) throw new AppError('validation', messagesTwoFactor.notEnabled);
  if (state.roleRequires) throw new AppError('validation', messagesTwoFactor.requiredByRole);
  await admitLoginAttempt(db, state.email.toLowerCase(), origin.ip, limits);
  await db.transaction(async (tx) => {
    const factor = await acceptSecondFactor(tx, secretsKey, auth.user.id, code, { recovery: true });
    if (!factor) throw fieldError('code', messagesTwoFactor.codeInvalid);
    await clearSecondFactor(tx, auth.user.id);
    await recordAudit(tx, { module: 'users', event: 'two_factor_disabled', causerId: auth.user.id, subjectId: auth.user.id, attributes: { with: factor } });
  });
}

/**
 * An administrator clears a user's second factor (a lost phone and lost codes). The user logs in
 * with the password alone, or, when their role requires it, into a session that can only enrol.
 */
export async function resetTwoFactor(db: Database, auth: AuthContext, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await twoFactorState(tx, userId);
    if (!state.secret) throw new AppError('validation', messagesTwoFactor.resetNotEnabled);
    await clearSecondFactor(tx, userId);
    await recordAudit(tx, {
      module: 'users',
      event: 'two_factor_reset',
      causerId: auth.user.id,
      subjectId: userId,
      old: { two_factor_enabled: state.enabledAt !== null },
      attributes: { two_factor_enabled: false },
    });
  });
}
