import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { ClientRow } from '@recaudo/domain/clients';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { addressesPayments } from '../addresses-payment/tables';
import { auditLogs } from '../logs/tables';
import { outbox } from '../messages/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { users } from '../users/tables';
import { escapeCell } from '../../platform/export';
import { clientExportColumns } from './presenter';
import { clientNotes, clients } from './tables';

let ctx: TestContext;
let admin: TestUser;
let seq = 0;
const nextId = () => String(20_000_000 + seq++);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['clients', 'add_client', 'edit_client', 'delete_client', 'export_clients', 'logs'] });
});
afterAll(() => ctx.close());

const residential = (overrides: Record<string, unknown> = {}) => ({
  type: 0,
  name: 'José Gregorio Hernández',
  identification_type: 'V',
  identification: nextId(),
  email: 'jose@correo.test',
  phone: ['+58 (414)-1234567', '04241234567'],
  gender: 'M',
  birth_date: '1980-05-10',
  address: 'Calle 5, Casa 10',
  notes: 'Cliente referido por la comunidad',
  ...overrides,
});

async function store(body: Record<string, unknown>, token = admin.token) {
  const answer = await ctx.call('POST', '/api/clients/store', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as number;
}

describe('POST /api/clients/store', () => {
  it('creates a residential client with normalized phones, the creation note and an audit entry', async () => {
    const body = residential();
    const id = await store(body);
    const [stored] = await ctx.db.select().from(clients).where(eq(clients.id, id));
    expect(stored).toMatchObject({ type: 0, name: body.name, identificationType: 'V', phone: ['4141234567', '4241234567'], gender: 'M', birthDate: '1980-05-10', createdBy: admin.id });
    const notes = await ctx.db.select().from(clientNotes).where(eq(clientNotes.clientId, id));
    expect(notes.map((note) => note.note)).toEqual(['Cliente referido por la comunidad']);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'clients'), eq(auditLogs.subjectId, id), eq(auditLogs.description, 'created')));
    expect(entry?.causerId).toBe(admin.id);
  });

  it('answers every required field with the spec messages', async () => {
    const { status, body } = await ctx.call('POST', '/api/clients/store', { token: admin.token, body: { type: 0 } });
    expect(status).toBe(422);
    expect(body.errors).toMatchObject({
      name: ['El campo Nombre es obligatorio.'],
      identification_type: ['El campo Tipo de identificación es obligatorio.'],
      identification: ['El campo Identificación es obligatorio.'],
      email: ['El campo Correo es obligatorio.'],
      phone: ['El campo Teléfonos no debe estar vacio.'],
    });
  });

  it('refuses an empty phone list, a blank phone and a phone outside the pattern', async () => {
    const empty = await ctx.call('POST', '/api/clients/store', { token: admin.token, body: residential({ phone: [] }) });
    expect(empty.body).toMatchObject({ success: false, message: 'El campo Teléfonos no debe estar vacio.' });
    const bad = await ctx.call('POST', '/api/clients/store', { token: admin.token, body: residential({ phone: ['4141234567', '4131234567', ''] }) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['phone.1']).toEqual(['El formato de Teléfono es inválido']);
    expect(bad.body.errors['phone.2']).toEqual(['El campo Teléfono es obligatorio.']);
    const landline = await ctx.call('POST', '/api/clients/store', { token: admin.token, body: residential({ phone: ['2731234567'] }) });
    expect(landline.status).toBe(200);
  });

  it('checks the e-mail format and the identification digits', async () => {
    const { body } = await ctx.call('POST', '/api/clients/store', { token: admin.token, body: residential({ email: 'no-es-correo', identification: '12.5' }) });
    expect(body.errors.email).toEqual(['El formato de Correo es inválido.']);
    expect(body.errors.identification).toEqual(['El campo Identificación solo debe contener dígitos.']);
  });

  it('allows V/E/S for residential and J/G/FP/C for commercial clients', async () => {
    const wrongPerson = await ctx.call('POST', '/api/clients/store', { token: admin.token, body: residential({ identification_type: 'J' }) });
    expect(wrongPerson.body.errors.identification_type).toEqual(['El Tipo de identificación no corresponde a un cliente residencial (V, E o S).']);
    const wrongBusiness = await ctx.call('POST', '/api/clients/store', {
      token: admin.token,
      body: residential({ type: 1, identification_type: 'V', name: 'Inversiones XYZ' }),
    });
    expect(wrongBusiness.body.errors.identification_type).toEqual(['El Tipo de identificación no corresponde a un cliente comercial (J, G, FP o C).']);
    for (const type of ['E', 'S']) await store(residential({ identification_type: type }));
    for (const type of ['J', 'G', 'FP', 'C']) await store(residential({ type: 1, identification_type: type, gender: null, birth_date: null }));
  });

  it('keeps gender and birth date only for residential clients and refuses a birth date in the future', async () => {
    const id = await store(residential({ type: 1, identification_type: 'J', gender: 'F', birth_date: '1990-01-01' }));
    const [stored] = await ctx.db.select().from(clients).where(eq(clients.id, id));
    expect(stored).toMatchObject({ gender: null, birthDate: null });
    const future = await ctx.call('POST', '/api/clients/store', { token: admin.token, body: residential({ birth_date: '2999-01-01' }) });
    expect(future.body.errors.birth_date).toEqual(['El campo Fecha de nacimiento debe ser una fecha anterior o igual a hoy.']);
    const gender = await ctx.call('POST', '/api/clients/store', { token: admin.token, body: residential({ gender: 'X' }) });
    expect(gender.body.errors.gender).toEqual(['El campo Género es inválido.']);
  });

  it('refuses a second client with the same identification type and number', async () => {
    const identification = nextId();
    await store(residential({ identification }));
    const again = await ctx.call('POST', '/api/clients/store', { token: admin.token, body: residential({ identification }) });
    expect(again).toMatchObject({ status: 422, body: { errors: { identification: [`Ya existe un cliente con la identificación V-${identification}.`] } } });
    await store(residential({ identification, identification_type: 'E' }));
  });

  it('needs add_client', async () => {
    const reader = await ctx.staff({ permissions: ['clients'] });
    expect((await ctx.call('POST', '/api/clients/store', { token: reader.token, body: residential() })).status).toBe(403);
  });
});

