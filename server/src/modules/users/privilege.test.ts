import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ID, roleMessages, type PermissionModule } from '@recaudo/domain/roles';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import { userMessages } from '@recaudo/domain/users';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../../test/harness';
import { codeAhead, enrol } from '../../../test/two-factor-helpers';
import { verifyPassword } from '../../platform/crypto';
import { auditLogs } from '../logs/tables';
import { users } from './tables';

/**
 * Issue 46, "roles that cannot raise themselves": each rule tried by a role holding only the
 * lower permission.
 */
let ctx: TestContext;
let seq = 0;
const email = (name: string) => `${name}${Date.now().toString(36)}${seq++}@recaudo.test`;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.staff(); // user 1, the protected first administrator
});
afterAll(() => ctx.close());

const adminForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Alguien',
  email: email('alguien'),
  password: 'Clave-segura-1',
  all_users: true,
  use_all_series: true,
  ...overrides,
});

const flatten = (tree: PermissionModule[]): PermissionModule[] => tree.flatMap((node) => [node, ...flatten(node.children)]);

describe('a user grants only what she holds', () => {
  let editor: TestUser;
  beforeAll(async () => {
    editor = await ctx.staff({ permissions: ['users', 'add_user', 'edit_user'] });
  });

  it('may not create a user with the Administrador role, nor with a role holding more than hers', async () => {
    const created = await ctx.call('POST', '/api/users/store', { token: editor.token, body: adminForm({ role: ADMIN_ROLE_ID }) });
    expect(created.status).toBe(403);
    expect(created.body.message).toMatch(/^No puedes asignar ni modificar un rol con permisos que tú no tienes: Clientes, /);
    expect(created.body.message).toMatch(/ y \d+ más\.$/);
    const peer = await ctx.staff({ permissions: ['users', 'add_user'] });
    const within = await ctx.call('POST', '/api/users/store', { token: editor.token, body: adminForm({ role: peer.roleId }) });
    expect(within.status).toBe(200);
  });

  it('may not change her own role, even to one she could give others', async () => {
    const lesser = await ctx.staff({ permissions: ['users'] });
    const [self] = await ctx.db.select().from(users).where(eq(users.id, editor.id));
    const answer = await ctx.call('PUT', '/api/users/update', {
      token: editor.token,
      body: { ...adminForm({ role: lesser.roleId, password: null }), id: editor.id, name: self!.name, email: self!.email },
    });
    expect(answer).toMatchObject({ status: 422, body: { message: roleMessages.notYourOwnRole, errors: { role: [roleMessages.notYourOwnRole] } } });
    const [after] = await ctx.db.select().from(users).where(eq(users.id, editor.id));
    expect(after!.roleId).toBe(editor.roleId);
  });

  it('may not raise an accomplice to Administrador, nor edit, switch off or delete an administrator', async () => {
    const accomplice = await ctx.staff({ permissions: ['users'] });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, accomplice.id));
    const raised = await ctx.call('PUT', '/api/users/update', {
      token: editor.token,
      body: { ...adminForm({ role: ADMIN_ROLE_ID, password: null }), id: accomplice.id, name: row!.name, email: row!.email },
    });
    expect(raised.status).toBe(403);
    expect((await ctx.db.select().from(users).where(eq(users.id, accomplice.id)))[0]!.roleId).toBe(accomplice.roleId);

    const administrator = await ctx.staff({ roleId: ADMIN_ROLE_ID });
    const [adminRow] = await ctx.db.select().from(users).where(eq(users.id, administrator.id));
    const takeover = await ctx.call('PUT', '/api/users/update', {
      token: editor.token,
      body: { ...adminForm({ role: ADMIN_ROLE_ID, password: null }), id: administrator.id, name: adminRow!.name, email: email('ladron') },
    });
    expect(takeover).toMatchObject({ status: 403, body: { message: userMessages.beyondYourPermissions } });
    expect((await ctx.db.select().from(users).where(eq(users.id, administrator.id)))[0]!.email).toBe(adminRow!.email);
    const off = await ctx.call('PATCH', '/api/users/disabled-access-user', { token: editor.token, body: { user_id: administrator.id, status: false } });
    expect(off).toMatchObject({ status: 403, body: { message: userMessages.beyondYourPermissions } });
    const deleter = await ctx.staff({ permissions: ['users', 'delete_user'] });
    const removed = await ctx.call('DELETE', '/api/users/delete', { token: deleter.token, body: { id: administrator.id } });
    expect(removed.status).toBe(403);
    expect(await ctx.db.select().from(users).where(eq(users.id, administrator.id))).toHaveLength(1);
  });
});

