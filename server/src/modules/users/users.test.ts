import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { ALL_PERMISSIONS } from '@recaudo/domain/permissions';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../../test/harness';
import { verifyPassword } from '../../platform/crypto';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { auditLogs } from '../logs/tables';
import { outbox } from '../messages/tables';
import { users } from './tables';

let ctx: TestContext;
let admin: TestUser;
let serieId: number;
let seq = 0;
const email = (name: string) => `${name}${Date.now().toString(36)}${seq++}@recaudo.test`;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.staff(); // user 1, the protected first administrator
  // Holds every permission: a user assigns only roles within her own (issue 46, privilege.test.ts).
  admin = await ctx.staff({ permissions: ALL_PERMISSIONS });
  const [serie] = await ctx.db.insert(correlatives).values({ serie: 'A1', number: '0001', numberCreditNote: '0001', numberDebitNote: '0001' }).returning();
  serieId = serie!.id;
});
afterAll(() => ctx.close());

const adminForm = (overrides: Record<string, unknown> = {}) => ({
  role: 3,
  name: 'Cajera Nueva',
  email: email('cajera'),
  password: 'Clave-segura-1',
  all_users: true,
  use_all_series: true,
  ...overrides,
});

async function storeUser(body: Record<string, unknown>) {
  const answer = await ctx.call('POST', '/api/users/store', { token: admin.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as number;
}

const login = (mail: string, password: string) => ctx.call('POST', '/api/auth/login', { body: { email: mail, password }, ip: `10.9.${seq++ % 250}.1` });

describe('administrator form (POST /api/users/store, PUT /api/users/update)', () => {
  it('creates an administrator with a hashed password that logs in', async () => {
    const body = adminForm();
    const id = await storeUser(body);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored).toMatchObject({ roleId: 3, clientId: null, allUsers: true, onlyUser: false, useAllSeries: true, correlativeId: null });
    expect(stored!.passwordHash).not.toContain('Clave');
    expect(await verifyPassword('Clave-segura-1', stored!.passwordHash)).toBe(true);
    expect((await login(body.email, 'Clave-segura-1')).status).toBe(200);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'users'), eq(auditLogs.subjectId, id)));
    expect(JSON.stringify(entry?.properties)).not.toContain('Clave');
  });

  it('requires Rol, Nombre, Correo and Contraseña on create', async () => {
    const { status, body } = await ctx.call('POST', '/api/users/store', { token: admin.token, body: { all_users: true, use_all_series: true } });
    expect(status).toBe(422);
    expect(body.errors).toMatchObject({
      role: ['El campo Rol es obligatorio.'],
      name: ['El campo Nombre es obligatorio.'],
      email: ['El campo Correo es obligatorio.'],
      password: ['El campo Contraseña es obligatorio.'],
    });
    const badEmail = await ctx.call('POST', '/api/users/store', { token: admin.token, body: adminForm({ email: 'correo-malo' }) });
    expect(badEmail.body.errors.email).toEqual(['El formato de Correo es inválido.']);
  });

  it('never gives the client role to an administrator and refuses an e-mail in use', async () => {
    const client = await ctx.call('POST', '/api/users/store', { token: admin.token, body: adminForm({ role: 4 }) });
    expect(client.body.errors.role).toEqual(['El rol Cliente no se puede asignar a un usuario administrador.']);
    const taken = await ctx.call('POST', '/api/users/store', { token: admin.token, body: adminForm({ email: admin.email.toUpperCase() }) });
    expect(taken.body.errors.email).toEqual(['El Correo ya está registrado.']);
  });

  it('keeps the data scopes exclusive and requires the selected users without the user themself', async () => {
    const both = await ctx.call('POST', '/api/users/store', { token: admin.token, body: adminForm({ only_user: true, all_users: true }) });
    expect(both.body.errors.only_user).toEqual(['Elige un solo alcance de datos: solo sus datos, todos los usuarios o usuarios seleccionados.']);
    const none = await ctx.call('POST', '/api/users/store', { token: admin.token, body: adminForm({ all_users: false, multiple_users_verify: true, multiple_users: [] }) });
    expect(none.body.errors.multiple_users).toEqual(['El campo Usuarios es obligatorio.']);
    const id = await storeUser(adminForm({ all_users: false, multiple_users_verify: true, multiple_users: [admin.id] }));
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored).toMatchObject({ onlyUser: false, allUsers: false, multipleUsers: [admin.id] });
    const self = await ctx.call('PUT', '/api/users/update', { token: admin.token, body: { ...adminForm({ all_users: false, multiple_users: [admin.id, id] }), id, email: stored!.email } });
    expect(self.body.errors.multiple_users).toEqual(['El usuario no puede estar en su propia lista de usuarios.']);
    const unknown = await ctx.call('POST', '/api/users/store', { token: admin.token, body: adminForm({ all_users: false, multiple_users: [987654] }) });
    expect(unknown.body.errors.multiple_users).toEqual(['Alguno de los usuarios seleccionados no existe.']);
    const switched = await ctx.call('PUT', '/api/users/update', { token: admin.token, body: { ...adminForm({ only_user: true, all_users: false, multiple_users: [admin.id] }), id, email: stored!.email, current_password: TEST_PASSWORD } });
    expect(switched.status).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(after).toMatchObject({ onlyUser: true, multipleUsers: [] });
  });

  it('requires a series when not using all series', async () => {
    const missing = await ctx.call('POST', '/api/users/store', { token: admin.token, body: adminForm({ use_all_series: false }) });
    expect(missing.body.errors.correlative_id).toEqual(['El campo Serie es obligatorio.']);
    const unknown = await ctx.call('POST', '/api/users/store', { token: admin.token, body: adminForm({ use_all_series: false, correlative_id: 99999 }) });
    expect(unknown.body.errors.correlative_id).toEqual(['La serie seleccionada no existe.']);
    const id = await storeUser(adminForm({ use_all_series: false, correlative_id: serieId }));
    const list = await ctx.call('GET', '/api/users', { token: admin.token, query: { filters: { user: [{ value: id }] } } });
    expect(list.body.data.data[0]).toMatchObject({ use_all_series: false, correlative: { id: serieId, serie: 'A1' } });
  });

  it('updates without a password keeping the old one, and refuses to edit user 1', async () => {
    const body = adminForm();
    const id = await storeUser(body);
    const updated = await ctx.call('PUT', '/api/users/update', { token: admin.token, body: { ...body, id, name: 'Renombrada', password: '' } });
    expect(updated).toMatchObject({ status: 200, body: { message: 'Usuario actualizado' } });
    expect((await login(body.email, 'Clave-segura-1')).status).toBe(200);
    const first = await ctx.call('PUT', '/api/users/update', { token: admin.token, body: { ...adminForm(), id: 1 } });
    expect(first).toMatchObject({ status: 422, body: { message: 'Este usuario no se puede modificar.' } });
  });

  it('needs add_user and edit_user', async () => {
    const reader = await ctx.staff({ permissions: ['users'] });
    expect((await ctx.call('POST', '/api/users/store', { token: reader.token, body: adminForm() })).status).toBe(403);
    expect((await ctx.call('PUT', '/api/users/update', { token: reader.token, body: { ...adminForm(), id: admin.id } })).status).toBe(403);
  });
});

