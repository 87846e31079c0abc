import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionModule } from '@recaudo/domain/roles';
import { ALL_PERMISSIONS } from '@recaudo/domain/permissions';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { auditLogs } from '../logs/tables';
import { roles } from './tables';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  // Holds every permission: a user manages only roles within her own (issue 46, privilege.test.ts).
  admin = await ctx.staff({ permissions: ALL_PERMISSIONS });
});
afterAll(() => ctx.close());

const flatten = (tree: PermissionModule[]): PermissionModule[] => tree.flatMap((node) => [node, ...flatten(node.children)]);
const checkedNames = (tree: PermissionModule[]) => flatten(tree).filter((node) => node.checked).map((node) => node.name).sort();
const moduleId = (tree: PermissionModule[], name: string) => flatten(tree).find((node) => node.name === name)!.id;

async function newRole(name: string, expired_session_time = 30) {
  const created = await ctx.call('POST', '/api/roles/store', { token: admin.token, body: { name, expired_session_time } });
  expect(created.status).toBe(200);
  return created.body.data.id as number;
}

describe('GET /api/roles', () => {
  it('lists roles paged with the counter fields, never the client role', async () => {
    const { status, body } = await ctx.call('GET', '/api/roles', { token: admin.token, query: { per_page: '2', page: '1' } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ current_page: 1, per_page: 2 });
    expect(body.data.data).toHaveLength(2);
    const all = await ctx.call('GET', '/api/roles', { token: admin.token, query: { per_page: 'Todos' } });
    const keys = all.body.data.data.map((row: { key: string }) => row.key);
    expect(keys).toContain('admin');
    expect(keys).not.toContain('client');
    expect(all.body.data.total).toBe(all.body.data.data.length);
    expect(body.data.total).toBe(all.body.data.total);
    expect(body.data.last_page).toBe(Math.ceil(all.body.data.total / 2));
  });

  it('counts the users of each role', async () => {
    const roleId = await newRole('Con dos usuarios');
    await ctx.staff({ roleId });
    await ctx.staff({ roleId });
    const { body } = await ctx.call('GET', '/api/roles', { token: admin.token, query: { search: 'Con dos usuarios' } });
    expect(body.data.data[0].count_users).toBe(2);
  });

  it('searches by name, case and accent of the input kept literal', async () => {
    await newRole('Supervisor de Caja');
    const found = await ctx.call('GET', '/api/roles', { token: admin.token, query: { search: 'supervisor' } });
    expect(found.body.data.data.map((row: { name: string }) => row.name)).toEqual(['Supervisor de Caja']);
    const none = await ctx.call('GET', '/api/roles', { token: admin.token, query: { search: '%' } });
    expect(none.body.data.total).toBe(0);
  });

  it('answers 403 to a staff user without roles and to a client user', async () => {
    const cashier = await ctx.staff({ permissions: ['clients'] });
    const client = await ctx.clientUser();
    for (const token of [cashier.token, client.token]) {
      expect(await ctx.call('GET', '/api/roles', { token })).toMatchObject({
        status: 403,
        body: { success: false, message: 'No tienes permiso para realizar esta acción.' },
      });
    }
  });
});