describe('PUT /api/clients/update and change-status, DELETE /api/clients/delete', () => {
  it('updates a client, never its type nor its notes, and logs old and new values', async () => {
    const id = await store(residential({ name: 'Ana Viejo' }));
    const update = { id, name: 'Ana Nuevo', identification_type: 'V', identification: nextId(), email: 'ana@correo.test', phone: ['4161112233'], gender: 'F', birth_date: '1970-01-01', notes: 'ignorada' };
    expect(await ctx.call('PUT', '/api/clients/update', { token: admin.token, body: update })).toMatchObject({ status: 200, body: { message: 'Cliente actualizado' } });
    const [stored] = await ctx.db.select().from(clients).where(eq(clients.id, id));
    expect(stored).toMatchObject({ name: 'Ana Nuevo', phone: ['4161112233'], gender: 'F' });
    expect(await ctx.db.select().from(clientNotes).where(eq(clientNotes.clientId, id))).toHaveLength(1);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'clients'), eq(auditLogs.subjectId, id), eq(auditLogs.description, 'updated')));
    expect(entry?.properties.old).toMatchObject({ name: 'Ana Viejo' });
    expect(entry?.properties.attributes).toMatchObject({ name: 'Ana Nuevo' });
    const typeChange = await ctx.call('PUT', '/api/clients/update', { token: admin.token, body: { ...update, type: 1, identification_type: 'J' } });
    expect(typeChange.body.errors.type).toEqual(['El tipo de cliente no se puede cambiar.']);
    const wrongType = await ctx.call('PUT', '/api/clients/update', { token: admin.token, body: { ...update, identification_type: 'G' } });
    expect(wrongType.body.errors.identification_type).toEqual(['El Tipo de identificación no corresponde a un cliente residencial (V, E o S).']);
    const noPhones = await ctx.call('PUT', '/api/clients/update', { token: admin.token, body: { ...update, phone: [] } });
    expect(noPhones.body.message).toBe('El campo Teléfonos no debe estar vacio.');
  });

  it('refuses an identification taken by another client on update', async () => {
    const identification = nextId();
    await store(residential({ identification }));
    const id = await store(residential());
    const clash = await ctx.call('PUT', '/api/clients/update', { token: admin.token, body: { ...residential({ identification }), id } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors.identification[0]).toContain('Ya existe un cliente');
  });

  it('toggles the active flag with edit_client only', async () => {
    const id = await store(residential());
    const viewer = await ctx.staff({ permissions: ['clients'] });
    expect((await ctx.call('PUT', '/api/clients/change-status', { token: viewer.token, body: { id, active: false } })).status).toBe(403);
    expect((await ctx.call('PUT', '/api/clients/change-status', { token: admin.token, body: { id, active: false } })).status).toBe(200);
    const [stored] = await ctx.db.select().from(clients).where(eq(clients.id, id));
    expect(stored?.active).toBe(false);
  });

  it('deletes a client with its notes and users, with delete_client only', async () => {
    const clientUser = await ctx.clientUser();
    const id = clientUser.clientId!;
    const viewer = await ctx.staff({ permissions: ['clients', 'edit_client'] });
    expect((await ctx.call('DELETE', '/api/clients/delete', { token: viewer.token, body: { id } })).status).toBe(403);
    expect(await ctx.call('DELETE', '/api/clients/delete', { token: admin.token, body: { id } })).toMatchObject({ status: 200, body: { message: 'Cliente eliminado' } });
    expect(await ctx.db.select().from(users).where(eq(users.id, clientUser.id))).toHaveLength(0);
    expect((await ctx.call('DELETE', '/api/clients/delete', { token: admin.token, body: { id } })).status).toBe(404);
  });
});