describe('client user form', () => {
  it('requires Correo, Nombre, Contraseña and the client on create; the role is always Cliente', async () => {
    const missing = await ctx.call('POST', '/api/users/store', { token: admin.token, body: { client_id: '' } });
    expect(missing.body.errors).toMatchObject({ role: ['El campo Rol es obligatorio.'] });
    const holder = await ctx.clientUser();
    const noFields = await ctx.call('POST', '/api/users/store', { token: admin.token, body: { client_id: holder.clientId } });
    expect(noFields.body.errors).toMatchObject({
      name: ['El campo Nombre es obligatorio.'],
      email: ['El campo Correo es obligatorio.'],
      password: ['El campo Contraseña es obligatorio.'],
    });
    const unknownClient = await ctx.call('POST', '/api/users/store', { token: admin.token, body: { client_id: 999999, name: 'X', email: email('x'), password: 'Clave-segura-1' } });
    expect(unknownClient.body.errors.client_id).toEqual(['El cliente seleccionado no existe.']);
    const id = await storeUser({ client_id: holder.clientId, role: 1, name: 'Hijo del cliente', email: email('hijo'), password: 'Clave-segura-1' });
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored).toMatchObject({ roleId: 4, clientId: holder.clientId, changePassword: false });
  });

  it('e-mails the password through the outbox with send_mail_password and flags change_password', async () => {
    const holder = await ctx.clientUser();
    const mail = email('enviado');
    const id = await storeUser({ client_id: holder.clientId, name: 'Con Correo', email: mail, password: 'Temporal-2026', send_mail_password: true, change_password: true });
    const [queued] = await ctx.db.select().from(outbox).where(eq(outbox.to, mail));
    expect(queued).toMatchObject({ channel: 'email', status: 'pending', subject: 'Tu acceso a Recaudo' });
    expect(queued!.bodyText).toContain('Temporal-2026');
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored?.changePassword).toBe(true);
  });

  it('a mailed password always comes with change_password: it opens the account once', async () => {
    const holder = await ctx.clientUser();
    const mail = email('unavez');
    const id = await storeUser({ client_id: holder.clientId, name: 'Sin Cambio', email: mail, password: 'Temporal-2026', send_mail_password: true, change_password: false });
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored?.changePassword).toBe(true);
    const [queued] = await ctx.db.select().from(outbox).where(eq(outbox.to, mail));
    expect(queued!.bodyText).toContain('Al entrar se te pedirá cambiar la contraseña.');
    await ctx.db.update(users).set({ changePassword: false }).where(eq(users.id, id));
    const edited = await ctx.call('PUT', '/api/users/update', {
      token: admin.token,
      body: { id, client_id: holder.clientId, name: 'Sin Cambio', email: mail, password: 'Temporal-2027', send_mail_password: true, change_password: false, current_password: TEST_PASSWORD },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(after?.changePassword).toBe(true);
  });

  it('lists client users with filters and exports them', async () => {
    const holder = await ctx.clientUser({ name: 'Cliente Filtrado', identificationType: 'V', identification: '77000111', phone: ['4141234567'] });
    const list = await ctx.call('GET', '/api/users/client', { token: admin.token, query: { search: 'V-77000111' } });
    expect(list.body.data.data).toHaveLength(1);
    expect(list.body.data.data[0]).toMatchObject({ id: holder.id, client: { name: 'Cliente Filtrado' }, role: { id: 4 } });
    const byClient = await ctx.call('GET', '/api/users/client', { token: admin.token, query: { filters: { client: [holder.clientId] } } });
    expect(byClient.body.data.total).toBe(1);
    const admins = await ctx.call('GET', '/api/users', { token: admin.token, query: { per_page: 'Todos' } });
    expect(admins.body.data.data.some((row: { id: number }) => row.id === holder.id)).toBe(false);
    const csv = await ctx.call('GET', '/api/users/client/export', { token: admin.token, query: { search: 'V-77000111', type_format: 'csv' } });
    const rows = parse(String(csv.body).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ Identificación: 'V-77000111', Cliente: 'Cliente Filtrado', Tipo: 'Residencial', Teléfono: "'+58 (414)-1234567" });
    const ofClient = await ctx.call('GET', '/api/users/user-client', { token: admin.token, query: { client_id: holder.clientId } });
    expect(ofClient.body.data.map((row: { id: number }) => row.id)).toEqual([holder.id]);
  });
});

