import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { formatPhone } from '@recaudo/domain/format';
import { passwordMessages } from '@recaudo/domain/passwords';
import { CLIENT_ROLE_ID, CLIENT_ROLE_KEY } from '@recaudo/domain/roles';
import {
  PROTECTED_USER_ID,
  userMessages,
  type CreateAdminUserInput,
  type CreateClientUserInput,
  type UpdateAdminUserInput,
  type SecurityProof,
  type UpdateClientUserInput,
} from '@recaudo/domain/users';
import { roleMessages } from '@recaudo/domain/roles';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors';
import { rooms } from '../../platform/realtime';
import { assertFreshProof, assertMayResetSecurity, type ProofContext } from '../auth/security-proof';
import { endSessionsOfUser, type AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { queueEmail } from '../messages/service';
import { sentPasswordMail } from '../messages/templates';
import { assertWithinPermissionsOf, permissionsBeyond } from '../roles/service';
import { roles } from '../roles/tables';
import { users } from './tables';

type UserRecord = typeof users.$inferSelect;

/** Whether a user (other than `exceptId`) logs in with this e-mail, in any letter case. */
export async function emailRegistered(executor: Executor, email: string, exceptId?: number): Promise<boolean> {
  const [clash] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return Boolean(clash);
}

export async function assertEmailFree(executor: Executor, email: string, exceptId?: number) {
  if (await emailRegistered(executor, email, exceptId)) throw fieldError('email', userMessages.duplicateEmail);
}

/**
 * A client's phones that she adds must not be another client's: the bank validates a Pago Móvil by
 * the payer's phone, so a shared phone would let one client validate another's payments. The
 * office resolves such a case (issue 46); phones she or her client record already had stay.
 */
async function assertPhonesFree(executor: Executor, clientId: number, phones: string[], before: string[]) {
  const [own] = await executor.select({ phone: clients.phone }).from(clients).where(eq(clients.id, clientId));
  const added = phones.filter((phone) => !before.includes(phone) && !own?.phone.includes(phone));
  if (!added.length) return;
  const [clash] = await executor
    .select({ phone: sql<string>`(select value from jsonb_array_elements_text(${clients.phone}) as value where value = any(${sql.param(added)}::text[]) limit 1)` })
    .from(clients)
    .where(and(ne(clients.id, clientId), sql`${clients.phone} ?| ${sql.param(added)}::text[]`))
    .limit(1);
  if (clash) throw fieldError(`phone.${phones.indexOf(clash.phone)}`, userMessages.phoneOfAnotherClient(formatPhone(clash.phone)));
}

async function getUser(executor: Executor, id: number, kind: 'staff' | 'client' | 'any' = 'any'): Promise<UserRecord> {
  const [user] = await executor
    .select()
    .from(users)
    .where(and(eq(users.id, id), kind === 'staff' ? isNull(users.clientId) : kind === 'client' ? isNotNull(users.clientId) : undefined))
    .for('update');
  if (!user) throw notFound(userMessages.notFound);
  return user;
}

/** The role must exist and never be the client role; selected users must be staff; the series must exist. */
/** Answers the role's name. */
async function checkAdminReferences(executor: Executor, input: { role: number; multiple_users: number[]; correlative_id: number | null }): Promise<string> {
  const [role] = await executor.select({ id: roles.id, key: roles.key, name: roles.name }).from(roles).where(eq(roles.id, input.role));
  if (!role) throw fieldError('role', userMessages.roleNotFound);
  if (role.key === CLIENT_ROLE_KEY || role.id === CLIENT_ROLE_ID) throw fieldError('role', userMessages.clientRoleNotAllowed);
  if (input.multiple_users.length) {
    const found = await executor.select({ id: users.id }).from(users).where(and(inArray(users.id, input.multiple_users), isNull(users.clientId)));
    if (found.length !== input.multiple_users.length) throw fieldError('multiple_users', userMessages.usersInvalid);
  }
  if (input.correlative_id !== null) {
    const [serie] = await executor.select({ id: correlatives.id }).from(correlatives).where(eq(correlatives.id, input.correlative_id));
    if (!serie) throw fieldError('correlative_id', userMessages.serieNotFound);
  }
  return role.name;
}

const adminValues = (input: CreateAdminUserInput | UpdateAdminUserInput) => ({
  roleId: input.role,
  name: input.name,
  email: input.email,
  active: input.active,
  onlyUser: input.only_user,
  allUsers: input.all_users,
  multipleUsers: input.multiple_users,
  useAllSeries: input.use_all_series,
  correlativeId: input.correlative_id,
});

/** The audit view of a user: never the password hash. */
const auditView = (user: Pick<UserRecord, 'roleId' | 'name' | 'email' | 'active' | 'onlyUser' | 'allUsers' | 'multipleUsers' | 'useAllSeries' | 'correlativeId' | 'clientId' | 'changePassword'>) => ({
  role_id: user.roleId,
  name: user.name,
  email: user.email,
  active: user.active,
  only_user: user.onlyUser,
  all_users: user.allUsers,
  multiple_users: user.multipleUsers,
  use_all_series: user.useAllSeries,
  correlative_id: user.correlativeId,
  client_id: user.clientId,
  change_password: user.changePassword,
});

export async function createAdminUser(db: Database, auth: AuthContext, input: CreateAdminUserInput): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await checkAdminReferences(tx, input);
    await assertWithinPermissionsOf(tx, auth, input.role);
    await assertEmailFree(tx, input.email);
    const [user] = await tx.insert(users).values({ ...adminValues(input), passwordHash, createdBy: auth.user.id }).returning();
    if (!user) throw new Error('user insert returned nothing');
    await recordAudit(tx, { module: 'users', event: 'created', causerId: auth.user.id, subjectId: user.id, attributes: auditView(user) });
    return user.id;
  });
}

