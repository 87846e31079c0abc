import { randomInt } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  messagesRegistration,
  RESET_TOKEN_MINUTES,
  VERIFICATION_CODE_SECONDS,
  VERIFICATION_MAX_TRIES,
  type RegisterInput,
} from '@recaudo/domain/auth';
import { CLIENT_ROLE_ID } from '@recaudo/domain/roles';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { hashPassword, newSecret, sha256 } from '../../platform/crypto';
import { secondsFromNow, secondsUntil, windowOf } from '../../platform/clock';
import { AppError, fieldError } from '../../platform/errors';
import { insertClient } from '../clients/service';
import { clients } from '../clients/tables';
import { queueEmail, queueSms } from '../messages/service';
import { resetLinkMail, verificationCodeMail, verificationCodeSms } from '../messages/templates';
import { assertEmailFree } from '../users/service';
import { users } from '../users/tables';
import type { AuthContext } from './service';
import { accessTokens, passwordResets, publicRequestHits, verificationCodes } from './tables';

/** A verified code may be used to register for this long after it was sent. */
const REGISTRATION_WINDOW_MINUTES = 30;

export interface PublicLimits {
  perIp: number;
  windowMinutes: number;
}

/**
 * The public registration and reset endpoints count their calls per IP in the database (so
 * every server process shares the counts): past the limit they answer 429 until the oldest
 * call leaves the window. With `record: false` the call is only checked; `recordPublicHit`
 * counts it later (the public verification pages count only their misses).
 */
export async function assertPublicRate(db: Database, action: string, ip: string, limits: PublicLimits, options: { record?: boolean } = {}): Promise<void> {
  const window = windowOf(publicRequestHits.createdAt, limits.windowMinutes);
  const [row] = await db
    .select({ hits: count(), waitSeconds: window.secondsUntilOldestLeaves })
    .from(publicRequestHits)
    .where(and(eq(publicRequestHits.action, action), eq(publicRequestHits.ip, ip), window.within));
  if (row && row.hits >= limits.perIp && row.waitSeconds !== null) {
    throw new AppError('too_many_requests', messagesRegistration.tooManyRequests(Math.max(1, Math.ceil(row.waitSeconds / 60))));
  }
  if (options.record !== false) await recordPublicHit(db, action, ip);
}

export async function recordPublicHit(db: Database, action: string, ip: string): Promise<void> {
  await db.insert(publicRequestHits).values({ action, ip });
}

async function clientByIdentification(db: Database, identificationType: string, identification: string) {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.identificationType, identificationType), eq(clients.identification, identification)));
  return client ?? null;
}

async function clientHasUser(db: Database, clientId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.clientId, clientId)).limit(1);
  return !!row;
}

/**
 * Step 1: an identification already bound to a user is refused; an existing client without a
 * user is answered so the wizard can prefill step 2.
 */
export async function verifyIdentification(db: Database, input: { identification_type: string; identification: string }) {
  const client = await clientByIdentification(db, input.identification_type, input.identification);
  if (!client) return null;
  if (await clientHasUser(db, client.id)) throw fieldError('identification', messagesRegistration.identificationTaken);
  return {
    client_id: client.id,
    type: client.type,
    name: client.name,
    email: client.email,
    phone: client.phone[0] ?? null,
    address: client.address,
    photo: client.photo,
    birth_date: client.birthDate,
    gender: client.gender,
    community_id: null,
  };
}

const codeHash = (token: string, code: string) => sha256(`${token}:${code}`);

/**
 * Step 4: sends a 6-digit code by e-mail (and SMS when a gateway is configured). A new code is
 * given only once the previous one for the same identification expired.
 */
export async function requestCode(
  db: Database,
  config: Pick<Config, 'SMS_GATEWAY_URL'>,
  input: { identification_type: string; identification: string; email: string; phone: string | null },
  ip: string,
): Promise<{ token: string; expires_in: number }> {
  const client = await clientByIdentification(db, input.identification_type, input.identification);
  if (client && (await clientHasUser(db, client.id))) throw fieldError('identification', messagesRegistration.identificationTaken);
  await assertEmailFree(db, input.email);
  const [previous] = await db
    .select({ secondsLeft: secondsUntil(verificationCodes.expiresAt) })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.identificationType, input.identification_type), eq(verificationCodes.identification, input.identification), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (previous && previous.secondsLeft > 0) {
    throw new AppError('too_many_requests', messagesRegistration.codeNotExpired(Math.ceil(previous.secondsLeft)));
  }
  const token = newSecret();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const minutes = VERIFICATION_CODE_SECONDS / 60;
  await db.transaction(async (tx) => {
    await tx.insert(verificationCodes).values({
      identificationType: input.identification_type,
      identification: input.identification,
      email: input.email,
      phone: input.phone,
      tokenHash: sha256(token),
      codeHash: codeHash(token, code),
      expiresAt: secondsFromNow(VERIFICATION_CODE_SECONDS),
      ip,
    });
    await queueEmail(tx, input.email, verificationCodeMail(code, minutes));
    if (input.phone && config.SMS_GATEWAY_URL) await queueSms(tx, `0${input.phone}`, verificationCodeSms(code, minutes));
  });
  return { token, expires_in: VERIFICATION_CODE_SECONDS };
}

