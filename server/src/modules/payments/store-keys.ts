import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { paymentMessages } from '@recaudo/domain/payments';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { paymentStoreKeys } from './tables';

/**
 * Exactly-once payment stores (issue 35): a request carrying an `Idempotency-Key` claims the key
 * in the payment's own transaction, first of all. On PostgreSQL a second request with the key
 * blocks on the unique key until the first commits (then it finds the row and replays the stored
 * answer) or rolls back (then the key is free and it proceeds); on PGlite transactions already
 * run one at a time. Only a stored payment commits its key, so a refused request never poisons it.
 */

export interface StoreKey {
  userId: number;
  key: string;
  requestHash: string;
}

/** How long a key is remembered, read against the database's clock. */
const KEY_LIFETIME = sql`interval '24 hours'`;
const VISIBLE_KEY = /^[\x21-\x7e]{1,100}$/;

/** The header's value, or null without one; anything but 1–100 visible ASCII characters is a 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !VISIBLE_KEY.test(header)) throw new AppError('bad_request', paymentMessages.idempotencyKeyInvalid);
  return header;
}

/** A value with its keys sorted and every uploaded file replaced by its SHA-256, so equal requests hash alike. */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { sha256: createHash('sha256').update(value).digest('hex') };
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** SHA-256 of the request body as validated (multipart fields and the hashes of its files). */
export const requestHashOf = (body: unknown): string => createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');

/**
 * Claims `key` for this transaction. Answers null when the caller is the first (it must then
 * `rememberAnswer` before committing), the stored answer when the same body was already stored,
 * and a 409 when the key was used with another body.
 */
export async function claimStoreKey<Answer>(tx: Executor, key: StoreKey): Promise<Answer | null> {
  const mine = and(eq(paymentStoreKeys.userId, key.userId), eq(paymentStoreKeys.key, key.key));
  await tx.delete(paymentStoreKeys).where(and(eq(paymentStoreKeys.userId, key.userId), sql`${paymentStoreKeys.createdAt} < now() - ${KEY_LIFETIME}`));
  const claimed = await tx
    .insert(paymentStoreKeys)
    .values({ userId: key.userId, key: key.key, requestHash: key.requestHash })
    .onConflictDoNothing()
    .returning({ key: paymentStoreKeys.key });
  if (claimed.length) return null;
  const [stored] = await tx.select().from(paymentStoreKeys).where(mine);
  if (!stored?.answer) throw new Error('a committed payment store key has no answer');
  if (stored.requestHash !== key.requestHash) throw new AppError('conflict', paymentMessages.idempotencyConflict);
  return stored.answer as Answer;
}

export async function rememberAnswer(tx: Executor, key: StoreKey, answer: Record<string, unknown>): Promise<void> {
  await tx
    .update(paymentStoreKeys)
    .set({ answer })
    .where(and(eq(paymentStoreKeys.userId, key.userId), eq(paymentStoreKeys.key, key.key)));
}
