import { and, asc, count, eq, ilike, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { flattenPermissionTree } from '@recaudo/domain/permissions';
import type { ListQuery } from '@recaudo/domain/paging';
import { ADMIN_ROLE_ID, CLIENT_ROLE_KEY, roleMessages, type PermissionModule, type RoleFields, type RoleRow } from '@recaudo/domain/roles';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import type { AuthContext } from '../auth/service';
import { iso } from '../../platform/envelope';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors';
import { likePattern, paginate, sortOrder } from '../../platform/paging';
import { users } from '../users/tables';
import { permissionModules, roleModules, roles } from './tables';

export async function permissionsOfRole(executor: Executor, roleId: number): Promise<string[]> {
  const rows = await executor
    .select({ name: permissionModules.name })
    .from(roleModules)
    .innerJoin(permissionModules, eq(permissionModules.id, roleModules.moduleId))
    .where(eq(roleModules.roleId, roleId))
    .orderBy(asc(permissionModules.position));
  return rows.map((row) => row.name);
}

/** The labels of the permissions of a role (and of those being granted) that the actor does not hold. */
export async function permissionsBeyond(executor: Executor, auth: AuthContext, roleId: number, granting: number[] = []): Promise<string[]> {
  const held = [...auth.permissions];
  const rows = await executor
    .select({ label: permissionModules.label })
    .from(permissionModules)
    .where(
      and(
        or(
          inArray(permissionModules.id, executor.select({ id: roleModules.moduleId }).from(roleModules).where(eq(roleModules.roleId, roleId))),
          granting.length ? inArray(permissionModules.id, granting) : undefined,
        ),
        held.length ? notInArray(permissionModules.name, held) : undefined,
      ),
    )
    .orderBy(asc(permissionModules.position));
  return rows.map((row) => row.label);
}

/**
 * A user manages only what she holds (issue 46): assigning a role, changing its permissions or
 * settings, switching it off or deleting it needs every permission the role has (and, for a
 * grant, every permission granted). Otherwise a role that may only edit users or roles could
 * make itself, or an accomplice, administrator. 403 naming what is missing.
 */
export async function assertWithinPermissionsOf(executor: Executor, auth: AuthContext, roleId: number, granting: number[] = []): Promise<void> {
  const missing = await permissionsBeyond(executor, auth, roleId, granting);
  if (missing.length) throw forbidden(roleMessages.beyondYourPermissions(missing));
}

/**
 * Brings the `modules` table in line with the domain tree (new permissions appear, labels
 * follow) and gives the Administrador role every permission. Runs at every start.
 */
export async function syncPermissionModules(db: Database): Promise<void> {
  const flat = flattenPermissionTree();
  await db.transaction(async (tx) => {
    for (const [position, node] of flat.entries()) {
      await tx
        .insert(permissionModules)
        .values({ name: node.name, label: node.label, position })
        .onConflictDoUpdate({ target: permissionModules.name, set: { label: node.label, position } });
    }
    const stored = await tx.select({ id: permissionModules.id, name: permissionModules.name }).from(permissionModules);
    const idOf = new Map(stored.map((row) => [row.name, row.id]));
    for (const node of flat) {
      const parentId = node.parent ? (idOf.get(node.parent) ?? null) : null;
      await tx.update(permissionModules).set({ parentId }).where(eq(permissionModules.name, node.name));
    }
    const known = flat.map((node) => node.name);
    await tx.delete(permissionModules).where(sql`${permissionModules.name} not in ${known}`);
    const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, ADMIN_ROLE_ID));
    if (admin) {
      const all = await tx.select({ id: permissionModules.id }).from(permissionModules);
      await tx
        .insert(roleModules)
        .values(all.map((module) => ({ roleId: admin.id, moduleId: module.id })))
        .onConflictDoNothing();
    }
  });
}

const visibleRoles = or(isNull(roles.key), ne(roles.key, CLIENT_ROLE_KEY));

const roleColumns = {
  id: roles.id,
  name: roles.name,
  key: roles.key,
  expired_session_time: roles.expiredSessionTime,
  active: roles.active,
  require_2fa: roles.require2fa,
  notes: roles.notes,
  created_at: roles.createdAt,
  // Written out: inside a single-table select Drizzle leaves columns unqualified, which
  // would make the subquery compare users with themselves.
  count_users: sql<number>`(select count(*)::int from users where users.role_id = roles.id)`,
};