/**
 * The sockets a change to a user cuts: all of theirs when their role changes, they are switched
 * off or must change their password; otherwise those of the sessions the change ended.
 */
function socketsToCut(user: UserRecord, values: Partial<typeof users.$inferInsert>, endedTokenIds: number[]): string[] {
  const roleChanged = values.roleId !== undefined && values.roleId !== user.roleId;
  const switchedOff = values.active === false && user.active;
  const mustChange = values.changePassword === true && !user.changePassword;
  return roleChanged || switchedOff || mustChange ? [rooms.user(user.id)] : endedTokenIds.map(rooms.session);
}

/**
 * Writes the changed fields of a user (and a new password hash, if any) with one audit entry;
 * the password itself never reaches the log. A new password ends the user's other sessions (all
 * of them when staff set it for someone else). Nothing changed, nothing written. Answers the
 * real-time rooms whose sockets the change cuts.
 */
async function saveUserChanges(
  tx: Executor,
  auth: AuthContext,
  user: UserRecord,
  values: Partial<typeof users.$inferInsert>,
  passwordHash: string | null,
): Promise<string[]> {
  const diff = changedFields(auditView(user), auditView({ ...user, ...values }));
  if (!diff.changed && !passwordHash) return [];
  await tx
    .update(users)
    .set({ ...values, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await recordAudit(tx, {
    module: 'users',
    event: 'updated',
    causerId: auth.user.id,
    subjectId: user.id,
    old: diff.old,
    attributes: { ...diff.attributes, ...(passwordHash ? { password: '(cambiada)' } : {}) },
  });
  const ended = passwordHash ? await endSessionsOfUser(tx, user.id, user.id === auth.user.id ? auth.tokenId : null) : [];
  return socketsToCut(user, values, ended);
}

export interface AdminUserChange {
  /** The real-time rooms whose sockets the change cuts. */
  cut: string[];
  /** The user's new role, when someone else gave them another one. */
  roleChange: { userId: number; role: string } | null;
}

/**
 * Staff setting another user's password takes her account: `manage_security` and the actor's
 * fresh proof (issue 46). Checked before the transaction, as the proof counts on the throttle
 * (a refused proof must stay counted).
 */
async function assertMaySetPassword(db: Database, auth: AuthContext, userId: number, input: { password: string | null } & SecurityProof, proof: ProofContext) {
  if (!input.password) return;
  assertMayResetSecurity(auth, userId);
  // One's own password too: this form must not be a way around the profile's current password.
  await assertFreshProof(db, auth, input, proof);
}

/** Only a user whose role is within the actor's permissions may be edited, switched off or deleted by her. */
async function assertUserWithinPermissions(tx: Executor, auth: AuthContext, user: UserRecord) {
  if (user.clientId === null && (await permissionsBeyond(tx, auth, user.roleId)).length) throw forbidden(userMessages.beyondYourPermissions);
}

export async function updateAdminUser(db: Database, auth: AuthContext, input: UpdateAdminUserInput, proof: ProofContext): Promise<AdminUserChange> {
  if (input.id === PROTECTED_USER_ID) throw new AppError('validation', userMessages.protectedUser);
  await assertMaySetPassword(db, auth, input.id, input, proof);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const user = await getUser(tx, input.id, 'staff');
    await assertUserWithinPermissions(tx, auth, user);
    if (input.role !== user.roleId) {
      if (user.id === auth.user.id) throw fieldError('role', roleMessages.notYourOwnRole);
      await assertWithinPermissionsOf(tx, auth, input.role);
    }
    const role = await checkAdminReferences(tx, input);
    await assertEmailFree(tx, input.email, user.id);
    const cut = await saveUserChanges(tx, auth, user, adminValues(input), passwordHash);
    const roleChanged = input.role !== user.roleId && user.id !== auth.user.id;
    return { cut, roleChange: roleChanged ? { userId: user.id, role } : null };
  });
}

