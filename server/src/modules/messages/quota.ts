import { and, eq, not, sql } from 'drizzle-orm';
import { clientMessages } from '@recaudo/domain/clients';
import type { Executor } from '../../db/client';
import { windowOf } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { messageSends } from './tables';

const WINDOW_MINUTES = 60;

/** The first key of the advisory lock that serialises one user's sends; the second is the user's id. */
const SEND_LOCK = 31_001;

/**
 * Counts `recipients` against the user's hourly limit (MESSAGES_MAX_PER_HOUR) inside the caller's
 * transaction, which must also queue the messages: past the limit it answers 429 and counts
 * nothing. The per-user advisory lock, held until that transaction ends, makes a user's concurrent
 * sends wait for each other, so two cannot both pass on the same count, on one process or many.
 */
export async function reserveRecipients(tx: Executor, userId: number, recipients: number, perHour: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK}::int, ${userId}::int)`);
  const window = windowOf(messageSends.createdAt, WINDOW_MINUTES);
  const mine = eq(messageSends.userId, userId);
  await tx.delete(messageSends).where(and(mine, not(window.within)));
  const [row] = await tx
    .select({ sent: sql<number>`coalesce(sum(${messageSends.recipients}), 0)::int`, waitSeconds: window.secondsUntilOldestLeaves })
    .from(messageSends)
    .where(and(mine, window.within));
  if ((row?.sent ?? 0) + recipients > perHour) {
    const minutes = Math.max(1, Math.ceil((row?.waitSeconds ?? WINDOW_MINUTES * 60) / 60));
    throw new AppError('too_many_requests', clientMessages.hourlyLimitReached(perHour, minutes));
  }
  await tx.insert(messageSends).values({ userId, recipients });
}