describe('POST /api/roles/store and PUT /api/roles/update', () => {
  it('validates Nombre and Tiempo de Expiración with the spec messages', async () => {
    const missing = await ctx.call('POST', '/api/roles/store', { token: admin.token, body: { name: ' ' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      name: ['El campo Nombre es obligatorio.'],
      expired_session_time: ['El campo Tiempo de Expiración es obligatorio.'],
    });
    const decimal = await ctx.call('POST', '/api/roles/store', { token: admin.token, body: { name: 'X', expired_session_time: 1.5 } });
    expect(decimal.body.errors.expired_session_time).toEqual(['El campo Tiempo de Expiración debe ser un número entero.']);
    const negative = await ctx.call('POST', '/api/roles/store', { token: admin.token, body: { name: 'X', expired_session_time: -1 } });
    expect(negative.body.errors.expired_session_time).toEqual(['El campo Tiempo de Expiración debe ser al menos 0.']);
  });

  it('creates a role with a key and refuses a duplicate name', async () => {
    const id = await newRole('Auditoría Externa', 45);
    const [stored] = await ctx.db.select().from(roles).where(eq(roles.id, id));
    expect(stored).toMatchObject({ name: 'Auditoría Externa', key: 'auditoria_externa', expiredSessionTime: 45, active: true });
    const duplicate = await ctx.call('POST', '/api/roles/store', { token: admin.token, body: { name: 'auditoría externa', expired_session_time: 5 } });
    expect(duplicate).toMatchObject({ status: 422, body: { errors: { name: ['Ya existe un rol con ese nombre.'] } } });
  });

  it('updates a role and writes old and new values to the audit log', async () => {
    const id = await newRole('Cobranza', 20);
    const updated = await ctx.call('PUT', '/api/roles/update', { token: admin.token, body: { id, name: 'Cobranza Norte', expired_session_time: 25 } });
    expect(updated).toMatchObject({ status: 200, body: { success: true, message: 'Rol actualizado' } });
    const [entry] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.logName, 'roles'), eq(auditLogs.description, 'updated'), eq(auditLogs.subjectId, id)));
    expect(entry?.causerId).toBe(admin.id);
    expect(entry?.properties).toEqual({ old: { name: 'Cobranza', expired_session_time: 20 }, attributes: { name: 'Cobranza Norte', expired_session_time: 25 } });
  });

  it('needs add_role to create and edit_role to update', async () => {
    const reader = await ctx.staff({ permissions: ['roles'] });
    expect((await ctx.call('POST', '/api/roles/store', { token: reader.token, body: { name: 'Z', expired_session_time: 1 } })).status).toBe(403);
    expect((await ctx.call('PUT', '/api/roles/update', { token: reader.token, body: { id: 2, name: 'Z', expired_session_time: 1 } })).status).toBe(403);
  });

  it('treats the client role as absent', async () => {
    const attempt = await ctx.call('PUT', '/api/roles/update', { token: admin.token, body: { id: 4, name: 'Clientes', expired_session_time: 1 } });
    expect(attempt.status).toBe(404);
  });
});

describe('permissions tree', () => {
  it('answers the whole tree with the role ticks', async () => {
    const { body } = await ctx.call('GET', '/api/roles/permissions-by-role/3', { token: admin.token });
    const tree: PermissionModule[] = body.data;
    expect(flatten(tree).map((node) => node.name).sort()).toEqual([...ALL_PERMISSIONS].sort());
    const clients = tree.find((node) => node.name === 'clients')!;
    expect(clients.label).toBe('Clientes');
    expect(clients.children.map((node) => node.name)).toContain('add_client');
    expect(checkedNames(tree)).toContain('payments');
    expect(checkedNames(tree)).not.toContain('users');
  });

  it('checks a parent with its children, a child with its parent, and unchecks a parent with its children', async () => {
    const roleId = await newRole('Permisos prueba');
    const tree: PermissionModule[] = (await ctx.call('GET', `/api/roles/permissions-by-role/${roleId}`, { token: admin.token })).body.data;
    const tick = async (name: string, checked: boolean) =>
      (await ctx.call('POST', '/api/roles/change-permission', { token: admin.token, body: { module_id: moduleId(tree, name), role_id: roleId, checked } })).body.data as PermissionModule[];

    expect(checkedNames(await tick('states', true))).toEqual(['add_state', 'delete_state', 'edit_state', 'export_states', 'states']);
    expect(checkedNames(await tick('add_state', false))).toEqual(['delete_state', 'edit_state', 'export_states', 'states']);
    expect(checkedNames(await tick('states', false))).toEqual([]);
    expect(checkedNames(await tick('export_payments', true))).toEqual(['export_payments', 'payments']);
  });

  it('takes effect on the next request of the role users', async () => {
    const roleId = await newRole('Efecto inmediato');
    const member = await ctx.staff({ roleId });
    expect((await ctx.call('GET', '/api/roles', { token: member.token })).status).toBe(403);
    const tree: PermissionModule[] = (await ctx.call('GET', `/api/roles/permissions-by-role/${roleId}`, { token: admin.token })).body.data;
    await ctx.call('POST', '/api/roles/change-permission', { token: admin.token, body: { module_id: moduleId(tree, 'roles'), role_id: roleId, checked: true } });
    expect((await ctx.call('GET', '/api/roles', { token: member.token })).status).toBe(200);
  });

  it('keeps every permission on the Administrador role', async () => {
    const tree: PermissionModule[] = (await ctx.call('GET', '/api/roles/permissions-by-role/1', { token: admin.token })).body.data;
    expect(flatten(tree).every((node) => node.checked)).toBe(true);
    const refused = await ctx.call('POST', '/api/roles/change-permission', { token: admin.token, body: { module_id: moduleId(tree, 'roles'), role_id: 1, checked: false } });
    expect(refused).toMatchObject({ status: 422, body: { message: 'El rol Administrador conserva siempre todos los permisos.' } });
  });

  it('answers the tree of the caller role on modules-by-role', async () => {
    const manager = await ctx.staff({ permissions: ['roles', 'add_role', 'edit_role', 'delete_role', 'users'] });
    const { body } = await ctx.call('GET', '/api/modules-by-role', { token: manager.token });
    expect(checkedNames(body.data)).toEqual(['add_role', 'delete_role', 'edit_role', 'roles', 'users']);
  });
});