describe('GET /api/clients', () => {
  it('lists with search, type selector, filters, sorter and paging', async () => {
    const tag = `Lista${Date.now()}`;
    await store(residential({ name: `${tag} Alfa`, gender: 'F' }));
    await store(residential({ name: `${tag} Beta` }));
    await store(residential({ name: `${tag} Gamma`, type: 1, identification_type: 'J' }));
    const all = await ctx.call('GET', '/api/clients', { token: admin.token, query: { search: tag } });
    expect(all.body.data.total).toBe(3);
    const business = await ctx.call('GET', '/api/clients', { token: admin.token, query: { search: tag, type: 1 } });
    expect(business.body.data.data.map((row: { name: string }) => row.name)).toEqual([`${tag} Gamma`]);
    const women = await ctx.call('GET', '/api/clients', { token: admin.token, query: { search: tag, filters: { gender: 'F' } } });
    expect(women.body.data.data.map((row: { name: string }) => row.name)).toEqual([`${tag} Alfa`]);
    const sorted = await ctx.call('GET', '/api/clients', { token: admin.token, query: { search: tag, sorter: { field: 'name', order: 'descend' }, per_page: 2 } });
    expect(sorted.body.data).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    expect(sorted.body.data.data.map((row: { name: string }) => row.name)).toEqual([`${tag} Gamma`, `${tag} Beta`]);
    const row = sorted.body.data.data[1];
    expect(row).toMatchObject({ type: 0, phone: ['4141234567', '4241234567'], count_payments: 0, addresses_payments: [], user: null });
    expect(row.age).toBeGreaterThan(40);
  });

  it('searches by identification with its prefix, by part of the bare number and by e-mail', async () => {
    const identification = nextId();
    await store(residential({ identification, identification_type: 'E', email: `buzon.${identification}@correo.test` }));
    for (const search of [`E-${identification}`, identification.slice(2), `buzon.${identification}@`]) {
      const found = await ctx.call('GET', '/api/clients', { token: admin.token, query: { search } });
      expect({ search, total: found.body.data.total }).toEqual({ search, total: 1 });
    }
  });

  it('answers 403 to staff without clients and to client users', async () => {
    const other = await ctx.staff({ permissions: ['users'] });
    const clientUser = await ctx.clientUser();
    for (const token of [other.token, clientUser.token]) expect((await ctx.call('GET', '/api/clients', { token })).status).toBe(403);
  });
});

