import { randomInt } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import {
  maskedEmail,
  maskedPhone,
  messagesRegistration,
  VERIFICATION_CODE_SECONDS,
  VERIFICATION_MAX_TRIES,
  type CodeDestination,
  type CodeRequestAnswer,
  type RegisterInput,
  type RegistrationClient,
} from '@recaudo/domain/auth';
import { formatPhone } from '@recaudo/domain/format';
import { CLIENT_ROLE_ID } from '@recaudo/domain/roles';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { hashPassword, newSecret, sha256 } from '../../platform/crypto';
import { secondsFromNow, secondsUntil, windowOf } from '../../platform/clock';
import { AppError, fieldError } from '../../platform/errors';
import { insertClient } from '../clients/service';
import { clients } from '../clients/tables';
import { queueEmail, queueSms } from '../messages/service';
import {
  registrationAttemptMail,
  registrationAttemptSms,
  verificationCodeMail,
  verificationCodeSms,
  type RegistrationHeldBy,
} from '../messages/templates';
import { assertEmailFree, emailRegistered } from '../users/service';
import { users } from '../users/tables';
import { publicRequestHits, verificationCodes } from './tables';

/** A verified code may be used to register for this long after it was sent. */
const REGISTRATION_WINDOW_MINUTES = 30;

export interface PublicLimits {
  perIp: number;
  windowMinutes: number;
}

/** The configured limit of a public call per IP, within the login-failure window. */
export const publicLimitsOf = (config: Config): PublicLimits => ({ perIp: config.PUBLIC_MAX_REQUESTS_PER_IP, windowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES });

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

async function clientByIdentification(db: Executor, identificationType: string, identification: string) {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.identificationType, identificationType), eq(clients.identification, identification)));
  return client ?? null;
}

async function clientHasUser(db: Executor, clientId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.clientId, clientId)).limit(1);
  return !!row;
}

type ClientRecord = typeof clients.$inferSelect;
type CodeRequest = { identification_type: string; identification: string; email: string; phone: string | null };

/** Where a code goes: `key` is the address the resend wait is counted by. */
interface CodeRoute {
  client: ClientRecord | null;
  key: string;
  email: string | null;
  phone: string | null;
  sentTo: CodeDestination;
}

/**
 * An existing client's code goes only to a contact on file (its e-mail, and an SMS to its first
 * phone when SMS is configured), so knowing an identification is not enough to take its account.
 * A client without any of those can't register by itself: staff create its user.
 */
async function codeRoute(db: Database, config: Pick<Config, 'SMS_GATEWAY_URL'>, input: CodeRequest, ip: string): Promise<CodeRoute> {
  const client = await clientByIdentification(db, input.identification_type, input.identification);
  if (!client) {
    const phone = config.SMS_GATEWAY_URL ? input.phone : null;
    return { client, key: input.email, email: input.email, phone, sentTo: { email: input.email, phone: phone && formatPhone(phone) } };
  }
  const phone = config.SMS_GATEWAY_URL ? (client.phone[0] ?? null) : null;
  if (!client.email && !phone) {
    await recordAttempt(db, client.id, input, ip, 'sin contacto registrado');
    throw fieldError('identification', messagesRegistration.noContactOnFile);
  }
  return {
    client,
    key: client.email ?? phone!,
    email: client.email,
    phone,
    sentTo: { email: client.email && maskedEmail(client.email), phone: phone && maskedPhone(phone) },
  };
}

/** Every registration attempt on an existing client's identification leaves an audit entry. */
async function recordAttempt(db: Executor, clientId: number, input: CodeRequest, ip: string, outcome: string): Promise<void> {
  await recordAudit(db, {
    module: 'clients',
    event: 'registration_attempt',
    causerId: null,
    subjectId: clientId,
    attributes: { email: input.email, phone: input.phone, ip, outcome },
  });
}

/**
 * The resend wait: one requester (IP) holds one live code per identification and per
 * destination. It is never keyed by the identification alone, so nobody else's requests can
 * keep a person from getting their code.
 */
async function assertNoLiveCode(db: Database, input: CodeRequest, destination: string, ip: string): Promise<void> {
  const [previous] = await db
    .select({ secondsLeft: secondsUntil(verificationCodes.expiresAt) })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.ip, ip),
        gt(verificationCodes.expiresAt, sql`now()`),
        isNull(verificationCodes.usedAt),
        or(
          and(eq(verificationCodes.identificationType, input.identification_type), eq(verificationCodes.identification, input.identification)),
          eq(verificationCodes.destination, destination),
        ),
      ),
    )
    .orderBy(desc(verificationCodes.expiresAt))
    .limit(1);
  if (previous) throw new AppError('too_many_requests', messagesRegistration.codeNotExpired(Math.max(1, Math.ceil(previous.secondsLeft))));
}

const codeHash = (token: string, code: string) => sha256(`${token}:${code}`);

/**
 * Step 4: stores a 6-digit code and answers its token and where it went. What to send depends
 * on whether the e-mail or the client already has a user, so `deliver` does it once the answer
 * has left (the answer and its time are the same either way).
 */