describe('a role manager changes only roles within her permissions', () => {
  let manager: TestUser;
  beforeAll(async () => {
    manager = await ctx.staff({ permissions: ['roles', 'add_role', 'edit_role', 'delete_role'] });
  });

  async function newRole() {
    const created = await ctx.call('POST', '/api/roles/store', { token: manager.token, body: { name: `Rol ${seq++}`, expired_session_time: 30 } });
    expect(created.status).toBe(200);
    return created.body.data.id as number;
  }

  it('grants only permissions she holds, to another role or to her own', async () => {
    const roleId = await newRole();
    const tree = (await ctx.call('GET', `/api/roles/permissions-by-role/${roleId}`, { token: manager.token })).body.data as PermissionModule[];
    const idOf = (name: string) => flatten(tree).find((node) => node.name === name)!.id;
    const backups = await ctx.call('POST', '/api/roles/change-permission', { token: manager.token, body: { role_id: roleId, module_id: idOf('backups'), checked: true } });
    expect(backups).toMatchObject({ status: 403, body: { message: roleMessages.beyondYourPermissions(['Respaldos']) } });
    const ownRaise = await ctx.call('POST', '/api/roles/change-permission', { token: manager.token, body: { role_id: manager.roleId, module_id: idOf('users'), checked: true } });
    expect(ownRaise.status).toBe(403);
    const held = await ctx.call('POST', '/api/roles/change-permission', { token: manager.token, body: { role_id: roleId, module_id: idOf('roles'), checked: true } });
    expect(held.status).toBe(200);
    expect(flatten(held.body.data).filter((node) => node.checked).map((node) => node.name).sort()).toEqual(['add_role', 'delete_role', 'edit_role', 'roles']);
    const entries = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'role_modules'), eq(auditLogs.subjectId, roleId)));
    expect(entries).toHaveLength(1);
  });

  it('may not change, switch off or delete a role holding more than she does', async () => {
    const richer = await ctx.staff({ permissions: ['roles', 'backups'] });
    const update = await ctx.call('PUT', '/api/roles/update', { token: manager.token, body: { id: ADMIN_ROLE_ID, name: 'Administrador', expired_session_time: 30, require_2fa: false } });
    expect(update.status).toBe(403);
    const revoke = await ctx.call('POST', '/api/roles/change-permission', { token: manager.token, body: { role_id: richer.roleId, module_id: 1, checked: false } });
    expect(revoke.status).toBe(403);
    const off = await ctx.call('POST', '/api/roles/change-status-rol', { token: manager.token, body: { id: richer.roleId, active: false } });
    expect(off.status).toBe(403);
    const time = await ctx.call('PATCH', '/api/roles/change-time-session', { token: manager.token, body: { role_id: richer.roleId, expired_session_time: 1 } });
    expect(time.status).toBe(403);
    const lesser = await newRole();
    expect((await ctx.call('DELETE', '/api/roles/delete', { token: manager.token, body: { id: lesser } })).status).toBe(200);
  });
});