const presentRole = (row: Omit<RoleRow, 'created_at'> & { created_at: Date | string }): RoleRow => ({
  ...row,
  created_at: iso(row.created_at),
});

/** The roles list; the client role is never shown. */
export async function findRoles(db: Database, query: ListQuery) {
  const where = and(visibleRoles, query.search ? ilike(roles.name, likePattern(query.search)) : undefined);
  const order = sortOrder(query.sorter, { name: roles.name, expired_session_time: roles.expiredSessionTime }, asc(roles.id), roles.id);
  return paginate(
    query,
    async (limit, offset) => {
      const base = db.select(roleColumns).from(roles).where(where).orderBy(...order).offset(offset);
      const rows = limit === null ? await base : await base.limit(limit);
      return rows.map(presentRole);
    },
    async () => (await db.select({ total: count() }).from(roles).where(where))[0]?.total ?? 0,
  );
}

/** Roles a user can be given from the administrator form: active ones, never the client role. */
export async function selectableRoles(db: Database): Promise<RoleRow[]> {
  const rows = await db.select(roleColumns).from(roles).where(and(visibleRoles, eq(roles.active, true))).orderBy(asc(roles.name));
  return rows.map(presentRole);
}

/** A visible role or 404: the client role is treated as absent here. */
async function getVisibleRole(executor: Executor, id: number) {
  const [role] = await executor.select().from(roles).where(and(eq(roles.id, id), visibleRoles));
  if (!role) throw notFound('No se ha encontrado el rol');
  return role;
}

export async function permissionTree(executor: Executor, roleId: number): Promise<PermissionModule[]> {
  const rows = await executor
    .select({
      id: permissionModules.id,
      name: permissionModules.name,
      label: permissionModules.label,
      parent_id: permissionModules.parentId,
      checked: sql<boolean>`${roleModules.roleId} is not null`,
    })
    .from(permissionModules)
    .leftJoin(roleModules, and(eq(roleModules.moduleId, permissionModules.id), eq(roleModules.roleId, roleId)))
    .orderBy(asc(permissionModules.position));
  const nodes = new Map(rows.map((row) => [row.id, { ...row, checked: Boolean(row.checked), children: [] as PermissionModule[] }]));
  const tree: PermissionModule[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : tree).push(node);
  }
  return tree;
}

export async function rolePermissionTree(db: Database, roleId: number) {
  await getVisibleRole(db, roleId);
  return permissionTree(db, roleId);
}

/**
 * One tick of the permissions tree. Checking a module grants it with its children and its
 * parent (an action is useless without the screen); unchecking a module revokes it and its
 * children. The Administrador role keeps every permission.
 */
export async function changePermission(db: Database, auth: AuthContext, input: { module_id: number; role_id: number; checked: boolean }) {
  return db.transaction(async (tx) => {
    const role = await getVisibleRole(tx, input.role_id);
    if (role.id === ADMIN_ROLE_ID) throw new AppError('validation', roleMessages.adminAlwaysAll);
    const [module] = await tx.select().from(permissionModules).where(eq(permissionModules.id, input.module_id));
    if (!module) throw notFound('No se ha encontrado el módulo');
    const children = await tx.select({ id: permissionModules.id }).from(permissionModules).where(eq(permissionModules.parentId, module.id));
    const affected = [module.id, ...children.map((child) => child.id)];
    const granted = module.parentId === null ? affected : [...affected, module.parentId];
    await assertWithinPermissionsOf(tx, auth, role.id, input.checked ? granted : []);
    if (input.checked) {
      await tx.insert(roleModules).values(granted.map((moduleId) => ({ roleId: role.id, moduleId }))).onConflictDoNothing();
    } else {
      await tx.delete(roleModules).where(and(eq(roleModules.roleId, role.id), inArray(roleModules.moduleId, affected)));
    }
    await recordAudit(tx, {
      module: 'role_modules',
      event: 'updated',
      causerId: auth.user.id,
      subjectType: 'roles',
      subjectId: role.id,
      attributes: { module: module.name, checked: input.checked },
    });
    return permissionTree(tx, role.id);
  });
}

function slugKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

