import { eq } from 'drizzle-orm';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import { userMessages, type SecurityProof } from '@recaudo/domain/users';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { verifyPassword } from '../../platform/crypto';
import { fieldError, forbidden } from '../../platform/errors';
import { secretsKeyOf } from '../../platform/secrets-key';
import { users } from '../users/tables';
import type { AuthContext } from './service';
import { admitLoginAttempt, forgetLoginAttempts, type ThrottleLimits } from './login-throttle';
import { acceptSecondFactor } from './two-factor';

export const loginLimitsOf = (config: Pick<Config, 'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_MAX_FAILURES_PER_IP' | 'LOGIN_FAILURE_WINDOW_MINUTES' | 'LOGIN_MAX_DELAY_MS'>): ThrottleLimits => ({
  perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  perIp: config.LOGIN_MAX_FAILURES_PER_IP,
  windowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES,
  maxDelayMs: config.LOGIN_MAX_DELAY_MS,
});

/** What a security action needs besides the session: the caller's address and the login limits. */
export interface ProofContext {
  ip: string;
  limits: ThrottleLimits;
  /** Opens the actor's TOTP secret (platform/secrets-key.ts). */
  secretsKey: Buffer;
}

export const proofContextOf = (config: Parameters<typeof loginLimitsOf>[0] & Parameters<typeof secretsKeyOf>[0], ip: string): ProofContext => ({
  ip,
  limits: loginLimitsOf(config),
  secretsKey: secretsKeyOf(config),
});

/** Another user's password or second factor is theirs to lose: only `manage_security` resets it. */
export function assertMayResetSecurity(auth: AuthContext, targetUserId: number): void {
  if (targetUserId !== auth.user.id && !auth.permissions.has('manage_security')) throw forbidden(userMessages.securityPermissionRequired);
}

/**
 * The actor proves, at the moment of acting, that she is who the session says: her current
 * password or a code of her authenticator (when enabled). A session left open on a shared
 * computer is not enough to take another account. Each try counts on the login throttle, as
 * `2fa/disable` does, so the proof can't be guessed through this door; a passing proof forgets
 * the counters, as a login does.
 */
export async function assertFreshProof(db: Database, auth: AuthContext, proof: SecurityProof, context: ProofContext): Promise<void> {
  if (!proof.current_password && !proof.current_code) throw fieldError('current_password', userMessages.proofRequired);
  const [actor] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, auth.user.id));
  if (!actor) throw forbidden();
  const email = actor.email.toLowerCase();
  await admitLoginAttempt(db, email, context.ip, context.limits);
  const passed = proof.current_password
    ? await verifyPassword(proof.current_password, actor.passwordHash)
    : actor.totpEnabledAt !== null && (await db.transaction((tx) => acceptSecondFactor(tx, context.secretsKey, auth.user.id, proof.current_code!, { recovery: false }))) !== null;
  if (!passed) throw fieldError(proof.current_password ? 'current_password' : 'current_code', userMessages.proofWrong);
  await forgetLoginAttempts(db, email, context.ip);
}

/**
 * `users/reset-two-factor`: one's own second factor goes only with one of its codes, like
 * `2fa/disable` (a stolen session alone can't drop it); another user's needs `manage_security`
 * and the actor's fresh proof.
 */
export async function assertMayResetTwoFactor(db: Database, auth: AuthContext, input: { user_id: number } & SecurityProof, context: ProofContext): Promise<void> {
  if (input.user_id !== auth.user.id) {
    assertMayResetSecurity(auth, input.user_id);
    await assertFreshProof(db, auth, input, context);
    return;
  }
  if (!input.current_code) throw fieldError('current_code', messagesTwoFactor.codeRequired);
  await admitLoginAttempt(db, auth.user.email.toLowerCase(), context.ip, context.limits);
  const factor = await db.transaction((tx) => acceptSecondFactor(tx, context.secretsKey, auth.user.id, input.current_code!, { recovery: true }));
  if (!factor) throw fieldError('current_code', messagesTwoFactor.codeInvalid);
}