/** Checks a code: at most 5 wrong tries per code, an expired code is refused. */
export async function checkCode(db: Database, input: { identification_type: string; identification: string; token: string; code: string }): Promise<void> {
  const [row] = await db
    .select({ ...getTableColumns(verificationCodes), expired: sql<boolean>`${verificationCodes.expiresAt} <= now()` })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.tokenHash, sha256(input.token)),
        eq(verificationCodes.identificationType, input.identification_type),
        eq(verificationCodes.identification, input.identification),
      ),
    );
  if (!row || row.usedAt) throw fieldError('code', messagesRegistration.codeUnknown);
  if (row.verifiedAt) return;
  if (row.attempts >= VERIFICATION_MAX_TRIES) throw new AppError('too_many_requests', messagesRegistration.codeTooManyTries, { code: [messagesRegistration.codeTooManyTries] });
  if (row.expired) throw fieldError('code', messagesRegistration.codeExpired);
  if (codeHash(input.token, input.code) !== row.codeHash) {
    await db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} + 1` }).where(eq(verificationCodes.id, row.id));
    throw fieldError('code', messagesRegistration.codeInvalid);
  }
  await db.update(verificationCodes).set({ verifiedAt: new Date() }).where(eq(verificationCodes.id, row.id));
}

/**
 * Creates the client user, and the client when the identification is new, once the code sent
 * for this identification and e-mail was verified. The code is spent.
 */
export async function register(db: Database, input: RegisterInput): Promise<{ user_id: number; client_id: number }> {
  const [code] = await db
    .select({ ...getTableColumns(verificationCodes), recent: windowOf(verificationCodes.createdAt, REGISTRATION_WINDOW_MINUTES).within })
    .from(verificationCodes)
    .where(eq(verificationCodes.tokenHash, sha256(input.token)));
  const usable =
    code &&
    code.verifiedAt &&
    !code.usedAt &&
    code.identificationType === input.identification_type &&
    code.identification === input.identification &&
    code.email.toLowerCase() === input.email &&
    code.recent;
  if (!code || !usable) throw fieldError('token', messagesRegistration.codeNotVerified);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    if (!spent) throw fieldError('token', messagesRegistration.codeNotVerified);
    const [existing] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.identificationType, input.identification_type), eq(clients.identification, input.identification)))
      .for('update');
    if (existing) {
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.clientId, existing.id)).limit(1);
      if (holder) throw fieldError('identification', messagesRegistration.identificationTaken);
    }
    await assertEmailFree(tx, input.email);
    const clientId =
      existing?.id ??
      (await insertClient(
        tx,
        {
          type: input.type,
          name: input.name,
          identification_type: input.identification_type,
          identification: input.identification,
          email: input.email,
          phone: [input.phone],
          gender: input.gender,
          birth_date: input.birth_date,
          address: input.address,
        },
        null,
      ));
    if (existing) {
      const fill = {
        email: existing.email ?? input.email,
        phone: existing.phone.length ? existing.phone : [input.phone],
        address: existing.address ?? input.address,
      };
      await tx.update(clients).set({ ...fill, updatedAt: new Date() }).where(eq(clients.id, existing.id));
    }
    const [user] = await tx
      .insert(users)
      .values({ roleId: CLIENT_ROLE_ID, clientId, name: input.name, email: input.email, passwordHash, phone: [input.phone], address: input.address })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    await recordAudit(tx, {
      module: 'users',
      event: 'created',
      causerId: user.id,
      subjectId: user.id,
      attributes: { name: input.name, email: input.email, client_id: clientId, role_id: CLIENT_ROLE_ID, origin: 'registro' },
    });
    return { user_id: user.id, client_id: clientId };
  });
}

/* ---------------- Password reset ---------------- */

/**
 * E-mails a single-use reset link to an active user. Unknown e-mails get the same answer, and
 * a new link voids the previous ones.
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
export async function resetPassword(db: Database, auth: AuthContext | null, input: { token?: string; password: string }): Promise<{ viaToken: boolean }> {
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
    return { viaToken: true };
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
  return { viaToken: false };
}