describe("another user's password and second factor need manage_security and a fresh proof", () => {
  it('edit_user alone may not set another user its password; with manage_security it takes the current password or a code', async () => {
    const editor = await ctx.staff({ permissions: ['users', 'edit_user'] });
    const target = await ctx.staff({ roleId: editor.roleId });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    const body = { ...adminForm({ role: target.roleId, password: 'Nueva-clave-2027' }), id: target.id, name: row!.name, email: row!.email };
    const refused = await ctx.call('PUT', '/api/users/update', { token: editor.token, body: { ...body, current_password: TEST_PASSWORD } });
    expect(refused).toMatchObject({ status: 403, body: { message: userMessages.securityPermissionRequired } });

    const security = await ctx.staff({ permissions: ['users', 'edit_user', 'manage_security'] });
    const bare = await ctx.call('PUT', '/api/users/update', { token: security.token, body });
    expect(bare).toMatchObject({ status: 422, body: { errors: { current_password: [userMessages.proofRequired] } } });
    const wrong = await ctx.call('PUT', '/api/users/update', { token: security.token, body: { ...body, current_password: 'no-es-la-clave' } });
    expect(wrong).toMatchObject({ status: 422, body: { errors: { current_password: [userMessages.proofWrong] } } });
    const noApp = await ctx.call('PUT', '/api/users/update', { token: security.token, body: { ...body, current_code: '123456' } });
    expect(noApp).toMatchObject({ status: 422, body: { errors: { current_code: [userMessages.proofWrong] } } });
    expect(await verifyPassword(TEST_PASSWORD, (await ctx.db.select().from(users).where(eq(users.id, target.id)))[0]!.passwordHash)).toBe(true);

    const proved = await ctx.call('PUT', '/api/users/update', { token: security.token, body: { ...body, current_password: TEST_PASSWORD } });
    expect(proved.status).toBe(200);
    expect(await verifyPassword('Nueva-clave-2027', (await ctx.db.select().from(users).where(eq(users.id, target.id)))[0]!.passwordHash)).toBe(true);

    const setup = await enrol(ctx, security);
    const byCode = await ctx.call('PUT', '/api/users/update', { token: security.token, body: { ...body, password: 'Otra-clave-2028', current_code: codeAhead(setup.secret, 1) } });
    expect(byCode.status).toBe(200);
  });

  it("a client user's password, set from the clients screen, follows the same rule", async () => {
    const cashier = await ctx.staff({ permissions: ['clients', 'edit_client'] });
    const portal = await ctx.clientUser();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, portal.id));
    const answer = await ctx.call('PUT', '/api/clients/users-client', {
      token: cashier.token,
      body: { id: portal.id, client_id: portal.clientId, name: row!.name, email: row!.email, password: 'Portal-tomado-1', current_password: TEST_PASSWORD },
    });
    expect(answer).toMatchObject({ status: 403, body: { message: userMessages.securityPermissionRequired } });
  });

  it("resetting another user's second factor: 403 with edit_user alone, 422 without proof, 200 with it", async () => {
    const editor = await ctx.staff({ permissions: ['users', 'edit_user'] });
    const security = await ctx.staff({ permissions: ['users', 'edit_user', 'manage_security'] });
    const target = await ctx.staff();
    await enrol(ctx, target);
    expect((await ctx.call('POST', '/api/users/reset-two-factor', { token: editor.token, body: { user_id: target.id, current_password: TEST_PASSWORD } })).status).toBe(403);
    const bare = await ctx.call('POST', '/api/users/reset-two-factor', { token: security.token, body: { user_id: target.id } });
    expect(bare).toMatchObject({ status: 422, body: { message: userMessages.proofRequired } });
    const proved = await ctx.call('POST', '/api/users/reset-two-factor', { token: security.token, body: { user_id: target.id, current_password: TEST_PASSWORD } });
    expect(proved).toMatchObject({ status: 200, body: { message: messagesTwoFactor.reset } });
  });

  it('resetting her own second factor takes one of its codes, as 2fa/disable does', async () => {
    const security = await ctx.staff({ permissions: ['users', 'edit_user', 'manage_security'] });
    const setup = await enrol(ctx, security);
    const withPassword = await ctx.call('POST', '/api/users/reset-two-factor', { token: security.token, body: { user_id: security.id, current_password: TEST_PASSWORD } });
    expect(withPassword).toMatchObject({ status: 422, body: { errors: { current_code: [messagesTwoFactor.codeRequired] } } });
    const wrong = await ctx.call('POST', '/api/users/reset-two-factor', { token: security.token, body: { user_id: security.id, current_code: '000000' } });
    expect(wrong).toMatchObject({ status: 422, body: { errors: { current_code: [messagesTwoFactor.codeInvalid] } } });
    const recovery = await ctx.call('POST', '/api/users/reset-two-factor', { token: security.token, body: { user_id: security.id, current_code: setup.recovery_codes[0] } });
    expect(recovery.status).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, security.id));
    expect(after!.totpEnabledAt).toBeNull();
  });
});

describe('the audit log never shows a secret', () => {
  it("a user's entry in Bitácoras carries no password hash, TOTP secret or replay step once she enrols", async () => {
    const enrolled = await ctx.staff();
    await enrol(ctx, enrolled);
    const reader = await ctx.staff({ permissions: ['logs'] });
    const answer = await ctx.call('GET', '/api/logs', { token: reader.token, query: { filters: { subject_type: ['users'], subject_id: [enrolled.id] } } });
    expect(answer.status).toBe(200);
    const entries = answer.body.data.data as { description: string; subject: Record<string, unknown> | null }[];
    expect(entries.map((entry) => entry.description)).toContain('two_factor_enabled');
    for (const entry of entries) {
      expect(entry.subject).toMatchObject({ id: enrolled.id });
      expect(Object.keys(entry.subject!)).not.toEqual(expect.arrayContaining(['totp_secret']));
      expect(entry.subject).not.toHaveProperty('password_hash');
      expect(entry.subject).not.toHaveProperty('totp_last_step');
    }
    expect(JSON.stringify(answer.body)).not.toMatch(/totp_secret/);
  });
});
