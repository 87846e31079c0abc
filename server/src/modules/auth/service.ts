import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { messagesAuth, type LoginInput, type Session, type SessionUser, type Theme } from '@recaudo/domain/auth';
import type { TwoFactorChallenge } from '@recaudo/domain/two-factor';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { burnPasswordCheck, newSecret, sha256, verifyPassword } from '../../platform/crypto';
import { AppError, notFound } from '../../platform/errors';
import { preparedStatement } from '../../platform/prepared';
import { clients } from '../clients/tables';
import { permissionsOfRole } from '../roles/service';
import { permissionModules, roleModules, roles } from '../roles/tables';
import { users } from '../users/tables';
import { idleExpired, touchDue, twoFactorSetupPending } from './session-sql';
import { admitLoginAttempt, forgetLoginAttempts, type ThrottleLimits } from './login-throttle';
import { openChallenge } from './two-factor-challenge';
import { accessTokens } from './tables';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  roleId: number;
  clientId: number | null;
  onlyUser: boolean;
  allUsers: boolean;
  multipleUsers: number[];
  useAllSeries: boolean;
  correlativeId: number | null;
  changePassword: boolean;
  /** The role demands a second factor the user has not enrolled yet: the session can only enrol. */
  twoFactorSetupRequired: boolean;
}

export interface AuthContext {
  tokenId: number;
  user: AuthUser;
  permissions: ReadonlySet<string>;
}

/**
 * The session of a token with its user, role and the role's permissions, in one statement
 * prepared once per database: every API request runs it, so nothing is cached and a logout, a
 * deactivation or a role's new permissions count from the very next request, in every process.
 */
const sessionOfToken = preparedStatement('auth_session', (db, name) =>
  db
    .select({
      tokenId: accessTokens.id,
      endedAt: accessTokens.endedAt,
      userActive: users.active,
      roleActive: roles.active,
      idleExpired,
      touchDue,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        roleId: users.roleId,
        clientId: users.clientId,
        onlyUser: users.onlyUser,
        allUsers: users.allUsers,
        multipleUsers: users.multipleUsers,
        useAllSeries: users.useAllSeries,
        correlativeId: users.correlativeId,
        changePassword: users.changePassword,
        twoFactorSetupRequired: twoFactorSetupPending,
      },
      permissions: sql<string[]>`array(select ${permissionModules.name} from ${roleModules}
        join ${permissionModules} on ${permissionModules.id} = ${roleModules.moduleId}
        where ${roleModules.roleId} = ${users.roleId} order by ${permissionModules.position})`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(accessTokens.tokenHash, sql.placeholder('hash')))
    .prepare(name),
);

/**
 * Resolves a bearer token to its user, or null when the token is unknown, closed, idle
 * past the role's limit, or its user or role is inactive. An idle token is closed at the
 * time it was last used, so the session list shows its real length.
 */
export async function authenticateToken(db: Database, token: string): Promise<AuthContext | null> {
  const [row] = await sessionOfToken(db).execute({ hash: sha256(token) });
  if (!row || row.endedAt || !row.userActive || !row.roleActive) return null;
  if (row.idleExpired) {
    await db
      .update(accessTokens)
      .set({ endedAt: sql`${accessTokens.lastUsedAt}` })
      .where(and(eq(accessTokens.id, row.tokenId), isNull(accessTokens.endedAt)));
    return null;
  }
  if (row.touchDue) {
    await db.update(accessTokens).set({ lastUsedAt: sql`now()` }).where(eq(accessTokens.id, row.tokenId));
  }
  return { tokenId: row.tokenId, user: row.user, permissions: new Set(row.permissions) };
}

/**
 * Of these sessions, the ones that still let their sockets listen: open, not idle past the role's
 * limit, user and role active, and no password change pending. Reads only: a listening socket is
 * not a use of the session, so it never keeps one alive.
 */
export async function liveSessions(db: Executor, tokenIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        inArray(accessTokens.id, tokenIds),
        isNull(accessTokens.endedAt),
        eq(users.active, true),
        eq(roles.active, true),
        eq(users.changePassword, false),
        sql`not ${twoFactorSetupPending}`,
        sql`not ${idleExpired}`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Ends every open session of a user but `keepTokenId` (the one that changed the password, if
 * any), in the caller's transaction; answers the ended ids, whose sockets the caller cuts.
 */
export async function endSessionsOfUser(tx: Executor, userId: number, keepTokenId: number | null): Promise<number[]> {
  const ended = await tx
    .update(accessTokens)
    .set({ endedAt: sql`now()` })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.endedAt), keepTokenId === null ? undefined : ne(accessTokens.id, keepTokenId)))
    .returning({ id: accessTokens.id });
  return ended.map((row) => row.id);
}