describe('GET /api/clients/{id}', () => {
  it('answers the client with its user, dates and rates', async () => {
    const clientUser = await ctx.clientUser({ name: 'Detalle Uno', phone: ['4141234567'] });
    const { status, body } = await ctx.call('GET', `/api/clients/${clientUser.clientId}`, { token: admin.token });
    expect(status).toBe(200);
    expect(body.data.client).toMatchObject({ id: clientUser.clientId, name: 'Detalle Uno', user: { id: clientUser.id, email: clientUser.email } });
    expect(body.data.date_now).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.data.dollar_rate).toMatch(/^\d+\.\d{2}$/);
    expect(body.data.euro_rate).toMatch(/^\d+\.\d{2}$/);
    expect((await ctx.call('GET', '/api/clients/999999', { token: admin.token })).body.message).toBe('No se ha encontrado el usuario');
  });

  it("answers what the client owes per address, as her statement says it", async () => {
    const clientUser = await ctx.clientUser({ name: 'Detalle Deuda' });
    const [state] = await ctx.db.insert(states).values({ name: 'Estado Deuda' }).returning();
    const [municipality] = await ctx.db.insert(municipalities).values({ name: 'Municipio Deuda', stateId: state!.id }).returning();
    const [parish] = await ctx.db.insert(parishes).values({ name: 'Parroquia Deuda', municipalityId: municipality!.id, dateStart: '2026-01-01' }).returning();
    const [community] = await ctx.db.insert(communities).values({ name: 'Comunidad Deuda', parishId: parish!.id, fee: '5.00', dateStart: '2026-01-01' }).returning();
    const office = await ctx.staff({ roleId: ADMIN_ROLE_ID });
    const stored = await ctx.call('POST', '/api/addresses-payment/store', {
      token: office.token,
      body: { client_id: clientUser.clientId, type: 0, address: 'Calle Deuda 1', state_id: state!.id, municipality_id: municipality!.id, parish_id: parish!.id, community_id: community!.id },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const detail = await ctx.call('GET', `/api/clients/${clientUser.clientId}`, { token: admin.token });
    const statement = await ctx.call('GET', `/api/clients/statement/${clientUser.clientId}`, { token: admin.token });
    expect(statement.status).toBe(200);
    const { debts } = detail.body.data;
    expect(debts.addresses).toHaveLength(1);
    expect(debts.months_owed).toBeGreaterThan(0);
    expect({ months: debts.months_owed, usd: debts.owed_usd, bs: debts.owed_bs }).toEqual({ months: statement.body.data.months_owed, usd: statement.body.data.owed_usd, bs: statement.body.data.owed_bs });
  });

  it('lets a client user read only their own client: any other id is 404', async () => {
    const mine = await ctx.clientUser();
    const theirs = await ctx.clientUser();
    expect((await ctx.call('GET', `/api/clients/${mine.clientId}`, { token: mine.token })).status).toBe(200);
    expect((await ctx.call('GET', `/api/clients/${theirs.clientId}`, { token: mine.token })).status).toBe(404);
    const options = await ctx.call('GET', '/api/clients/all-clients', { token: mine.token });
    expect(options.body.data.map((row: { id: number }) => row.id)).toEqual([mine.clientId]);
  });
});

describe('selects', () => {
  it('select, selects/data and all-clients search by name and type', async () => {
    const tag = `Sel${Date.now()}`;
    await store(residential({ name: `${tag} Casa` }));
    await store(residential({ name: `${tag} Empresa`, type: 1, identification_type: 'G' }));
    const data = await ctx.call('GET', '/api/clients/selects/data', { token: admin.token, query: { search: tag, type: 1 } });
    expect(data.body.data.map((row: { name: string }) => row.name)).toEqual([`${tag} Empresa`]);
    const select = await ctx.call('GET', '/api/clients/select', { token: admin.token, query: { search: tag } });
    expect(select.body.data).toHaveLength(2);
    const all = await ctx.call('GET', '/api/clients/all-clients', { token: admin.token });
    expect(all.body.data.length).toBeGreaterThanOrEqual(2);
  });
});

describe('PUT /api/clients/update-contact-info', () => {
  it('updates e-mail and phones; a client user updates only their own client', async () => {
    const mine = await ctx.clientUser();
    const theirs = await ctx.clientUser();
    const own = await ctx.call('PUT', '/api/clients/update-contact-info', { token: mine.token, body: { email: 'nuevo@correo.test', phone: ['04261234567'] } });
    expect(own.status).toBe(200);
    const [stored] = await ctx.db.select().from(clients).where(eq(clients.id, mine.clientId!));
    expect(stored).toMatchObject({ email: 'nuevo@correo.test', phone: ['4261234567'] });
    const other = await ctx.call('PUT', '/api/clients/update-contact-info', { token: mine.token, body: { id: theirs.clientId, email: 'x@correo.test', phone: ['4261234567'] } });
    expect(other.status).toBe(404);
    const staff = await ctx.call('PUT', '/api/clients/update-contact-info', { token: admin.token, body: { id: theirs.clientId, email: 'y@correo.test', phone: [] } });
    expect(staff.body.message).toBe('El campo Teléfonos no debe estar vacio.');
  });
});

describe('notes', () => {
  it('adds, lists with search and paging, edits and deletes notes; text is required', async () => {
    const id = await store(residential({ notes: null }));
    const missing = await ctx.call('POST', '/api/clients/notes-client', { token: admin.token, body: { client_id: id, note: '  ' } });
    expect(missing.body.errors.note).toEqual(['El campo Nota es obligatorio.']);
    const ids: number[] = [];
    for (const note of ['Primera visita', 'Llamar el lunes', 'Pagó en efectivo']) {
      const created = await ctx.call('POST', '/api/clients/notes-client', { token: admin.token, body: { client_id: id, note } });
      ids.push(created.body.data.id);
    }
    const page = await ctx.call('GET', `/api/clients/notes-client/${id}`, { token: admin.token, query: { per_page: 2 } });
    expect(page.body.data).toMatchObject({ total: 3, last_page: 2 });
    expect(page.body.data.data[0].user).toMatchObject({ id: admin.id });
    const found = await ctx.call('GET', `/api/clients/notes-client/${id}`, { token: admin.token, query: { search: 'lunes' } });
    expect(found.body.data.data.map((row: { note: string }) => row.note)).toEqual(['Llamar el lunes']);
    expect((await ctx.call('PUT', '/api/clients/notes-client', { token: admin.token, body: { id: ids[0], note: 'Segunda visita' } })).status).toBe(200);
    expect((await ctx.call('PUT', '/api/clients/notes-client', { token: admin.token, body: { id: ids[0], note: '' } })).status).toBe(422);
    expect((await ctx.call('DELETE', '/api/clients/notes-client', { token: admin.token, body: { id: ids[1] } })).body.message).toBe('Nota eliminada');
    const after = await ctx.db.select().from(clientNotes).where(eq(clientNotes.clientId, id));
    expect(after.map((row) => row.note).sort()).toEqual(['Pagó en efectivo', 'Segunda visita']);
    const logged = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'notes'), eq(auditLogs.subjectId, id)));
    expect(logged.map((row) => row.description).sort()).toEqual(['created', 'created', 'created', 'deleted', 'updated']);
  });
});