async function assertClient(executor: Executor, clientId: number) {
  const [client] = await executor.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw fieldError('client_id', userMessages.clientNotFound);
}

/**
 * A password that travels by e-mail has been seen by staff and sits in a mailbox: it opens the
 * account once, then its owner must choose their own.
 */
const mustChangePassword = (input: { change_password: boolean; send_mail_password: boolean; password: string | null }) =>
  input.change_password || (input.send_mail_password && input.password !== null);

/** Client user form: the role is always Cliente; `send_mail_password` e-mails the password through the outbox. */
export async function createClientUser(db: Database, auth: AuthContext, config: Pick<Config, 'APP_URL'>, input: CreateClientUserInput): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  const changePassword = mustChangePassword(input);
  return db.transaction(async (tx) => {
    await assertClient(tx, input.client_id);
    await assertEmailFree(tx, input.email);
    const [user] = await tx
      .insert(users)
      .values({
        roleId: CLIENT_ROLE_ID,
        clientId: input.client_id,
        name: input.name,
        email: input.email,
        active: input.active,
        changePassword,
        passwordHash,
        createdBy: auth.user.id,
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    await recordAudit(tx, { module: 'users', event: 'created', causerId: auth.user.id, subjectId: user.id, attributes: { ...auditView(user), send_mail_password: input.send_mail_password } });
    if (input.send_mail_password) {
      await queueEmail(tx, user.email, sentPasswordMail(user.name, user.email, input.password, `${config.APP_URL}/login`, changePassword));
    }
    return user.id;
  });
}

export async function updateClientUser(
  db: Database,
  auth: AuthContext,
  config: Pick<Config, 'APP_URL'>,
  input: UpdateClientUserInput,
  proof: ProofContext,
): Promise<string[]> {
  await assertMaySetPassword(db, auth, input.id, input, proof);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const user = await getUser(tx, input.id, 'client');
    const clientId = input.client_id ?? user.clientId!;
    if (clientId !== user.clientId) await assertClient(tx, clientId);
    await assertEmailFree(tx, input.email, user.id);
    const changePassword = mustChangePassword(input);
    const values = { clientId, name: input.name, email: input.email, active: input.active, changePassword };
    const cut = await saveUserChanges(tx, auth, user, values, passwordHash);
    if (input.send_mail_password && input.password) {
      await queueEmail(tx, input.email, sentPasswordMail(input.name, input.email, input.password, `${config.APP_URL}/login`, changePassword));
    }
    return cut;
  });
}

