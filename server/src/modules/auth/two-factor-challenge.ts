import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_CHALLENGE_TRIES } from '@recaudo/domain/two-factor';
import type { Database, Executor } from '../../db/client';
import { secondsFromNow } from '../../platform/clock';
import { newSecret, sha256 } from '../../platform/crypto';
import { twoFactorChallenges } from './tables';

/** The challenge a login with the right password answers: shown once, only its hash kept. */
export async function openChallenge(db: Database, userId: number): Promise<string> {
  const challenge = newSecret();
  await db.insert(twoFactorChallenges).values({
    userId,
    challengeHash: sha256(challenge),
    expiresAt: secondsFromNow(TWO_FACTOR_CHALLENGE_MINUTES * 60),
  });
  return challenge;
}

const alive = sql`${twoFactorChallenges.expiresAt} > now()`;

/**
 * Takes one try of a live challenge in one statement (so concurrent tries each count) and answers
 * its user, or null when the challenge is unknown, expired, used or out of tries.
 */
export async function takeChallengeTry(db: Database, challenge: string): Promise<number | null> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.challengeHash, sha256(challenge)),
        isNull(twoFactorChallenges.usedAt),
        lt(twoFactorChallenges.attempts, TWO_FACTOR_CHALLENGE_TRIES),
        alive,
      ),
    )
    .returning({ userId: twoFactorChallenges.userId });
  return row?.userId ?? null;
}

/** Spends the challenge; false when a concurrent verification spent it first. */
export async function spendChallenge(tx: Executor, challenge: string): Promise<boolean> {
  const spent = await tx
    .update(twoFactorChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(twoFactorChallenges.challengeHash, sha256(challenge)), isNull(twoFactorChallenges.usedAt), alive))
    .returning({ id: twoFactorChallenges.id });
  return spent.length > 0;
}