describe('client users of a client', () => {
  it('lists, updates and deletes the users of a client', async () => {
    const clientUser = await ctx.clientUser();
    const list = await ctx.call('GET', `/api/clients/users-client/${clientUser.clientId}`, { token: admin.token });
    expect(list.body.data.data.map((row: { id: number }) => row.id)).toEqual([clientUser.id]);
    const update = await ctx.call('PUT', '/api/clients/users-client', { token: admin.token, body: { id: clientUser.id, name: 'Nombre Nuevo', email: clientUser.email, active: true } });
    expect(update.status).toBe(200);
    expect((await ctx.db.select().from(users).where(eq(users.id, clientUser.id)))[0]?.name).toBe('Nombre Nuevo');
    expect((await ctx.call('DELETE', '/api/clients/users-client', { token: admin.token, body: { id: admin.id } })).status).toBe(422);
    expect((await ctx.call('DELETE', '/api/clients/users-client', { token: admin.token, body: { id: clientUser.id } })).status).toBe(200);
  });
});

describe('POST /api/clients/send-message', () => {
  it('queues one e-mail per valid recipient, drops invalid items and logs send_message', async () => {
    const withEmail = await ctx.clientUser({ email: 'destino@correo.test', phone: ['4141234567'] });
    const { status, body } = await ctx.call('POST', '/api/clients/send-message', {
      token: admin.token,
      body: { type: 'email', title: 'Aviso', message: 'Su pago vence pronto', items: ['otro@correo.test', 'no-es-correo', withEmail.clientId] },
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ sent: 2, dropped: 1 });
    const queued = await ctx.db.select().from(outbox).where(eq(outbox.subject, 'Aviso'));
    expect(queued.map((row) => row.to).sort()).toEqual(['destino@correo.test', 'otro@correo.test']);
    expect(queued[0]).toMatchObject({ channel: 'email', status: 'pending', bodyText: 'Su pago vence pronto' });
    const [entry] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.description, 'send_message'));
    expect(entry?.causerId).toBe(admin.id);
  });

  it('sends SMS to 0 plus the first phone and drops numbers outside the pattern', async () => {
    const client = await ctx.clientUser({ phone: ['4261112233', '4143334455'] });
    const { body } = await ctx.call('POST', '/api/clients/send-message', {
      token: admin.token,
      body: { type: 'phone', message: 'Recordatorio de pago', items: [client.clientId, '04125556677', '04135556677', '2731234567'] },
    });
    expect(body.data).toEqual({ sent: 3, dropped: 1 });
    const queued = await ctx.db.select().from(outbox).where(eq(outbox.bodyText, 'Recordatorio de pago'));
    expect(queued.map((row) => row.to).sort()).toEqual(['02731234567', '04125556677', '04261112233']);
    expect(queued.every((row) => row.channel === 'sms')).toBe(true);
  });

  it('answers the spec messages for a client without phone or e-mail, and validates the form', async () => {
    const bare = await ctx.clientUser({ email: null, phone: [] });
    const phone = await ctx.call('POST', '/api/clients/send-message', { token: admin.token, body: { type: 'phone', message: 'Hola', items: [bare.clientId] } });
    expect(phone).toMatchObject({ status: 422, body: { message: 'El cliente no tiene un teléfono registrado' } });
    const email = await ctx.call('POST', '/api/clients/send-message', { token: admin.token, body: { type: 'email', title: 'T', message: 'Hola', items: [bare.clientId] } });
    expect(email.body.message).toBe('El cliente no tiene un correo registrado');
    const empty = await ctx.call('POST', '/api/clients/send-message', { token: admin.token, body: { type: 'email', items: [] } });
    expect(empty.body.errors).toMatchObject({ items: ['El campo Destinatarios es obligatorio.'], message: ['El campo Mensaje es obligatorio.'] });
    const noTitle = await ctx.call('POST', '/api/clients/send-message', { token: admin.token, body: { type: 'email', message: 'Hola', items: ['a@correo.test'] } });
    expect(noTitle.body.errors).toEqual({ title: ['El campo Título es obligatorio.'] });
    const noType = await ctx.call('POST', '/api/clients/send-message', { token: admin.token, body: { message: 'x', items: ['a@b.co'] } });
    expect(noType.body.errors.type).toEqual(['El campo Tipo es obligatorio.']);
    const allBad = await ctx.call('POST', '/api/clients/send-message', { token: admin.token, body: { type: 'phone', message: 'x', items: ['123'] } });
    expect(allBad.body.message).toBe('Ningún destinatario tiene un formato válido.');
  });
});

