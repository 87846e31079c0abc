import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { secondsFromNow } from '../../platform/clock';
import { outbox } from './tables';

/**
 * Registration codes, reset links and initial passwords travel through the outbox (and, without
 * SMTP, are read there or in the log by an administrator): they stay in clear text only while
 * they can still be delivered. Once sent, failed for good, or expired while waiting, the body is
 * replaced, so neither the outbox list nor any later backup carries them.
 */
export const REDACTED_BODY = 'Contenido retirado: este mensaje llevaba un código, un enlace o una contraseña de un solo uso.';
export const EXPIRED_UNSENT = 'Venció antes de poder enviarse.';

/** The outbox columns of a message, by whether (and until when) it carries a secret. */
export const secretColumns = (secret: { expiresInMinutes: number | null } | undefined) =>
  secret ? { holdsSecret: true, secretExpiresAt: secret.expiresInMinutes === null ? null : secondsFromNow(secret.expiresInMinutes * 60) } : {};

/** The update that blanks a secret body. */
export const redacted = { bodyText: REDACTED_BODY, bodyHtml: null, redactedAt: sql`now()` };

/**
 * Redacts every secret no longer deliverable: sent, failed, or past its expiry (by the
 * database's clock) while still pending, which then fails: a code or link that has expired is
 * worth nothing to its addressee. Answers how many were redacted.
 */
export async function redactSpentSecrets(db: Executor): Promise<number> {
  const expired = sql`${outbox.secretExpiresAt} <= now()`;
  const rows = await db
    .update(outbox)
    .set({
      ...redacted,
      status: sql`case when ${outbox.status} = 'pending' then 'failed' else ${outbox.status} end`,
      lastError: sql`case when ${outbox.status} = 'pending' then ${EXPIRED_UNSENT} else ${outbox.lastError} end`,
      claimedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(outbox.holdsSecret, true),
        isNull(outbox.redactedAt),
        // A message being sent right now (claimed) is left to its dispatcher.
        or(sql`${outbox.status} <> 'pending'`, and(expired, sql`(${outbox.claimedUntil} is null or ${outbox.claimedUntil} < now())`)),
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}
