import { and, asc, eq, isNull } from 'drizzle-orm';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../auth/service';
import { forbidden } from '../../platform/errors';
import { users } from '../users/tables';

/**
 * `GET dashboard/security-warning` (issue 46): the active users of the Administrador role who
 * have no second factor, by name, for the Administrador's dashboard to warn until they enrol.
 * Only the Administrador role asks: its users hold the whole permission tree.
 */
export async function administratorsWithoutSecondFactor(db: Executor, auth: AuthContext): Promise<{ administrators_without_two_factor: string[] }> {
  if (auth.user.roleId !== ADMIN_ROLE_ID) throw forbidden();
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.roleId, ADMIN_ROLE_ID), eq(users.active, true), isNull(users.totpEnabledAt)))
    .orderBy(asc(users.name));
  return { administrators_without_two_factor: rows.map((row) => row.name) };
}
