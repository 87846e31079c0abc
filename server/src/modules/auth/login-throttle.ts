import { and, eq, sql } from 'drizzle-orm';
import { messagesAuth } from '@recaudo/domain/auth';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { loginThrottle } from './tables';

export interface ThrottleLimits {
  /** Attempts on one account from one address before that address is locked out of it. */
  perAccount: number;
  /** Attempts from one address, whatever the accounts, before the address is locked out. */
  perIp: number;
  windowMinutes: number;
  /** The longest an answer waits for an account attacked from many addresses. */
  maxDelayMs: number;
}

type Scope = (typeof loginThrottle.$inferSelect)['scope'];

const keyOf = (scope: Scope, email: string, ip: string) => (scope === 'account_ip' ? `${email} ${ip}` : scope === 'ip' ? ip : email);

/**
 * Counts one attempt on each counter in ONE statement and answers the counts after it: the
 * upsert takes each row's lock, so concurrent attempts are counted one after the other (33 tries
 * count 33, none slips past the limit between a read and a write). A counter whose window has
 * passed (by the database's clock) starts again at 1.
 */
async function countAttempt(db: Database, email: string, ip: string, windowMinutes: number) {
  const scopes: Scope[] = ['account_ip', 'ip', 'account'];
  const expired = sql`${loginThrottle.windowStartedAt} <= now() - make_interval(mins => ${windowMinutes})`;
  const rows = await db
    .insert(loginThrottle)
    .values(scopes.map((scope) => ({ scope, key: keyOf(scope, email, ip), attempts: 1 })))
    .onConflictDoUpdate({
      target: [loginThrottle.scope, loginThrottle.key],
      set: {
        attempts: sql`case when ${expired} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({
      scope: loginThrottle.scope,
      attempts: loginThrottle.attempts,
      waitSeconds: sql<number>`extract(epoch from (${loginThrottle.windowStartedAt} + make_interval(mins => ${windowMinutes}) - now()))::float8`,
    });
  return new Map(rows.map((row) => [row.scope, row]));
}

/**
 * Counts a login attempt before the password is checked, and refuses it with 429 when this
 * address has used up its tries on this account, or its tries overall. Failures on the account
 * from other addresses never lock it: past the per-account limit each answer waits longer
 * (doubling from 250 ms up to `maxDelayMs`), which slows a spread-out guesser while the owner,
 * from their own address, still gets in.
 */
export async function admitLoginAttempt(db: Database, email: string, ip: string, limits: ThrottleLimits): Promise<void> {
  const counts = await countAttempt(db, email, ip, limits.windowMinutes);
  for (const [scope, limit] of [['account_ip', limits.perAccount], ['ip', limits.perIp]] as const) {
    const row = counts.get(scope);
    if (row && row.attempts > limit) {
      throw new AppError('too_many_requests', messagesAuth.tooManyAttempts(Math.max(1, Math.ceil(row.waitSeconds / 60))));
    }
  }
  const delay = accountDelayMs(counts.get('account')?.attempts ?? 0, limits);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}

/** How long the answer to an account's `attempts`-th try in the window waits: nothing up to the per-account limit. */
export function accountDelayMs(attempts: number, limits: Pick<ThrottleLimits, 'perAccount' | 'maxDelayMs'>): number {
  const beyond = attempts - 1 - limits.perAccount;
  return beyond < 0 ? 0 : Math.min(limits.maxDelayMs, 250 * 2 ** Math.min(beyond, 16));
}

/**
 * A successful login forgets the account's counters (its owner is back) and gives the address
 * its attempt back: only failures count against an address.
 */
export async function forgetLoginAttempts(db: Database, email: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(loginThrottle)
      .where(sql`(${loginThrottle.scope}, ${loginThrottle.key}) in (('account_ip', ${keyOf('account_ip', email, ip)}), ('account', ${email}))`);
    await tx
      .update(loginThrottle)
      .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
      .where(and(eq(loginThrottle.scope, 'ip'), eq(loginThrottle.key, ip)));
  });
}
