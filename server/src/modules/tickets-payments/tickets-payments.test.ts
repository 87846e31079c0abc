import { and, desc, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketMessages } from '@recaudo/domain/tickets';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { insertPayment } from '../../../test/payment-fixture';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { auditLogs } from '../logs/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { ticketsDelivered } from './tables';

let ctx: TestContext;
let admin: TestUser;
const place = { state: 0, municipality: 0, parish: 0, community: 0, otherState: 0, otherMunicipality: 0, otherParish: 0, activity: 0 };
const people = { person: 0, company: 0 };
const address = { home: 0, shop: 0, other: 0 };

const ALL = ['tickets_payments', 'add_tickets_payment', 'edit_tickets_payment', 'delete_tickets_payment', 'export_tickets_payments', 'clients'] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: [...ALL] });
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Mérida' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Libertador', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Arias', municipalityId: municipality!.id, dateStart: '2024-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Los Pinos', parishId: parish!.id, fee: '5.00', dateStart: '2025-01-01' }).returning();
  const [otherState] = await db.insert(states).values({ name: 'Zulia' }).returning();
  const [otherMunicipality] = await db.insert(municipalities).values({ name: 'Maracaibo', stateId: otherState!.id }).returning();
  const [otherParish] = await db.insert(parishes).values({ name: 'Bolívar', municipalityId: otherMunicipality!.id, dateStart: '2024-01-01' }).returning();
  const [group] = await db.insert(activityGroups).values({ name: 'Comercio' }).returning();
  const [activity] = await db.insert(economicActivities).values({ name: 'Bodega', activityGroupId: group!.id, fee: '20.00' }).returning();
  Object.assign(place, {
    state: state!.id,
    municipality: municipality!.id,
    parish: parish!.id,
    community: community!.id,
    otherState: otherState!.id,
    otherMunicipality: otherMunicipality!.id,
    otherParish: otherParish!.id,
    activity: activity!.id,
  });
  const [person] = await db.insert(clients).values({ type: 0, name: 'Ana Pérez', identificationType: 'V', identification: '12345678' }).returning();
  const [company] = await db.insert(clients).values({ type: 1, name: 'Bodega El Sol', identificationType: 'J', identification: '40000001' }).returning();
  Object.assign(people, { person: person!.id, company: company!.id });
  const [home] = await db
    .insert(addressesPayments)
    .values({ clientId: person!.id, type: 0, address: 'Calle 1', stateId: state!.id, municipalityId: municipality!.id, parishId: parish!.id, communityId: community!.id })
    .returning();
  const [shop] = await db
    .insert(addressesPayments)
    .values({ clientId: company!.id, type: 1, address: 'Local 4', stateId: state!.id, municipalityId: municipality!.id, parishId: parish!.id, economicActivityId: activity!.id })
    .returning();
  const [other] = await db
    .insert(addressesPayments)
    .values({ clientId: company!.id, type: 1, address: 'Galpón 9', stateId: otherState!.id, municipalityId: otherMunicipality!.id, parishId: otherParish!.id, economicActivityId: activity!.id })
    .returning();
  Object.assign(address, { home: home!.id, shop: shop!.id, other: other!.id });
});
afterAll(() => ctx.close());

const series = (overrides: Record<string, unknown> = {}) => ({ name: 'Serie A', color: '#1677FF', validity_date: '2030-12-31', ...overrides });