describe('status, session time and delete', () => {
  it('deactivating a role stops its users at once; the Administrador role stays active', async () => {
    const roleId = await newRole('Temporal');
    const member = await ctx.staff({ roleId });
    const off = await ctx.call('POST', '/api/roles/change-status-rol', { token: admin.token, body: { id: roleId, active: false } });
    expect(off).toMatchObject({ status: 200, body: { success: true } });
    expect((await ctx.call('POST', '/api/auth/me', { token: member.token })).status).toBe(401);
    const adminOff = await ctx.call('POST', '/api/roles/change-status-rol', { token: admin.token, body: { id: 1, active: false } });
    expect(adminOff).toMatchObject({ status: 422, body: { message: 'El rol Administrador no se puede desactivar.' } });
  });

  it('changes the session time limit', async () => {
    const roleId = await newRole('Turno corto', 60);
    const changed = await ctx.call('PATCH', '/api/roles/change-time-session', { token: admin.token, body: { role_id: roleId, expired_session_time: 5 } });
    expect(changed.status).toBe(200);
    const [stored] = await ctx.db.select().from(roles).where(eq(roles.id, roleId));
    expect(stored?.expiredSessionTime).toBe(5);
    const bad = await ctx.call('PATCH', '/api/roles/change-time-session', { token: admin.token, body: { role_id: roleId, expired_session_time: 'mucho' } });
    expect(bad.body.errors.expired_session_time).toEqual(['El campo Tiempo de Expiración debe ser un número entero.']);
  });

  it('deletes a role without users, refuses one with users and the Administrador role', async () => {
    const empty = await newRole('Vacío');
    expect(await ctx.call('DELETE', '/api/roles/delete', { token: admin.token, body: { id: empty } })).toMatchObject({
      status: 200,
      body: { success: true, message: 'Rol eliminado' },
    });
    expect(await ctx.db.select().from(roles).where(eq(roles.id, empty))).toHaveLength(0);
    const held = await newRole('Ocupado');
    await ctx.staff({ roleId: held });
    expect(await ctx.call('DELETE', '/api/roles/delete', { token: admin.token, body: { id: held } })).toMatchObject({
      status: 422,
      body: { message: 'No se puede eliminar el rol porque tiene 1 usuario asignado.' },
    });
    expect((await ctx.call('DELETE', '/api/roles/delete', { token: admin.token, body: { id: 1 } })).status).toBe(422);
    expect((await ctx.call('DELETE', '/api/roles/delete', { token: admin.token, body: { id: 4 } })).status).toBe(404);
  });
});

describe('GET /api/roles/selects', () => {
  it('offers active roles other than the client role, to holders of roles or users', async () => {
    const off = await newRole('Inactivo para select');
    await ctx.call('POST', '/api/roles/change-status-rol', { token: admin.token, body: { id: off, active: false } });
    const usersAdmin = await ctx.staff({ permissions: ['users'] });
    const { status, body } = await ctx.call('GET', '/api/roles/selects', { token: usersAdmin.token });
    expect(status).toBe(200);
    const names = body.data.map((row: { name: string }) => row.name);
    expect(names).toContain('Cajero');
    expect(names).not.toContain('Cliente');
    expect(names).not.toContain('Inactivo para select');
  });
});
