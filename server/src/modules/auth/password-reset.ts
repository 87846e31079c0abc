import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { messagesRegistration, RESET_TOKEN_MINUTES } from '@recaudo/domain/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { hashPassword, newSecret, sha256 } from '../../platform/crypto';
import { secondsFromNow } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { queueEmail } from '../messages/service';
import { resetLinkMail } from '../messages/templates';
import { users } from '../users/tables';
import type { AuthContext } from './service';
import { accessTokens, passwordResets } from './tables';

/**
 * E-mails a single-use reset link to an active user; a new link voids the previous ones. The
 * route runs it after answering, so known and unknown e-mails get the same answer in the same time.
 */
export async function sendResetToken(db: Database, config: Pick<Config, 'APP_URL'>, email: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.active, true)));
  if (!user) return;
  const token = newSecret(32);
  await db.transaction(async (tx) => {
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt: secondsFromNow(RESET_TOKEN_MINUTES * 60) });
    await queueEmail(tx, user.email, resetLinkMail(user.name, `${config.APP_URL.replace(/\/$/, '')}/pass-change/${token}`, RESET_TOKEN_MINUTES));
  });
}

async function resetTokenOwner(db: Database, token: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: users.id, name: users.name, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`), eq(users.active, true)));
  if (!row) throw new AppError('validation', messagesRegistration.tokenInvalid);
  return row;
}

/** The greeting of the reset page: the owner's name, or the invalid-token error. */
export async function verifyResetToken(db: Database, token: string): Promise<{ id: number; name: string; email: string }> {
  const row = await resetTokenOwner(db, token);
  return { id: row.userId, name: row.name, email: row.email };
}

/**
 * Sets a new password with a reset token (then every session of the user ends), or from the
 * session of a user flagged change_password (their other sessions end). Clears the flag.
 * An id alone never changes a password.
 */
export async function resetPassword(db: Database, auth: AuthContext | null, input: { token?: string; password: string }): Promise<{ viaToken: boolean; userId: number }> {
  const passwordHash = await hashPassword(input.password);
  if (input.token) {
    const row = await resetTokenOwner(db, input.token);
    await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (!spent) throw new AppError('validation', messagesRegistration.tokenInvalid);
      await tx.update(users).set({ passwordHash, changePassword: false, updatedAt: new Date() }).where(eq(users.id, row.userId));
      await tx.update(accessTokens).set({ endedAt: new Date() }).where(and(eq(accessTokens.userId, row.userId), isNull(accessTokens.endedAt)));
      await recordAudit(tx, { module: 'users', event: 'updated', causerId: row.userId, subjectId: row.userId, attributes: { password: '(restablecida)' } });
    });
    return { viaToken: true, userId: row.userId };
  }
  if (!auth?.user.changePassword) throw new AppError('validation', messagesRegistration.tokenInvalid);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, changePassword: false, updatedAt: new Date() }).where(eq(users.id, auth.user.id));
    await tx
      .update(accessTokens)
      .set({ endedAt: new Date() })
      .where(and(eq(accessTokens.userId, auth.user.id), isNull(accessTokens.endedAt), ne(accessTokens.id, auth.tokenId)));
    await recordAudit(tx, { module: 'users', event: 'updated', causerId: auth.user.id, subjectId: auth.user.id, old: { change_password: true }, attributes: { change_password: false, password: '(cambiada)' } });
  });
  return { viaToken: false, userId: auth.user.id };
}