async function store(body: Record<string, unknown>): Promise<number> {
  const answer = await ctx.call('POST', '/api/tickets-payments/store', { token: admin.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as number;
}

const list = async (query: Record<string, unknown> = {}, token = admin.token) => {
  const answer = await ctx.call('GET', '/api/tickets-payments', { token, query: { per_page: 50, ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.data as { id: number; name: string; color: string; status: boolean; validity_date: string; count_tickets_delivered: number }[];
};

const assign = (addressId: number, ids: unknown, token = admin.token) =>
  ctx.call('POST', '/api/addresses-payment/assign-tickets', { token, body: { address_payment_id: addressId, tickets_payment_ids: ids } });

const lastAudit = async (module: string, subjectId: number) =>
  (await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, module), eq(auditLogs.subjectId, subjectId))).orderBy(desc(auditLogs.id)))[0];

describe('POST /api/tickets-payments/store and PUT update', () => {
  it('answers the spec messages for missing and malformed fields', async () => {
    const empty = await ctx.call('POST', '/api/tickets-payments/store', { token: admin.token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ['El campo Nombre es obligatorio.'],
      color: ['El campo Color es obligatorio.'],
      validity_date: ['El campo Fecha de vencimiento es obligatorio.'],
    });
    const bad = await ctx.call('POST', '/api/tickets-payments/store', { token: admin.token, body: series({ color: 'azul', validity_date: '2026-02-30' }) });
    expect(bad.body.errors).toEqual({ color: ['El formato de Color es inválido.'], validity_date: ['El formato de Fecha de vencimiento es inválido.'] });
    const dayFirst = await ctx.call('POST', '/api/tickets-payments/store', { token: admin.token, body: series({ validity_date: '31-12-2030' }) });
    expect(dayFirst.body.errors).toEqual({ validity_date: ['El formato de Fecha de vencimiento es inválido.'] });
  });

  it('creates an active series with its colour in lower case, refuses a repeated name and audits', async () => {
    const id = await store(series({ name: 'Creación' }));
    const [row] = await list({ search: 'creac' });
    expect(row).toMatchObject({ id, name: 'Creación', color: '#1677ff', status: true, validity_date: '2030-12-31', count_tickets_delivered: 0 });
    const again = await ctx.call('POST', '/api/tickets-payments/store', { token: admin.token, body: series({ name: 'CREACIÓN' }) });
    expect(again).toMatchObject({ status: 422, body: { message: ticketMessages.duplicateName, errors: { name: [ticketMessages.duplicateName] } } });
    expect(await lastAudit('tickets_payments', id)).toMatchObject({ description: 'created', causerId: admin.id, properties: { attributes: { name: 'Creación', color: '#1677ff', status: true } } });
  });

  it('updates and audits only the changed fields; an unknown id is 404', async () => {
    const id = await store(series({ name: 'Edición' }));
    const updated = await ctx.call('PUT', '/api/tickets-payments/update', { token: admin.token, body: { ...series({ name: 'Edición' }), id, validity_date: '2031-01-15' } });
    expect(updated).toMatchObject({ status: 200, body: { message: 'Ticket de pago actualizado' } });
    expect(await lastAudit('tickets_payments', id)).toMatchObject({
      description: 'updated',
      properties: { old: { validity_date: '2030-12-31' }, attributes: { validity_date: '2031-01-15' } },
    });
    const missing = await ctx.call('PUT', '/api/tickets-payments/update', { token: admin.token, body: { ...series({ name: 'Nada' }), id: 999_999 } });
    expect(missing).toMatchObject({ status: 404, body: { message: ticketMessages.notFound } });
  });
});

describe('PATCH /api/tickets-payments/change-status', () => {
  it('switches the status and audits the old and new value', async () => {
    const id = await store(series({ name: 'Estado' }));
    const off = await ctx.call('PATCH', '/api/tickets-payments/change-status', { token: admin.token, body: { id, status: false } });
    expect(off).toMatchObject({ status: 200, body: { message: 'Estatus del ticket de pago actualizado' } });
    expect((await list({ search: 'Estado' }))[0]?.status).toBe(false);
    expect(await lastAudit('tickets_payments', id)).toMatchObject({ properties: { old: { status: true }, attributes: { status: false } } });
    const bad = await ctx.call('PATCH', '/api/tickets-payments/change-status', { token: admin.token, body: { id } });
    expect(bad.body.errors).toEqual({ status: ['El campo Estado es obligatorio.'] });
  });
});

describe('permissions', () => {
  it('answers 403 per route without its permission, and to client users', async () => {
    const reader = await ctx.staff({ permissions: ['tickets_payments'] });
    const nobody = await ctx.staff();
    const client = await ctx.clientUser();
    expect((await ctx.call('GET', '/api/tickets-payments', { token: nobody.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/tickets-payments', { token: reader.token })).status).toBe(200);
    const calls = [
      ['POST', '/api/tickets-payments/store', series({ name: 'X' })],
      ['PUT', '/api/tickets-payments/update', { ...series(), id: 1 }],
      ['PATCH', '/api/tickets-payments/change-status', { id: 1, status: true }],
      ['DELETE', '/api/tickets-payments/delete', { id: 1 }],
      ['POST', '/api/addresses-payment/assign-tickets', { address_payment_id: address.home, tickets_payment_ids: [1] }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await ctx.call(method, url, { token: reader.token, body })).status, url).toBe(403);
      expect((await ctx.call(method, url, { token: client.token, body })).status, url).toBe(403);
    }
    expect((await ctx.call('GET', '/api/tickets-payments/export', { token: reader.token, query: { type_format: 'csv' } })).status).toBe(403);
    expect((await ctx.call('GET', '/api/tickets-payments', { token: client.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/tickets-payments/selects', { token: client.token })).status).toBe(403);
    const remove = { address_payment_id: address.home, ticket_payment_id: 1, id: 1 };
    expect((await ctx.call('POST', '/api/addresses-payment/remove-ticket', { token: client.token, body: remove })).status).toBe(403);
    // Issue 31: removing needs add_tickets_payment or edit_address_payment, the series picker a screen that shows series.
    expect((await ctx.call('POST', '/api/addresses-payment/remove-ticket', { token: nobody.token, body: remove })).status).toBe(403);
    const addressEditor = await ctx.staff({ permissions: ['edit_address_payment'] });
    expect((await ctx.call('POST', '/api/addresses-payment/remove-ticket', { token: addressEditor.token, body: remove })).status).toBe(404);
    expect((await ctx.call('GET', '/api/tickets-payments/selects', { token: nobody.token })).status).toBe(403);
    const cashier = await ctx.staff({ permissions: ['payments'] });
    expect((await ctx.call('GET', '/api/tickets-payments/selects', { token: cashier.token })).status).toBe(200);
  });
});

describe('POST /api/addresses-payment/assign-tickets', () => {
  it('needs at least one ticket and an existing address', async () => {
    const none = await assign(address.home, []);
    expect(none).toMatchObject({ status: 422, body: { message: 'Debe seleccionar al menos un ticket', errors: { tickets_payment_ids: ['Debe seleccionar al menos un ticket'] } } });
    const missingField = await ctx.call('POST', '/api/addresses-payment/assign-tickets', { token: admin.token, body: { address_payment_id: address.home } });
    expect(missingField.body.message).toBe('Debe seleccionar al menos un ticket');
    const id = await store(series({ name: 'Para nadie' }));
    expect(await assign(999_999, [id])).toMatchObject({ status: 404, body: { message: 'No se ha encontrado la dirección' } });
    expect(await assign(address.home, [id, 999_999])).toMatchObject({ status: 422, body: { message: ticketMessages.missing } });
  });

  it('assigns once, skips what the address holds, refuses inactive series and leaves them out of the selects', async () => {
    const first = await store(series({ name: 'Asignable 1' }));
    const second = await store(series({ name: 'Asignable 2' }));
    const inactive = await store(series({ name: 'Apagada', status: false }));
    expect(await assign(address.home, [inactive])).toMatchObject({ status: 422, body: { message: 'El ticket "Apagada" está inactivo y no se puede asignar.' } });

    const selectsBefore = await ctx.call('GET', '/api/tickets-payments/selects', { token: admin.token, query: { address_payment_id: address.home } });
    const offered = (selectsBefore.body.data as { id: number }[]).map((row) => row.id);
    expect(offered).toEqual(expect.arrayContaining([first, second]));
    expect(offered).not.toContain(inactive);

    const done = await assign(address.home, [first, first]);
    expect(done).toMatchObject({ status: 200, body: { message: 'Tickets asignados exitosamente', data: { assigned: 1, skipped: 0 } } });
    expect(done.body.data.tickets_delivered).toEqual([
      expect.objectContaining({ tickets_payment_id: first, payment_id: null, ticket_serial: null, tickets_payment: expect.objectContaining({ name: 'Asignable 1' }) }),
    ]);
    const partial = await assign(address.home, [first, second]);
    expect(partial.body.data).toMatchObject({ assigned: 1, skipped: 1 });
    const again = await assign(address.home, [first, second]);
    expect(again).toMatchObject({ status: 422, body: { message: ticketMessages.noneAvailable } });

    const selectsAfter = await ctx.call('GET', '/api/tickets-payments/selects', { token: admin.token, query: { address_payment_id: address.home } });
    const left = (selectsAfter.body.data as { id: number }[]).map((row) => row.id);
    expect(left).not.toContain(first);
    expect(left).not.toContain(second);
    const forShop = await ctx.call('GET', '/api/tickets-payments/selects', { token: admin.token, query: { address_payment_id: address.shop } });
    expect((forShop.body.data as { id: number }[]).map((row) => row.id)).toEqual(expect.arrayContaining([first, second]));

    const [delivered] = await ctx.db.select().from(ticketsDelivered).where(and(eq(ticketsDelivered.addressPaymentId, address.home), eq(ticketsDelivered.ticketsPaymentId, first)));
    expect(await lastAudit('tickets_delivered', delivered!.id)).toMatchObject({
      description: 'created',
      causerId: admin.id,
      properties: { attributes: { address_payment_id: address.home, tickets_payment_id: first } },
    });

    // The address rows carry their tickets.
    const addresses = await ctx.call('GET', `/api/addresses-payment/address-client/${people.person}`, { token: admin.token });
    const home = (addresses.body.data as { id: number; tickets_delivered: { tickets_payment_id: number }[] }[]).find((row) => row.id === address.home);
    expect(home?.tickets_delivered.map((ticket) => ticket.tickets_payment_id)).toEqual([first, second]);
  });

  it('lets only one of two simultaneous identical requests assign', async () => {
    const id = await store(series({ name: 'Carrera' }));
    const answers = await Promise.all([assign(address.other, [id]), assign(address.other, [id])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(await ctx.db.select().from(ticketsDelivered).where(and(eq(ticketsDelivered.addressPaymentId, address.other), eq(ticketsDelivered.ticketsPaymentId, id)))).toHaveLength(1);
  });
});

describe('POST /api/addresses-payment/remove-ticket', () => {
  it('removes a ticket of that address, refuses other addresses and payment tickets, and audits', async () => {
    const id = await store(series({ name: 'Removible' }));
    const done = await assign(address.shop, [id]);
    const delivered = (done.body.data.tickets_delivered as { id: number; tickets_payment_id: number }[]).find((ticket) => ticket.tickets_payment_id === id)!;
    const body = { address_payment_id: address.shop, ticket_payment_id: id, id: delivered.id };
    expect(await ctx.call('POST', '/api/addresses-payment/remove-ticket', { token: admin.token, body: { ...body, address_payment_id: address.home } })).toMatchObject({
      status: 404,
      body: { message: ticketMessages.deliveredNotFound },
    });
    expect((await ctx.call('POST', '/api/addresses-payment/remove-ticket', { token: admin.token, body: {} })).body.errors).toMatchObject({
      address_payment_id: ['El campo Dirección es obligatorio.'],
      ticket_payment_id: ['El campo Ticket es obligatorio.'],
      id: ['El campo id es obligatorio.'],
    });
    const removed = await ctx.call('POST', '/api/addresses-payment/remove-ticket', { token: admin.token, body });
    expect(removed).toMatchObject({ status: 200, body: { message: 'Ticket eliminado exitosamente' } });
    expect(await ctx.db.select().from(ticketsDelivered).where(eq(ticketsDelivered.id, delivered.id))).toHaveLength(0);
    expect(await lastAudit('tickets_delivered', delivered.id)).toMatchObject({ description: 'deleted', properties: { old: { address_payment_id: address.shop, tickets_payment_id: id } } });

    const [shop] = await ctx.db.select().from(addressesPayments).where(eq(addressesPayments.id, address.shop));
    const paymentId = await insertPayment(ctx.db, { clientId: shop!.clientId, addressPaymentId: address.shop });
    const [byPayment] = await ctx.db.insert(ticketsDelivered).values({ ticketsPaymentId: id, addressPaymentId: address.shop, paymentId, ticketSerial: 'A-0001' }).returning();
    const refused = await ctx.call('POST', '/api/addresses-payment/remove-ticket', { token: admin.token, body: { ...body, id: byPayment!.id } });
    expect(refused).toMatchObject({ status: 422, body: { message: `El ticket fue entregado con el pago #${paymentId}; se quita editando ese pago.` } });
  });
});

describe('GET /api/tickets-payments filters and counts', () => {
  let blue = 0;
  let green = 0;
  let idle = 0;
  beforeAll(async () => {
    blue = await store(series({ name: 'Filtro Azul', color: '#0000ff' }));
    green = await store(series({ name: 'Filtro Verde', color: '#00ff00' }));
    idle = await store(series({ name: 'Filtro Sin entregas' }));
    await assign(address.home, [blue, green]);
    await assign(address.shop, [blue]);
    const [other] = await ctx.db.select().from(addressesPayments).where(eq(addressesPayments.id, address.other));
    const paymentId = await insertPayment(ctx.db, { clientId: other!.clientId, addressPaymentId: address.other });
    await ctx.db.insert(ticketsDelivered).values({ ticketsPaymentId: green, addressPaymentId: address.other, paymentId, ticketSerial: 'VERDE-0042' });
  });

  const ids = (rows: { id: number }[]) => rows.map((row) => row.id).filter((id) => [blue, green, idle].includes(id)).sort((a, b) => a - b);
  const counts = (rows: { id: number; count_tickets_delivered: number }[]) => Object.fromEntries(rows.filter((row) => [blue, green, idle].includes(row.id)).map((row) => [row.id, row.count_tickets_delivered]));

  it('counts every delivered ticket of each series', async () => {
    expect(counts(await list({ search: 'Filtro' }))).toEqual({ [blue]: 2, [green]: 2, [idle]: 0 });
  });

  it('keeps the series delivered to matching addresses and counts only those', async () => {
    const filter = async (filters: Record<string, unknown>) => counts(await list({ search: 'Filtro', filters }));
    expect(await filter({ type: 1 })).toEqual({ [blue]: 1, [green]: 1 });
    expect(await filter({ type: 0 })).toEqual({ [blue]: 1, [green]: 1 });
    expect(await filter({ client: [people.company] })).toEqual({ [blue]: 1, [green]: 1 });
    expect(await filter({ identification_type: ['V'] })).toEqual({ [blue]: 1, [green]: 1 });
    expect(await filter({ state: [place.otherState] })).toEqual({ [green]: 1 });
    expect(await filter({ municipality: [place.otherMunicipality] })).toEqual({ [green]: 1 });
    expect(await filter({ parish: [place.parish] })).toEqual({ [blue]: 2, [green]: 1 });
    expect(await filter({ community: [place.community] })).toEqual({ [blue]: 1, [green]: 1 });
    expect(await filter({ economic_activity: [place.activity] })).toEqual({ [blue]: 1, [green]: 1 });
    expect(await filter({ serial: 'verde-00' })).toEqual({ [green]: 1 });
    // Accepted and ignored until payments exist.
    expect(await filter({ payment_method: [1] })).toEqual({ [blue]: 2, [green]: 2, [idle]: 0 });
  });

  it('filters by status and sorts by the count', async () => {
    await ctx.call('PATCH', '/api/tickets-payments/change-status', { token: admin.token, body: { id: idle, status: false } });
    expect(ids(await list({ search: 'Filtro', filters: { status: 0 } }))).toEqual([idle]);
    expect(ids(await list({ search: 'Filtro', filters: { status: 1 } }))).toEqual([blue, green].sort((a, b) => a - b));
    const sorted = await list({ search: 'Filtro', sorter: { field: 'count_tickets_delivered', order: 'ascend' } });
    expect(sorted[0]?.id).toBe(idle);
  });

  it('exports the filtered rows as CSV and XLSX, not PDF', async () => {
    const csv = await ctx.call('GET', '/api/tickets-payments/export', { token: admin.token, query: { type_format: 'csv', search: 'Filtro Azul' } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`filename*=UTF-8''Tickets%20de%20pago.csv`);
    const rows = parse(String(csv.body).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        ID: String(blue),
        Nombre: 'Filtro Azul',
        Color: '#0000ff',
        Estado: 'Activo',
        'Tickets entregados': '2',
        'Fecha de vencimiento': '31-12-2030',
        'Fecha de creación': expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} (am|pm)$/),
      },
    ]);
    const xlsx = await ctx.app.inject({ method: 'GET', url: '/api/tickets-payments/export?type_format=xlsx&search=Filtro', headers: { authorization: `Bearer ${admin.token}` } });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheetRows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => sheetRows.push((row.values as unknown[]).slice(1)));
    expect(sheetRows[0]).toEqual(['ID', 'Nombre', 'Color', 'Estado', 'Tickets entregados', 'Fecha de vencimiento', 'Fecha de creación']);
    expect(sheetRows).toHaveLength(4);
    const pdf = await ctx.call('GET', '/api/tickets-payments/export', { token: admin.token, query: { type_format: 'pdf' } });
    expect(pdf.status).toBe(422);
  });
});

describe('DELETE /api/tickets-payments/delete', () => {
  it('refuses a series with delivered tickets naming the count, and deletes a free one with its audit entry', async () => {
    const held = await store(series({ name: 'Entregada' }));
    await assign(address.home, [held]);
    await assign(address.shop, [held]);
    const refused = await ctx.call('DELETE', '/api/tickets-payments/delete', { token: admin.token, body: { id: held } });
    expect(refused).toMatchObject({ status: 422, body: { message: 'No se puede eliminar el ticket de pago porque tiene 2 tickets entregados.' } });

    const free = await store(series({ name: 'Libre' }));
    const deleted = await ctx.call('DELETE', '/api/tickets-payments/delete', { token: admin.token, body: { id: free } });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Ticket de pago eliminado' } });
    expect(await lastAudit('tickets_payments', free)).toMatchObject({ description: 'deleted', properties: { old: { name: 'Libre' } } });
    expect((await ctx.call('DELETE', '/api/tickets-payments/delete', { token: admin.token, body: { id: free } })).status).toBe(404);
  });

  it('drops the tickets of a deleted address', async () => {
    const id = await store(series({ name: 'Cascada' }));
    const [temporary] = await ctx.db.insert(addressesPayments).values({ clientId: people.person, type: 0, address: 'Temporal' }).returning();
    await assign(temporary!.id, [id]);
    await ctx.db.delete(addressesPayments).where(eq(addressesPayments.id, temporary!.id));
    expect((await list({ search: 'Cascada' }))[0]?.count_tickets_delivered).toBe(0);
  });
});