/** The access switch: nobody changes user 1 or themselves; a user switched off loses their sessions at once. */
export async function setUserAccess(db: Database, auth: AuthContext, input: { user_id: number; status: boolean }): Promise<void> {
  if (input.user_id === PROTECTED_USER_ID) throw new AppError('validation', userMessages.cannotToggleProtected);
  if (input.user_id === auth.user.id) throw new AppError('validation', userMessages.notYourself);
  await db.transaction(async (tx) => {
    const user = await getUser(tx, input.user_id);
    await assertUserWithinPermissions(tx, auth, user);
    if (user.active === input.status) return;
    await tx.update(users).set({ active: input.status, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, { module: 'users', event: 'updated', causerId: auth.user.id, subjectId: user.id, old: { active: user.active }, attributes: { active: input.status } });
  });
}

export async function deleteUser(db: Database, auth: AuthContext, id: number, options: { kind?: 'staff' | 'client'; clientId?: number } = {}): Promise<void> {
  if (id === PROTECTED_USER_ID) throw new AppError('validation', userMessages.cannotDeleteProtected);
  if (id === auth.user.id) throw new AppError('validation', userMessages.cannotDeleteYourself);
  await db.transaction(async (tx) => {
    const user = await getUser(tx, id, options.kind ?? 'any');
    if (options.clientId !== undefined && user.clientId !== options.clientId) throw notFound(userMessages.notFound);
    await assertUserWithinPermissions(tx, auth, user);
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, { module: 'users', event: 'deleted', causerId: auth.user.id, subjectId: user.id, old: auditView(user) });
  });
}

/**
 * A new password or e-mail takes the current password: a session left open on a shared computer
 * must not be enough to take the account over. Compared without regard to case, as login does.
 */
async function assertAccountOwner(user: UserRecord, input: { email: string; password: string | null; current_password: string | null }) {
  const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
  if (!input.password && !emailChanged) return;
  if (!input.current_password) throw fieldError('current_password', passwordMessages.currentRequired);
  if (!(await verifyPassword(input.current_password, user.passwordHash))) throw fieldError('current_password', passwordMessages.currentWrong);
}

/**
 * `users/profile`: staff change name, e-mail and password; client users change e-mail,
 * password, phones and address, never their name. A client user's contact data is kept in
 * step on their client. A new password ends every other session of the user; answers the
 * real-time rooms whose sockets that cuts.
 */
export async function updateProfile(
  db: Database,
  auth: AuthContext,
  input: { name?: string; email: string; password: string | null; current_password: string | null; phone?: string[]; address?: string | null },
): Promise<string[]> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const user = await getUser(tx, auth.user.id);
    await assertAccountOwner(user, input);
    await assertEmailFree(tx, input.email, user.id);
    const isClient = user.clientId !== null;
    const before = { name: user.name, email: user.email, phone: user.phone, address: user.address };
    const after = isClient
      ? { name: user.name, email: input.email, phone: input.phone ?? user.phone, address: input.address === undefined ? user.address : input.address }
      : { name: input.name ?? user.name, email: input.email, phone: user.phone, address: user.address };
    if (isClient) await assertPhonesFree(tx, user.clientId!, after.phone, user.phone);
    const diff = changedFields(before, after);
    if (!diff.changed && !passwordHash) return [];
    await tx
      .update(users)
      .set({ ...after, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await recordAudit(tx, {
      module: 'users',
      event: 'updated',
      causerId: user.id,
      subjectId: user.id,
      old: diff.old,
      attributes: { ...diff.attributes, ...(passwordHash ? { password: '(cambiada)' } : {}) },
    });
    if (isClient) {
      const [client] = await tx.select().from(clients).where(eq(clients.id, user.clientId!)).for('update');
      if (client) {
        const clientDiff = changedFields({ email: client.email, phone: client.phone, address: client.address }, { email: after.email, phone: after.phone, address: after.address });
        if (clientDiff.changed) {
          await tx.update(clients).set({ email: after.email, phone: after.phone, address: after.address, updatedAt: new Date() }).where(eq(clients.id, client.id));
          await recordAudit(tx, { module: 'clients', event: 'updated', causerId: user.id, subjectId: client.id, old: clientDiff.old, attributes: clientDiff.attributes });
        }
      }
    }
    const ended = passwordHash ? await endSessionsOfUser(tx, user.id, auth.tokenId) : [];
    return ended.map(rooms.session);
  });
}
