import { eq } from 'drizzle-orm';
import { messagesAuth } from '@recaudo/domain/auth';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import type { Database } from '../../db/client';
import { AppError, fieldError } from '../../platform/errors';
import { roles } from '../roles/tables';
import { users } from '../users/tables';
import { admitLoginAttempt, type ThrottleLimits } from './login-throttle';
import { openSession, type RequestOrigin } from './service';
import { acceptSecondFactor } from './two-factor';
import { spendChallenge, takeChallengeTry } from './two-factor-challenge';

/**
 * The login's second step: a live challenge and a code of the user's app or one of their recovery
 * codes. Every try counts on the challenge and on the same throttle as passwords (per account
 * and address), so the six digits can't be guessed faster than a password.
 */
export async function verifySecondFactor(
  db: Database,
  secretsKey: Buffer,
  input: { challenge: string; code: string },
  origin: RequestOrigin,
  limits: ThrottleLimits,
) {
  const userId = await takeChallengeTry(db, input.challenge);
  if (userId === null) throw new AppError('unauthenticated', messagesTwoFactor.challengeInvalid);
  const [user] = await db
    .select({ id: users.id, email: users.email, active: users.active, roleActive: roles.active })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!user) throw new AppError('unauthenticated', messagesTwoFactor.challengeInvalid);
  await admitLoginAttempt(db, user.email.toLowerCase(), origin.ip, limits);
  if (!user.active) throw new AppError('forbidden', messagesAuth.inactiveUser);
  if (!user.roleActive) throw new AppError('forbidden', messagesAuth.inactiveRole);
  const factor = await db.transaction(async (tx) => {
    const accepted = await acceptSecondFactor(tx, secretsKey, user.id, input.code, { recovery: true });
    if (!accepted) throw fieldError('code', messagesTwoFactor.codeInvalid);
    if (!(await spendChallenge(tx, input.challenge))) throw new AppError('unauthenticated', messagesTwoFactor.challengeInvalid);
    return accepted;
  });
  return openSession(db, user, origin, { two_factor: factor });
}