/** The session of spec 01 §3 for a user, answered by login and `auth/me`. */
export async function buildSession(db: Database, userId: number, accessToken: string): Promise<Session> {
  const [row] = await db
    .select({
      user: users,
      role: { id: roles.id, name: roles.name, key: roles.key },
      roleRequires2fa: roles.require2fa,
      client: {
        id: clients.id,
        name: clients.name,
        identification_type: clients.identificationType,
        identification: clients.identification,
        type: clients.type,
      },
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.id, userId));
  if (!row) throw notFound('No se ha encontrado el usuario');
  const { user } = row;
  const sessionUser: SessionUser = {
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.clientId === null ? 'admin' : 'client',
    client_id: user.clientId,
    client: row.client,
    phone: user.phone,
    address: user.address,
    photo: user.photo,
    role: row.role,
    use_all_series: user.useAllSeries,
    correlative_id: user.correlativeId,
    change_password: user.changePassword,
    two_factor: { enabled: user.totpEnabledAt !== null, required: row.roleRequires2fa },
  };
  return {
    user: sessionUser,
    access_token: accessToken,
    permissions: await permissionsOfRole(db, user.roleId),
    theme: user.theme === 'dark' ? 'dark' : 'light',
  };
}

export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

/**
 * Opens a session for a user whose credentials (and second factor, if any) were checked: the
 * token, its audit entry, and the account's throttle counters forgotten (its owner is back).
 */
export async function openSession(
  db: Database,
  user: { id: number; email: string },
  origin: RequestOrigin,
  audited: Record<string, unknown> = {},
): Promise<Session> {
  const token = newSecret();
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(accessTokens)
      .values({ userId: user.id, tokenHash: sha256(token), ip: origin.ip, userAgent: origin.userAgent })
      .returning({ id: accessTokens.id });
    await recordAudit(tx, {
      module: 'logins',
      event: 'login',
      causerId: user.id,
      subjectType: 'users',
      subjectId: user.id,
      attributes: { token_id: created?.id, ip: origin.ip, ...audited },
    });
  });
  await forgetLoginAttempts(db, user.email.toLowerCase(), origin.ip);
  return buildSession(db, user.id, token);
}

/**
 * Checks the credentials and opens a session, or, for an account with a second factor, answers
 * the challenge its code is verified with (`auth/2fa/verify`). Unknown e-mails and wrong
 * passwords get the same answer and take the same time; every attempt counts towards the
 * throttle, and only an opened session takes the count back.
 */
export async function login(db: Database, input: LoginInput, origin: RequestOrigin, limits: ThrottleLimits): Promise<Session | TwoFactorChallenge> {
  await admitLoginAttempt(db, input.email, origin.ip, limits);
  const [found] = await db
    .select({ user: users, roleActive: roles.active })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(sql`lower(${users.email}) = ${input.email}`);
  const passwordOk = found ? await verifyPassword(input.password, found.user.passwordHash) : await burnPasswordCheck(input.password).then(() => false);
  if (!found || !passwordOk) throw new AppError('unauthenticated', messagesAuth.invalidCredentials);
  if (!found.user.active) throw new AppError('forbidden', messagesAuth.inactiveUser);
  if (!found.roleActive) throw new AppError('forbidden', messagesAuth.inactiveRole);
  if (found.user.totpEnabledAt) return { two_factor_required: true, challenge: await openChallenge(db, found.user.id) };
  return openSession(db, found.user, origin);
}

async function endSession(db: Database, tokenId: number, causerId: number, subjectUserId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(accessTokens).set({ endedAt: new Date() }).where(eq(accessTokens.id, tokenId));
    await recordAudit(tx, {
      module: 'logins',
      event: 'logout',
      causerId,
      subjectType: 'users',
      subjectId: subjectUserId,
      attributes: { token_id: tokenId },
    });
  });
}

export async function logout(db: Database, auth: AuthContext): Promise<void> {
  await endSession(db, auth.tokenId, auth.user.id, auth.user.id);
}

/** Closes another user's session; only a session still active can be closed (spec 03 §4). */
export async function logoutUser(db: Database, auth: AuthContext, input: { id: number; user_id: number }): Promise<void> {
  const [row] = await db
    .select({ id: accessTokens.id, endedAt: accessTokens.endedAt, idleExpired })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(accessTokens.id, input.id), eq(accessTokens.userId, input.user_id)));
  if (!row) throw notFound('No se ha encontrado la sesión');
  if (row.endedAt || row.idleExpired) {
    throw new AppError('validation', messagesAuth.sessionAlreadyClosed);
  }
  await endSession(db, row.id, auth.user.id, input.user_id);
}

export async function saveTheme(db: Database, auth: AuthContext, theme: Theme): Promise<void> {
  await db.update(users).set({ theme, updatedAt: new Date() }).where(eq(users.id, auth.user.id));
}
