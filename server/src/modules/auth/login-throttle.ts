import { and, count, eq } from 'drizzle-orm';
import { messagesAuth } from '@recaudo/domain/auth';
import type { Database } from '../../db/client';
import { windowOf } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { loginFailures } from './tables';

export interface ThrottleLimits {
  perAccount: number;
  perIp: number;
  windowMinutes: number;
}

/**
 * Failed logins are kept in the database so every server process sees the same counts;
 * a burst against one account or from one address is refused with 429 until the oldest
 * failure leaves the window.
 */
export async function assertLoginAllowed(db: Database, email: string, ip: string, limits: ThrottleLimits) {
  const window = windowOf(loginFailures.createdAt, limits.windowMinutes);
  const checks = [
    { where: and(eq(loginFailures.email, email), window.within), limit: limits.perAccount },
    { where: and(eq(loginFailures.ip, ip), window.within), limit: limits.perIp },
  ];
  for (const check of checks) {
    const [row] = await db.select({ failures: count(), waitSeconds: window.secondsUntilOldestLeaves }).from(loginFailures).where(check.where);
    if (row && row.failures >= check.limit && row.waitSeconds !== null) {
      throw new AppError('too_many_requests', messagesAuth.tooManyAttempts(Math.max(1, Math.ceil(row.waitSeconds / 60))));
    }
  }
}

export async function recordLoginFailure(db: Database, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip });
}

export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