describe('GET /api/clients/export/data', () => {
  it('streams a CSV of the filtered list with formatted cells, with export_clients only', async () => {
    const tag = `Exp${Date.now()}`;
    await store(residential({ name: `${tag} Uno`, phone: ['4141234567'] }));
    const csv = await ctx.call('GET', '/api/clients/export/data', { token: admin.token, query: { search: tag, type_format: 'csv' } });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-disposition'])).toContain('Clientes.csv');
    const rows = parse(String(csv.body).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Nombre: `${tag} Uno`, Tipo: 'Residencial', Teléfonos: "'+58 (414)-1234567", Estatus: 'Activo' });
    const pdf = await ctx.call('GET', '/api/clients/export/data', { token: admin.token, query: { search: tag, type_format: 'pdf' } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const viewer = await ctx.staff({ permissions: ['clients'] });
    expect((await ctx.call('GET', '/api/clients/export/data', { token: viewer.token, query: { type_format: 'csv' } })).status).toBe(403);
  });

  it('writes the cells of the rows the list shows, in the list order', async () => {
    const tag = `Celdas${Date.now()}`;
    await store(residential({ name: `${tag} Uno` }));
    await store(residential({ name: `${tag} Dos`, gender: null, birth_date: null, address: '=Calle 9', phone: ['04121234567'] }));
    await store(residential({ name: `${tag} Tres`, identification_type: 'E' }));
    const list = await ctx.call('GET', '/api/clients', { token: admin.token, query: { search: tag, per_page: 10 } });
    const shown = list.body.data.data as ClientRow[];
    expect(shown).toHaveLength(3);
    const csv = await ctx.call('GET', '/api/clients/export/data', { token: admin.token, query: { search: tag, type_format: 'csv' } });
    const [header, ...cells] = parse(String(csv.body).replace(/^\uFEFF/, '')) as string[][];
    expect(header).toEqual(clientExportColumns.map((column) => column.header));
    expect(cells).toEqual(shown.map((row) => clientExportColumns.map((column) => String(escapeCell(column.value(row))))));
    expect(cells[1]).toContain("'=Calle 9");
  });
});

describe('audit log subject', () => {
  it('shows the current client data in Historial de cambios', async () => {
    const id = await store(residential({ name: 'Historial Cliente' }));
    const { body } = await ctx.call('GET', '/api/logs', { token: admin.token, query: { filters: { subject_type: 'clients', subject_id: id } } });
    const created = body.data.data.find((row: { description: string; log_name: string }) => row.log_name === 'clients' && row.description === 'created');
    expect(created.subject).toMatchObject({ id, name: 'Historial Cliente' });
  });
});

describe('clients through their payment addresses', () => {
  it('filter by the location or activity of any address and name the addresses in each row', async () => {
    const [state] = await ctx.db.insert(states).values({ name: 'Lara' }).returning();
    const [municipality] = await ctx.db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
    const [parish] = await ctx.db.insert(parishes).values({ name: 'Concepción', municipalityId: municipality!.id, dateStart: '2024-01-01' }).returning();
    const [east] = await ctx.db.insert(communities).values({ name: 'Este', parishId: parish!.id, fee: '4.00', dateStart: '2024-01-01' }).returning();
    const [west] = await ctx.db.insert(communities).values({ name: 'Oeste', parishId: parish!.id, fee: '4.00', dateStart: '2024-01-01' }).returning();
    const tag = `Loc${Date.now()}`;
    const inEast = await store(residential({ name: `${tag} Este` }));
    const inWest = await store(residential({ name: `${tag} Oeste` }));
    const location = { stateId: state!.id, municipalityId: municipality!.id, parishId: parish!.id };
    await ctx.db.insert(addressesPayments).values([
      { clientId: inEast, type: 0, address: 'Calle 1', ...location, communityId: east!.id },
      { clientId: inEast, type: 0, address: 'Calle 2', ...location, communityId: west!.id },
      { clientId: inWest, type: 0, address: 'Calle 3', ...location, communityId: west!.id },
    ]);
    const names = async (filters: Record<string, unknown>) => {
      const answer = await ctx.call('GET', '/api/clients', { token: admin.token, query: { search: tag, filters } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.data.map((row: { name: string }) => row.name).sort();
    };
    expect(await names({ community: [east!.id] })).toEqual([`${tag} Este`]);
    expect(await names({ community: [west!.id] })).toEqual([`${tag} Este`, `${tag} Oeste`]);
    expect(await names({ parish: parish!.id, state: [state!.id] })).toEqual([`${tag} Este`, `${tag} Oeste`]);
    expect(await names({ economic_activity: [999_999] })).toEqual([]);
    const list = await ctx.call('GET', '/api/clients', { token: admin.token, query: { search: `${tag} Este` } });
    expect(list.body.data.data[0].addresses_payments).toEqual([
      { id: expect.any(Number), type: 0, address: 'Calle 1' },
      { id: expect.any(Number), type: 0, address: 'Calle 2' },
    ]);
  });
});
