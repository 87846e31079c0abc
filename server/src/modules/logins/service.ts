import { and, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Database } from '../../db/client';
import { listTotal } from '../../platform/count';
import { iso, isoTimestamp } from '../../platform/envelope';
import { pageOf, walkByIds, type RowSource } from '../../platform/export';
import { caracasDayRange, idList, likePattern, prefixPattern, sortOrder } from '../../platform/paging';
import { idleExpired } from '../auth/session-sql';
import { accessTokens } from '../auth/tables';
import { roles } from '../roles/tables';
import { users } from '../users/tables';

const sessionEnd = sql<Date | null>`coalesce(${accessTokens.endedAt}, case when ${idleExpired} then ${accessTokens.lastUsedAt} end)`;

const columns = {
  id: accessTokens.id,
  token_id: accessTokens.id,
  user_id: accessTokens.userId,
  user_name: users.name,
  user_email: users.email,
  ip: accessTokens.ip,
  user_agent: accessTokens.userAgent,
  start: accessTokens.createdAt,
  end: sessionEnd,
  active: sql<boolean>`(${accessTokens.endedAt} is null and not ${idleExpired})`,
  total_time_session: sql<number>`extract(epoch from (coalesce(${sessionEnd}, now()) - ${accessTokens.createdAt}))::int`,
};

export interface LoginSessionRow {
  id: number;
  token_id: number;
  user_id: number;
  user: { id: number; name: string; email: string };
  ip: string | null;
  user_agent: string | null;
  start: string;
  end: string | null;
  active: boolean;
  total_time_session: number;
}

/**
 * Login sessions, newest first: search by user name or e-mail (contains) or IP (prefix);
 * filters by user (`filters[user]`), client (`filters[client]`, for the client detail tab)
 * and dates. Conditions on users go through the small users table, so the count never
 * joins the large sessions table; past 10 000 sessions the total is the planner's estimate.
 */
export function loginSource(db: Database, query: ListQuery): RowSource<LoginSessionRow> {
  const userIds = idList(query.filters.user);
  const clientIds = idList(query.filters.client);
  const range = caracasDayRange(query.filters.dates);
  const pattern = likePattern(query.search);
  const clientUsers = db.select({ id: users.id }).from(users).where(inArray(users.clientId, clientIds));
  // The user ids are resolved first: with literal ids the planner combines the user and the
  // IP indexes, where a subquery would make it scan every session. Once, on first use.
  let resolved: Promise<SQL | undefined> | undefined;
  const where = () =>
    (resolved ??= (async () => {
      const matchingUsers = query.search
        ? await db.select({ id: users.id }).from(users).where(or(ilike(users.name, pattern), ilike(users.email, pattern)))
        : [];
      return and(
        query.search
          ? or(inArray(accessTokens.userId, matchingUsers.map((user) => user.id)), like(accessTokens.ip, prefixPattern(query.search)))
          : undefined,
        userIds.length ? inArray(accessTokens.userId, userIds) : undefined,
        clientIds.length ? inArray(accessTokens.userId, clientUsers) : undefined,
        range ? and(gte(accessTokens.createdAt, range[0]), lt(accessTokens.createdAt, range[1])) : undefined,
      );
    })());
  const order = sortOrder(query.sorter, { start: accessTokens.createdAt, ip: accessTokens.ip }, desc(accessTokens.createdAt), accessTokens.id);
  const read = async (condition: SQL | undefined, limit: number | null, offset: number): Promise<LoginSessionRow[]> => {
    const base = db
      .select(columns)
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(condition)
      .orderBy(...order)
      .offset(offset);
    const rows = limit === null ? await base : await base.limit(limit);
    return rows.map(({ user_name, user_email, ...row }) => ({
      ...row,
      user: { id: row.user_id, name: user_name, email: user_email },
      start: iso(row.start),
      end: isoTimestamp(row.end),
      active: Boolean(row.active),
      total_time_session: Number(row.total_time_session),
    }));
  };
  return {
    rows: async (limit, offset) => read(await where(), limit, offset),
    walk: walkByIds(
      db,
      async () => db.select({ id: accessTokens.id }).from(accessTokens).where(await where()).orderBy(...order).getSQL(),
      (ids) => read(inArray(accessTokens.id, ids), null, 0),
    ),
    count: async () => listTotal(db, accessTokens, await where()),
  };
}

export const findLogins = (db: Database, query: ListQuery) => pageOf(query, loginSource(db, query));
