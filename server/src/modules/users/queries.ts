import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { MAX_PAGE_SIZE, type ListQuery } from '@recaudo/domain/paging';
import type { AdminUserRow, ClientUserRow } from '@recaudo/domain/users';
import type { Executor } from '../../db/client';
import { iso } from '../../platform/envelope';
import { walkByIds, type RowSource } from '../../platform/export';
import { caracasDayRange, idList, likePattern, sortOrder } from '../../platform/paging';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { roles } from '../roles/tables';
import { users } from './tables';

const dateRange = (filters: Record<string, unknown>) => {
  const range = caracasDayRange(filters.dates);
  return range ? and(gte(users.createdAt, range[0]), lt(users.createdAt, range[1])) : undefined;
};

/** The closings each user is responsible for (closed_boxes_user_idx). */
const countClosedBoxs = sql<number>`(select count(*) from closed_boxes cb where cb.user_id = ${users.id})::int`;

/**
 * Administrators (staff users). Search: name or e-mail. Filters: `rol` and `user` (ids, plain
 * or `{value}`), `dates` (creation). Sorter: name, email, created_at, count_closed_boxs, role.name.
 */
export function adminUserSource(db: Executor, query: ListQuery): RowSource<AdminUserRow> {
  const { filters } = query;
  const pattern = likePattern(query.search);
  const roleIds = idList(filters.rol ?? filters.role);
  const userIds = idList(filters.user);
  const where = and(
    isNull(users.clientId),
    query.search ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    roleIds.length ? inArray(users.roleId, roleIds) : undefined,
    userIds.length ? inArray(users.id, userIds) : undefined,
    dateRange(filters),
  );
  const order = sortOrder(
    query.sorter,
    { name: users.name, email: users.email, created_at: users.createdAt, count_closed_boxs: countClosedBoxs, 'role.name': roles.name, role: roles.name, active: users.active, id: users.id },
    asc(users.id),
    users.id,
  );
  const read = async (condition: SQL | undefined, limit: number | null, offset: number): Promise<AdminUserRow[]> => {
    const base = db
      .select({ user: users, role_name: roles.name, serie: correlatives.serie, number: correlatives.number, count_closed_boxs: countClosedBoxs })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(correlatives, eq(correlatives.id, users.correlativeId))
      .where(condition)
      .orderBy(...order)
      .offset(offset);
    const rows = limit === null ? await base : await base.limit(limit);
    return rows.map(({ user, role_name, serie, number, count_closed_boxs }) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      active: user.active,
      role_id: user.roleId,
      role: { id: user.roleId, name: role_name },
      only_user: user.onlyUser,
      all_users: user.allUsers,
      multiple_users: user.multipleUsers,
      multiple_users_verify: !user.onlyUser && !user.allUsers,
      use_all_series: user.useAllSeries,
      correlative_id: user.correlativeId,
      correlative: user.correlativeId !== null && serie !== null && number !== null ? { id: user.correlativeId, serie, number } : null,
      count_closed_boxs: Number(count_closed_boxs),
      created_at: iso(user.createdAt),
    }));
  };
  return {
    rows: (limit, offset) => read(where, limit, offset),
    walk: walkByIds(
      db,
      () => db.select({ id: users.id }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where).orderBy(...order).getSQL(),
      (ids) => read(inArray(users.id, ids), null, 0),
    ),
    async count() {
      const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where);
      return Number(row?.total ?? 0);
    },
  };
}

/** Client users. Search: name, e-mail, client name or identification. Filters: `user`, `client`, `dates`. */
export function clientUserSource(db: Executor, query: ListQuery, options: { clientId?: number } = {}): RowSource<ClientUserRow> {
  const { filters } = query;
  const pattern = likePattern(query.search);
  const userIds = idList(filters.user);
  const clientIds = idList(filters.client);
  const where = and(
    isNotNull(users.clientId),
    options.clientId !== undefined ? eq(users.clientId, options.clientId) : undefined,
    query.search
      ? or(
          ilike(users.name, pattern),
          ilike(users.email, pattern),
          ilike(clients.name, pattern),
          ilike(sql`${clients.identificationType} || '-' || ${clients.identification}`, pattern),
          ilike(clients.identification, pattern),
        )
      : undefined,
    userIds.length ? inArray(users.id, userIds) : undefined,
    clientIds.length ? inArray(users.clientId, clientIds) : undefined,
    dateRange(filters),
  );
  const order = sortOrder(
    query.sorter,
    { name: users.name, email: users.email, created_at: users.createdAt, client: clients.name, 'client.name': clients.name, active: users.active },
    desc(users.createdAt),
    users.id,
  );
  const read = async (condition: SQL | undefined, limit: number | null, offset: number): Promise<ClientUserRow[]> => {
    const base = db
      .select({ user: users, client: clients, role_name: roles.name })
      .from(users)
      .innerJoin(clients, eq(clients.id, users.clientId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(condition)
      .orderBy(...order)
      .offset(offset);
    const rows = limit === null ? await base : await base.limit(limit);
    return rows.map(({ user, client, role_name }) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      active: user.active,
      client_id: client.id,
      client: {
        id: client.id,
        name: client.name,
        identification_type: client.identificationType,
        identification: client.identification,
        type: client.type,
        phone: client.phone,
      },
      role: { id: user.roleId, name: role_name },
      change_password: user.changePassword,
      created_at: iso(user.createdAt),
    }));
  };
  return {
    rows: (limit, offset) => read(where, limit, offset),
    walk: walkByIds(
      db,
      () =>
        db
          .select({ id: users.id })
          .from(users)
          .innerJoin(clients, eq(clients.id, users.clientId))
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(where)
          .orderBy(...order)
          .getSQL(),
      (ids) => read(inArray(users.id, ids), null, 0),
    ),
    async count() {
      const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(users).innerJoin(clients, eq(clients.id, users.clientId)).where(where);
      return Number(row?.total ?? 0);
    },
  };
}

const optionColumns = { id: users.id, name: users.name, email: users.email };
/** What a user picker shows: the name, never the e-mail. */
const pickerColumns = { id: users.id, name: users.name };

/** A user picker answers this many users at most: the search narrows them. */
export const USER_PICKER_LIMIT = 50;

/** Users (staff and client) whose name matches, for the "Usuarios" filters of the lists. */
export function allUserOptions(db: Executor, search: string) {
  return db
    .select(pickerColumns)
    .from(users)
    .where(search ? ilike(users.name, likePattern(search)) : undefined)
    .orderBy(asc(users.name), asc(users.id))
    .limit(USER_PICKER_LIMIT);
}

/** Staff users for the administrator form's user list: the caller is never offered. */
export function staffUserOptions(db: Executor, auth: AuthContext, search: string) {
  const pattern = likePattern(search);
  return db
    .select(pickerColumns)
    .from(users)
    .where(and(isNull(users.clientId), ne(users.id, auth.user.id), search ? ilike(users.name, pattern) : undefined))
    .orderBy(asc(users.name), asc(users.id))
    .limit(MAX_PAGE_SIZE);
}

/** The users of one client (the first MAX_PAGE_SIZE). */
export const usersOfClient = (db: Executor, clientId: number) =>
  db.select({ ...optionColumns, active: users.active, created_at: users.createdAt }).from(users).where(eq(users.clientId, clientId)).orderBy(asc(users.id)).limit(MAX_PAGE_SIZE);