async function assertNameFree(executor: Executor, name: string, exceptId?: number) {
  const [clash] = await executor
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${name})`, exceptId ? ne(roles.id, exceptId) : undefined));
  if (clash) throw fieldError('name', roleMessages.duplicateName);
}

export async function createRole(db: Database, auth: AuthContext, input: RoleFields) {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    let key = slugKey(input.name) || 'rol';
    if (key === CLIENT_ROLE_KEY) key = `${key}_staff`;
    const [taken] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
    if (taken) key = `${key}_${Date.now().toString(36)}`;
    const [role] = await tx
      .insert(roles)
      .values({ name: input.name, key, expiredSessionTime: input.expired_session_time, require2fa: input.require_2fa ?? false, notes: input.notes })
      .returning();
    if (!role) throw new Error('role insert returned nothing');
    await recordAudit(tx, { module: 'roles', event: 'created', causerId: auth.user.id, subjectId: role.id, attributes: input });
    return role.id;
  });
}

export async function updateRole(db: Database, auth: AuthContext, input: RoleFields & { id: number }) {
  await db.transaction(async (tx) => {
    const role = await getVisibleRole(tx, input.id);
    await assertWithinPermissionsOf(tx, auth, role.id);
    await assertNameFree(tx, input.name, role.id);
    const before = { name: role.name, expired_session_time: role.expiredSessionTime, require_2fa: role.require2fa, notes: role.notes };
    const after = { name: input.name, expired_session_time: input.expired_session_time, require_2fa: input.require_2fa ?? role.require2fa, notes: input.notes };
    const diff = changedFields(before, after);
    if (!diff.changed) return;
    await tx
      .update(roles)
      .set({ name: after.name, expiredSessionTime: after.expired_session_time, require2fa: after.require_2fa, notes: after.notes, updatedAt: new Date() })
      .where(eq(roles.id, role.id));
    await recordAudit(tx, { module: 'roles', event: 'updated', causerId: auth.user.id, subjectId: role.id, old: diff.old, attributes: diff.attributes });
  });
}

export async function changeRoleStatus(db: Database, auth: AuthContext, input: { id: number; active: boolean }) {
  await db.transaction(async (tx) => {
    const role = await getVisibleRole(tx, input.id);
    await assertWithinPermissionsOf(tx, auth, role.id);
    if (role.id === ADMIN_ROLE_ID && !input.active) throw new AppError('validation', roleMessages.adminCannotBeDisabled);
    if (role.active === input.active) return;
    await tx.update(roles).set({ active: input.active, updatedAt: new Date() }).where(eq(roles.id, role.id));
    await recordAudit(tx, {
      module: 'roles',
      event: 'updated',
      causerId: auth.user.id,
      subjectId: role.id,
      old: { active: role.active },
      attributes: { active: input.active },
    });
  });
}

export async function changeSessionTime(db: Database, auth: AuthContext, input: { role_id: number; expired_session_time: number }) {
  await db.transaction(async (tx) => {
    const role = await getVisibleRole(tx, input.role_id);
    await assertWithinPermissionsOf(tx, auth, role.id);
    await tx.update(roles).set({ expiredSessionTime: input.expired_session_time, updatedAt: new Date() }).where(eq(roles.id, role.id));
    await recordAudit(tx, {
      module: 'roles',
      event: 'updated',
      causerId: auth.user.id,
      subjectId: role.id,
      old: { expired_session_time: role.expiredSessionTime },
      attributes: { expired_session_time: input.expired_session_time },
    });
  });
}

/** The Administrador role stays; any other role goes only once no user holds it. */
export async function deleteRole(db: Database, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const role = await getVisibleRole(tx, id);
    await assertWithinPermissionsOf(tx, auth, role.id);
    if (role.id === ADMIN_ROLE_ID) throw new AppError('validation', roleMessages.protectedRole);
    const [holders] = await tx.select({ total: count() }).from(users).where(eq(users.roleId, role.id));
    if (holders && holders.total > 0) throw new AppError('validation', roleMessages.hasUsers(holders.total));
    await tx.delete(roles).where(eq(roles.id, role.id));
    await recordAudit(tx, {
      module: 'roles',
      event: 'deleted',
      causerId: auth.user.id,
      subjectId: role.id,
      old: { name: role.name, key: role.key, expired_session_time: role.expiredSessionTime },
    });
  });
}