export async function requestCode(
  db: Database,
  config: Pick<Config, 'SMS_GATEWAY_URL'>,
  input: CodeRequest,
  ip: string,
): Promise<{ answer: CodeRequestAnswer; deliver: () => Promise<void> }> {
  const route = await codeRoute(db, config, input, ip);
  await assertNoLiveCode(db, input, route.key, ip);
  const token = newSecret();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(verificationCodes).values({
    identificationType: input.identification_type,
    identification: input.identification,
    email: input.email,
    phone: input.phone,
    destination: route.key,
    clientId: route.client?.id ?? null,
    tokenHash: sha256(token),
    codeHash: codeHash(token, code),
    expiresAt: secondsFromNow(VERIFICATION_CODE_SECONDS),
    ip,
  });
  return {
    answer: { token, expires_in: VERIFICATION_CODE_SECONDS, sent_to: route.sentTo },
    deliver: () => deliverCode(db, route, input, code, ip),
  };
}

/** What already has a user: the existing client (its code went to its contact), or the typed e-mail of a new identification. */
async function registrationHeldBy(db: Executor, client: ClientRecord | null, email: string): Promise<RegistrationHeldBy | null> {
  if (client) return (await clientHasUser(db, client.id)) ? 'identification' : null;
  return (await emailRegistered(db, email)) ? 'email' : null;
}

/**
 * Sends the code, or, when the identification's client or the typed e-mail already has a user,
 * a notice of the attempt instead (the code then never leaves, so it can't be verified).
 */
async function deliverCode(db: Database, route: CodeRoute, input: CodeRequest, code: string, ip: string): Promise<void> {
  const minutes = VERIFICATION_CODE_SECONDS / 60;
  await db.transaction(async (tx) => {
    const heldBy = await registrationHeldBy(tx, route.client, input.email);
    if (route.client) await recordAttempt(tx, route.client.id, input, ip, heldBy ? 'ya tiene usuario' : `código enviado a ${route.key}`);
    if (route.email) await queueEmail(tx, route.email, heldBy ? registrationAttemptMail(heldBy) : verificationCodeMail(code, minutes));
    if (route.phone) await queueSms(tx, `0${route.phone}`, heldBy ? registrationAttemptSms(heldBy) : verificationCodeSms(code, minutes));
  });
}

async function registrationClient(db: Database, clientId: number): Promise<RegistrationClient | null> {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client) return null;
  const { type, name, email, address, birthDate, gender } = client;
  return { type, name, email, phone: client.phone[0] ?? null, address, birth_date: birthDate, gender };
}

/**
 * Checks a code: at most 5 wrong tries per code, an expired code is refused. Once verified, a
 * code sent to an existing client's contact answers that client's data, for the wizard to show.
 */
export async function checkCode(
  db: Database,
  input: { identification_type: string; identification: string; token: string; code: string },
): Promise<RegistrationClient | null> {
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
  if (!row.verifiedAt) {
    if (row.attempts >= VERIFICATION_MAX_TRIES) throw new AppError('too_many_requests', messagesRegistration.codeTooManyTries, { code: [messagesRegistration.codeTooManyTries] });
    if (row.expired) throw fieldError('code', messagesRegistration.codeExpired);
    if (codeHash(input.token, input.code) !== row.codeHash) {
      await db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} + 1` }).where(eq(verificationCodes.id, row.id));
      throw fieldError('code', messagesRegistration.codeInvalid);
    }
    await db.update(verificationCodes).set({ verifiedAt: new Date() }).where(eq(verificationCodes.id, row.id));
  }
  return row.clientId === null ? null : registrationClient(db, row.clientId);
}

/**
 * Creates the client user once the code of this identification and e-mail was verified, and
 * the client when the identification is new. An existing client is bound only when the code
 * went to its contact on file, and nothing of it changes: its data is the office's record.
 */
export async function register(db: Database, input: RegisterInput, ip: string): Promise<{ user_id: number; client_id: number }> {
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
  const outcome = await db.transaction(async (tx) => {
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
    // A code sent to the typed e-mail proves that e-mail only, never a client created since.
    if ((existing?.id ?? null) !== code.clientId) return { refused: existing ?? null };
    if (existing && (await clientHasUser(tx, existing.id))) throw fieldError('identification', messagesRegistration.identificationTaken);
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
    const name = existing?.name ?? input.name;
    const address = input.address ?? existing?.address ?? null;
    const [user] = await tx
      .insert(users)
      .values({ roleId: CLIENT_ROLE_ID, clientId, name, email: input.email, passwordHash, phone: [input.phone], address })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    await recordAudit(tx, {
      module: 'users',
      event: 'created',
      causerId: user.id,
      subjectId: user.id,
      attributes: { name, email: input.email, client_id: clientId, role_id: CLIENT_ROLE_ID, origin: 'registro' },
    });
    return { user_id: user.id, client_id: clientId };
  });
  if ('refused' in outcome) {
    if (outcome.refused) await recordAttempt(db, outcome.refused.id, input, ip, 'código no enviado a su contacto');
    throw fieldError('token', messagesRegistration.codeForAnotherClient);
  }
  return outcome;
}
