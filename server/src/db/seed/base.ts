import { eq, sql } from 'drizzle-orm';
import { ANALYST_PERMISSIONS, CASHIER_PERMISSIONS } from '@recaudo/domain/permissions';
import { ADMIN_ROLE_ID, CLIENT_ROLE_KEY } from '@recaudo/domain/roles';
import type { Database } from '../client';
import { permissionModules, roleModules, roles } from '../../modules/roles/tables';
import { syncPermissionModules } from '../../modules/roles/service';
import { seedReferenceBase } from './reference-base';

export const SYSTEM_ROLES = [
  { id: 1, name: 'Administrador', key: 'admin', expiredSessionTime: 120, permissions: 'all' as const },
  { id: 2, name: 'Analista', key: 'analyst', expiredSessionTime: 60, permissions: ANALYST_PERMISSIONS },
  { id: 3, name: 'Cajero', key: 'cashier', expiredSessionTime: 60, permissions: CASHIER_PERMISSIONS },
  { id: 4, name: 'Cliente', key: CLIENT_ROLE_KEY, expiredSessionTime: 60, permissions: [] },
];

/**
 * What every database needs, demo or not: the four system roles, the permission
 * modules and the system reference data (banks, default payment methods, rate rows).
 * A role's permissions are set only when the role is first created, so an
 * administrator's later changes survive restarts. `adminRequires2fa` (a real installation, not
 * the demo) makes a new Administrador role require the second factor; an existing one keeps its
 * setting.
 */
export async function seedBase(db: Database, options: { adminRequires2fa?: boolean } = {}): Promise<void> {
  const created: typeof SYSTEM_ROLES = [];
  for (const role of SYSTEM_ROLES) {
    const inserted = await db
      .insert(roles)
      .values({ id: role.id, name: role.name, key: role.key, expiredSessionTime: role.expiredSessionTime, require2fa: role.id === ADMIN_ROLE_ID && options.adminRequires2fa === true })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    if (inserted.length) created.push(role);
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('roles', 'id'), greatest((select max(id) from roles), 1))`);
  await syncPermissionModules(db);
  for (const role of created) {
    if (role.permissions === 'all' || role.permissions.length === 0) continue;
    for (const name of role.permissions) {
      const [module] = await db.select({ id: permissionModules.id }).from(permissionModules).where(eq(permissionModules.name, name));
      if (module) await db.insert(roleModules).values({ roleId: role.id, moduleId: module.id }).onConflictDoNothing();
    }
  }
  await seedReferenceBase(db);
}
