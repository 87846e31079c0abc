import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../modules/auth/service';
import { notFound } from './errors';

/**
 * Data boundaries applied in the `where` of every query, so a record outside a user's
 * reach is simply not found (DESIGN §4).
 */

/** The client a client user is bound to; null for staff. */
export const clientIdOf = (auth: AuthContext): number | null => auth.user.clientId;

/** Client users see only their own client's rows; staff are not limited here. */
export function clientScope(clientColumn: PgColumn, auth: AuthContext): SQL | undefined {
  const clientId = clientIdOf(auth);
  return clientId === null ? undefined : eq(clientColumn, clientId);
}

/** A client user naming another client's record gets the same 404 as for a missing one. */
export function assertOwnClient(auth: AuthContext, clientId: number | null, message?: string): void {
  const own = clientIdOf(auth);
  if (own !== null && own !== clientId) throw notFound(message);
}

/** Staff data scope: own records only, the listed users' records, or everybody's. */
export function creatorScope(creatorColumn: PgColumn, auth: AuthContext): SQL | undefined {
  const { user } = auth;
  if (user.clientId !== null) return undefined;
  if (user.onlyUser) return eq(creatorColumn, user.id);
  if (!user.allUsers) return inArray(creatorColumn, [user.id, ...user.multipleUsers]);
  return undefined;
}

/** Series scope: a user without `use_all_series` works only with their own series. */
export function seriesScope(seriesColumn: PgColumn, auth: AuthContext): SQL | undefined {
  const { user } = auth;
  if (user.useAllSeries || user.clientId !== null) return undefined;
  return user.correlativeId === null ? sql`false` : eq(seriesColumn, user.correlativeId);
}