describe('GET /api/users', () => {
  it('filters by role and dates, sorts by role.name and count_closed_boxs, and hides client users', async () => {
    const analyst = await storeUser(adminForm({ role: 2, name: 'Analista Filtro' }));
    const byRole = await ctx.call('GET', '/api/users', { token: admin.token, query: { filters: { rol: [{ value: 2 }] }, per_page: 'Todos' } });
    expect(byRole.body.data.data.map((row: { id: number }) => row.id)).toContain(analyst);
    expect(byRole.body.data.data.every((row: { role: { id: number; name: string } }) => row.role.id === 2 && row.role.name === 'Analista')).toBe(true);
    const sorted = await ctx.call('GET', '/api/users', { token: admin.token, query: { sorter: { field: 'role.name', order: 'ascend' }, per_page: 'Todos' } });
    const names = sorted.body.data.data.map((row: { role: { name: string } }) => row.role.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    const closings = await ctx.call('GET', '/api/users', { token: admin.token, query: { sorter: { field: 'count_closed_boxs', order: 'descend' } } });
    expect(closings.status).toBe(200);
    expect(closings.body.data.data[0].count_closed_boxs).toBe(0);
    const today = new Date();
    const day = `${String(today.getDate()).padStart(2, '0')}-${String(today.getMonth() + 1).padStart(2, '0')}-${today.getFullYear()}`;
    const dated = await ctx.call('GET', '/api/users', { token: admin.token, query: { filters: { dates: ['01-01-2000', '31-12-2000'] } } });
    expect(dated.body.data.total).toBe(0);
    expect(day).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it('answers 403 without users and exports csv and xlsx, never pdf', async () => {
    const other = await ctx.staff({ permissions: ['clients'] });
    expect((await ctx.call('GET', '/api/users', { token: other.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/users/export', { token: other.token, query: { type_format: 'csv' } })).status).toBe(403);
    const xlsx = await ctx.call('GET', '/api/users/export', { token: admin.token, query: { type_format: 'xlsx' } });
    expect(xlsx.status).toBe(200);
    const pdf = await ctx.call('GET', '/api/users/export', { token: admin.token, query: { type_format: 'pdf' } });
    expect(pdf.body.errors.type_format).toEqual(['El formato de exportación debe ser csv o xlsx.']);
  });

  it('offers selects: all users, staff without the caller', async () => {
    const all = await ctx.call('GET', '/api/users/all-selects', { token: admin.token });
    expect(all.body.data.some((row: { id: number }) => row.id === admin.id)).toBe(true);
    const staff = await ctx.call('GET', '/api/users/selects', { token: admin.token });
    expect(staff.body.data.some((row: { id: number }) => row.id === admin.id)).toBe(false);
    const clientUser = await ctx.clientUser();
    expect((await ctx.call('GET', '/api/users/selects', { token: clientUser.token })).status).toBe(403);
  });
});

describe('access switch and delete', () => {
  it('switches access off (its sessions stop) but never for user 1 or oneself', async () => {
    const target = await ctx.staff();
    const off = await ctx.call('PATCH', '/api/users/disabled-access-user', { token: admin.token, body: { user_id: target.id, status: 0 } });
    expect(off).toMatchObject({ status: 200, body: { success: true } });
    expect((await ctx.call('POST', '/api/auth/me', { token: target.token })).status).toBe(401);
    const first = await ctx.call('PATCH', '/api/users/disabled-access-user', { token: admin.token, body: { user_id: 1, status: false } });
    expect(first.body.message).toBe('El acceso del usuario principal no se puede cambiar.');
    const self = await ctx.call('PATCH', '/api/users/disabled-access-user', { token: admin.token, body: { user_id: admin.id, status: false } });
    expect(self.body.message).toBe('No puedes cambiar el acceso de tu propio usuario.');
    const reader = await ctx.staff({ permissions: ['users'] });
    expect((await ctx.call('PATCH', '/api/users/disabled-access-user', { token: reader.token, body: { user_id: target.id, status: true } })).status).toBe(403);
  });

  it("deletes a user with 'Usuario eliminado', never user 1 or oneself", async () => {
    const target = await ctx.staff();
    expect(await ctx.call('DELETE', '/api/users/delete', { token: admin.token, body: { id: target.id } })).toMatchObject({
      status: 200,
      body: { message: 'Usuario eliminado' },
    });
    expect(await ctx.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(0);
    expect((await ctx.call('DELETE', '/api/users/delete', { token: admin.token, body: { id: 1 } })).body.message).toBe('El usuario principal no se puede eliminar.');
    expect((await ctx.call('DELETE', '/api/users/delete', { token: admin.token, body: { id: admin.id } })).body.message).toBe('No puedes eliminar tu propio usuario.');
    expect((await ctx.call('DELETE', '/api/users/delete', { token: admin.token, body: { id: 999999 } })).status).toBe(404);
    const noDelete = await ctx.staff({ permissions: ['users', 'edit_user'] });
    expect((await ctx.call('DELETE', '/api/users/delete', { token: noDelete.token, body: { id: target.id } })).status).toBe(403);
  });
});

describe('PUT /api/users/profile', () => {
  it('lets staff change name, e-mail and password', async () => {
    const me = await ctx.staff();
    const mail = email('perfil');
    const { status, body } = await ctx.call('PUT', '/api/users/profile', { token: me.token, body: { name: 'Perfil Nuevo', email: mail, password: 'Otra-clave-99', current_password: TEST_PASSWORD } });
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ name: 'Perfil Nuevo', email: mail });
    expect((await login(mail, 'Otra-clave-99')).status).toBe(200);
    const blank = await ctx.call('PUT', '/api/users/profile', { token: me.token, body: { name: '', email: 'malo' } });
    expect(blank.body.errors).toMatchObject({ name: ['El campo Nombre es obligatorio.'], email: ['El formato de Correo es inválido.'] });
    const taken = await ctx.call('PUT', '/api/users/profile', { token: me.token, body: { name: 'X', email: admin.email, current_password: 'Otra-clave-99' } });
    expect(taken.body.errors.email).toEqual(['El Correo ya está registrado.']);
  });

  it('lets a client user change e-mail, password, phones and address but never the name', async () => {
    const me = await ctx.clientUser();
    const [before] = await ctx.db.select().from(users).where(eq(users.id, me.id));
    const mail = email('cliente');
    const { status, body } = await ctx.call('PUT', '/api/users/profile', {
      token: me.token,
      body: { name: 'Intento de cambio', email: mail, phone: ['+58 (412)-7654321'], address: 'Nueva dirección', password: '', current_password: TEST_PASSWORD },
    });
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ name: before!.name, email: mail, phone: ['4127654321'], address: 'Nueva dirección' });
    const [client] = await ctx.db.select().from(clients).where(eq(clients.id, me.clientId!));
    expect(client).toMatchObject({ email: mail, phone: ['4127654321'], address: 'Nueva dirección' });
    expect((await login(mail, TEST_PASSWORD)).status).toBe(200);
    const badPhone = await ctx.call('PUT', '/api/users/profile', { token: me.token, body: { email: mail, phone: ['4121234'] } });
    expect(badPhone.body.errors['phone.0']).toEqual(['El formato de Teléfono es inválido']);
    const noPhone = await ctx.call('PUT', '/api/users/profile', { token: me.token, body: { email: mail, phone: [''] } });
    expect(noPhone.body.errors['phone.0']).toEqual(['El campo Teléfono es obligatorio.']);
  });

  it("refuses a client's new phone that another client already has, naming it, and keeps the phones she had", async () => {
    const me = await ctx.clientUser();
    const other = await ctx.clientUser();
    await ctx.db.update(clients).set({ phone: ['4161112233'] }).where(eq(clients.id, other.clientId!));
    const [mine] = await ctx.db.select().from(users).where(eq(users.id, me.id));
    const taken = await ctx.call('PUT', '/api/users/profile', { token: me.token, body: { email: mine!.email, phone: ['4125550000', '0416-111.22.33'] } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors['phone.1']).toEqual(['El teléfono +58 (416)-1112233 ya está registrado para otro cliente. Comunícate con la oficina para resolverlo.']);
    const [client] = await ctx.db.select().from(clients).where(eq(clients.id, me.clientId!));
    expect(client!.phone).not.toContain('4161112233');
    expect(client!.phone).not.toContain('4125550000');
    const free = await ctx.call('PUT', '/api/users/profile', { token: me.token, body: { email: mine!.email, phone: ['4125550000'] } });
    expect(free.status).toBe(200);
  });
});

describe('change_password confinement', () => {
  it('answers 403 everywhere except auth/me, auth/logout and auth/reset-password, which clears the flag', async () => {
    const flagged = await ctx.staff({ permissions: ['users', 'clients'], overrides: { changePassword: true } });
    const blocked = await ctx.call('GET', '/api/users', { token: flagged.token });
    expect(blocked).toMatchObject({ status: 403, body: { message: 'Debes cambiar tu contraseña antes de continuar.' } });
    expect((await ctx.call('PUT', '/api/users/profile', { token: flagged.token, body: { name: 'X', email: flagged.email } })).status).toBe(403);
    expect((await ctx.call('GET', '/api/clients', { token: flagged.token })).status).toBe(403);
    const me = await ctx.call('POST', '/api/auth/me', { token: flagged.token });
    expect(me.body.data.user.change_password).toBe(true);
    const mismatch = await ctx.call('POST', '/api/auth/reset-password', { token: flagged.token, body: { password: 'Nueva-clave-1', confirm_password: 'otra' } });
    expect(mismatch.body.errors.confirm_password).toEqual(['* Las contraseñas no coinciden']);
    const reset = await ctx.call('POST', '/api/auth/reset-password', { token: flagged.token, body: { password: 'Nueva-clave-1', confirm_password: 'Nueva-clave-1' } });
    expect(reset.status).toBe(200);
    expect((await ctx.call('GET', '/api/users', { token: flagged.token })).status).toBe(200);
    expect((await login(flagged.email, 'Nueva-clave-1')).status).toBe(200);
    const other = await ctx.staff();
    const notFlagged = await ctx.call('POST', '/api/auth/reset-password', { token: other.token, body: { password: 'Nueva-clave-1', confirm_password: 'Nueva-clave-1' } });
    expect(notFlagged.body.message).toBe('Error! El token no pertenece a ningún usuario');
    const logout = await ctx.staff({ overrides: { changePassword: true } });
    expect((await ctx.call('POST', '/api/auth/logout', { token: logout.token })).status).toBe(200);
  });
});
