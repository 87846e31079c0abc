import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, currentMonth, startMonth, unpaidMonths } from '@recaudo/domain/months';
import type { Permission } from '@recaudo/domain/permissions';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { insertPayment } from '../../../test/payment-fixture';
import { clients } from '../clients/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { auditLogs } from '../logs/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { addressesPayments, addressMonths } from './tables';

let ctx: TestContext;
let admin: TestUser;
let ownerA: TestUser;
let ownerB: TestUser;
const NOW = currentMonth();
const YEAR = Number(NOW.slice(0, 4));
const place = { state: 0, municipality: 0, parish: 0, community: 0, futureCommunity: 0, otherState: 0, otherMunicipality: 0, otherParish: 0, otherCommunity: 0, activity: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['clients', 'add_client', 'edit_client', 'add_address_payment', 'edit_address_payment', 'delete_address_payment'] });
  ownerA = await ctx.clientUser();
  ownerB = await ctx.clientUser();
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Mérida' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Libertador', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Arias', municipalityId: municipality!.id, dateStart: '2024-03-10' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Los Pinos', parishId: parish!.id, fee: '5.00', dateStart: '2025-01-15' }).returning();
  const [future] = await db.insert(communities).values({ name: 'Nueva', parishId: parish!.id, fee: '7.50', dateStart: `${YEAR + 1}-02-01` }).returning();
  const [otherState] = await db.insert(states).values({ name: 'Zulia' }).returning();
  const [otherMunicipality] = await db.insert(municipalities).values({ name: 'Maracaibo', stateId: otherState!.id }).returning();
  const [otherParish] = await db.insert(parishes).values({ name: 'Bolívar', municipalityId: otherMunicipality!.id, dateStart: '2024-01-01' }).returning();
  const [otherCommunity] = await db.insert(communities).values({ name: 'El Lago', parishId: otherParish!.id, fee: '3.00', dateStart: '2024-01-01' }).returning();
  const [group] = await db.insert(activityGroups).values({ name: 'Comercio' }).returning();
  const [activity] = await db.insert(economicActivities).values({ name: 'Bodega', activityGroupId: group!.id, fee: '20.00' }).returning();
  Object.assign(place, {
    state: state!.id,
    municipality: municipality!.id,
    parish: parish!.id,
    community: community!.id,
    futureCommunity: future!.id,
    otherState: otherState!.id,
    otherMunicipality: otherMunicipality!.id,
    otherParish: otherParish!.id,
    otherCommunity: otherCommunity!.id,
    activity: activity!.id,
  });
});
afterAll(() => ctx.close());

const residential = (clientId: number, overrides: Record<string, unknown> = {}) => ({
  client_id: clientId,
  type: 0,
  address: 'Calle 3, casa 12',
  state_id: place.state,
  municipality_id: place.municipality,
  parish_id: place.parish,
  community_id: place.community,
  ...overrides,
});

const commercial = (clientId: number, overrides: Record<string, unknown> = {}) => ({
  client_id: clientId,
  type: 1,
  address: 'Av. Principal, local 4',
  state_id: place.state,
  municipality_id: place.municipality,
  parish_id: place.parish,
  economic_activity_id: place.activity,
  ...overrides,
});

async function store(body: Record<string, unknown>, token = admin.token): Promise<number> {
  const answer = await ctx.call('POST', '/api/addresses-payment/store', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as number;
}

async function rowsOf(clientId: number, token = admin.token) {
  const answer = await ctx.call('GET', `/api/addresses-payment/address-client/${clientId}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as any[];
}

const mark = (clientId: number, addressId: number, months: string[], token = admin.token) =>
  ctx.call('POST', '/api/addresses-payment/change-status-payments-multiple-months', {
    token,
    body: {
      client_id: clientId,
      address_id: addressId,
      selected_months: [...new Set(months.map((month) => Number(month.slice(0, 4))))].map((year) => ({
        year,
        months: months.filter((month) => month.startsWith(`${year}-`)).map((month) => Number(month.slice(5, 7))),
      })),
    },
  });

async function newClient(): Promise<number> {
  const [client] = await ctx.db
    .insert(clients)
    .values({ type: 0, name: 'Cliente de prueba', identificationType: 'V', identification: String(30_000_000 + Math.floor(Math.random() * 9_000_000)) })
    .returning();
  return client!.id;
}

describe('address form rules', () => {
  it('creates a residential address with its effective fee, start month, calendar and audit entry', async () => {
    const id = await store(residential(ownerA.clientId!));
    const row = (await rowsOf(ownerA.clientId!)).find((item) => item.id === id);
    expect(row).toMatchObject({
      type: 0,
      fee: '5.00',
      is_custom_fee: false,
      start_month: '2025-01',
      community: { id: place.community, name: 'Los Pinos', fee: '5.00', date_start: '2025-01-15' },
      parish: { id: place.parish, date_start: '2024-03-10' },
      state: { id: place.state, name: 'Mérida' },
      client: { id: ownerA.clientId },
      solvent: false,
      solvent_to_date: null,
    });
    expect(row.months_to_pay).toBe(unpaidMonths('2025-01', new Set()).length);
    expect(row.payments[0].year).toBe(2025);
    expect(row.payments.at(-1).year).toBe(YEAR);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'addresses_payments'), eq(auditLogs.subjectId, id)));
    expect(entry?.description).toBe('created');
  });

  it('names every missing field in Spanish', async () => {
    const { status, body } = await ctx.call('POST', '/api/addresses-payment/store', { token: admin.token, body: { type: 0 } });
    expect(status).toBe(422);
    expect(body.errors).toMatchObject({
      client_id: ['El campo Cliente es obligatorio.'],
      address: ['El campo Dirección es obligatorio.'],
      state_id: ['El campo Estado es obligatorio.'],
      municipality_id: ['El campo Municipio es obligatorio.'],
      parish_id: ['El campo Parroquia es obligatorio.'],
    });
    const noCommunity = await ctx.call('POST', '/api/addresses-payment/store', { token: admin.token, body: residential(ownerA.clientId!, { community_id: null }) });
    expect(noCommunity.body).toMatchObject({ message: 'El campo Comunidad es obligatorio.', errors: { community_id: ['El campo Comunidad es obligatorio.'] } });
  });

  it('makes staff choose an economic activity and checks the custom fee', async () => {
    const noActivity = await ctx.call('POST', '/api/addresses-payment/store', { token: admin.token, body: commercial(ownerA.clientId!, { economic_activity_id: null }) });
    expect(noActivity.body).toMatchObject({ success: false, message: 'El campo Actividad económica es obligatorio.' });
    const noFee = await ctx.call('POST', '/api/addresses-payment/store', { token: admin.token, body: commercial(ownerA.clientId!, { is_custom_fee: true }) });
    expect(noFee.body.errors.fee).toEqual(['El campo Tarifa es obligatorio.']);
    const decimals = await ctx.call('POST', '/api/addresses-payment/store', { token: admin.token, body: commercial(ownerA.clientId!, { is_custom_fee: true, fee: '1.234' }) });
    expect(decimals.body.errors.fee).toEqual(['El campo Tarifa debe tener como máximo 2 decimales.']);
    const negative = await ctx.call('POST', '/api/addresses-payment/store', { token: admin.token, body: commercial(ownerA.clientId!, { is_custom_fee: true, fee: -3 }) });
    expect(negative.body.errors.fee).toEqual(['El campo Tarifa debe ser al menos 0.']);
    const id = await store(commercial(ownerA.clientId!, { is_custom_fee: true, fee: '12.5' }));
    const row = (await rowsOf(ownerA.clientId!)).find((item) => item.id === id);
    expect(row).toMatchObject({ fee: '12.50', is_custom_fee: true, economic_activity: { id: place.activity, fee: '20.00', activity_group: { name: 'Comercio' } }, start_month: '2024-03' });
    const plain = await store(commercial(ownerA.clientId!));
    expect((await rowsOf(ownerA.clientId!)).find((item) => item.id === plain)?.fee).toBe('20.00');
  });

  it('refuses a location whose levels do not belong together', async () => {
    const municipality = await ctx.call('POST', '/api/addresses-payment/store', { token: admin.token, body: residential(ownerA.clientId!, { municipality_id: place.otherMunicipality }) });
    expect(municipality.status).toBe(422);
    expect(municipality.body.errors.municipality_id).toEqual(['El Municipio seleccionado no pertenece al Estado.']);
    const parish = await ctx.call('POST', '/api/addresses-payment/store', { token: admin.token, body: residential(ownerA.clientId!, { parish_id: place.otherParish }) });
    expect(parish.body.errors.parish_id).toEqual(['La Parroquia seleccionada no pertenece al Municipio.']);
    const community = await ctx.call('POST', '/api/addresses-payment/store', { token: admin.token, body: residential(ownerA.clientId!, { community_id: place.otherCommunity }) });
    expect(community.body.errors.community_id).toEqual(['La Comunidad seleccionada no pertenece a la Parroquia.']);
  });

  it('needs add_client or edit_client beside add_address_payment, before looking at the body', async () => {
    const clerk = await ctx.staff({ permissions: ['clients', 'add_address_payment'] });
    const answer = await ctx.call('POST', '/api/addresses-payment/store', { token: clerk.token, body: {} });
    expect(answer.status).toBe(403);
    const remover = await ctx.staff({ permissions: ['clients', 'delete_address_payment'] });
    expect((await ctx.call('DELETE', '/api/addresses-payment/delete', { token: remover.token, body: { id: 1 } })).status).toBe(403);
  });

  it('updates only with edit_address_payment and edit_client, and leaves the address as it was otherwise', async () => {
    const id = await store(residential(ownerA.clientId!, { address: 'Calle 4' }));
    const change = { id, ...residential(ownerA.clientId!, { address: 'Calle 44' }) };
    const lacking: Permission[][] = [['clients', 'add_client', 'edit_address_payment'], ['clients', 'edit_client']];
    for (const permissions of lacking) {
      const user = await ctx.staff({ permissions });
      expect((await ctx.call('PUT', '/api/addresses-payment/update', { token: user.token, body: change })).status, permissions.join()).toBe(403);
    }
    expect((await rowsOf(ownerA.clientId!)).find((item) => item.id === id)?.address).toBe('Calle 4');
    const editor = await ctx.staff({ permissions: ['clients', 'edit_client', 'edit_address_payment'] });
    expect((await ctx.call('PUT', '/api/addresses-payment/update', { token: editor.token, body: change })).status).toBe(200);
    expect((await rowsOf(ownerA.clientId!)).find((item) => item.id === id)?.address).toBe('Calle 44');
  });

  it('updates and deletes with audit entries; the ledger goes with the address', async () => {
    const id = await store(residential(ownerA.clientId!));
    const update = await ctx.call('PUT', '/api/addresses-payment/update', { token: admin.token, body: { id, ...residential(ownerA.clientId!, { address: 'Calle 9', community_id: place.futureCommunity }) } });
    expect(update.body).toMatchObject({ success: true, message: 'Dirección actualizada' });
    const row = (await rowsOf(ownerA.clientId!)).find((item) => item.id === id);
    expect(row).toMatchObject({ address: 'Calle 9', fee: '7.50', months_to_pay: 0, solvent: true });
    expect((await mark(ownerA.clientId!, id, [NOW])).status).toBe(200);
    const removed = await ctx.call('DELETE', '/api/addresses-payment/delete', { token: admin.token, body: { id } });
    expect(removed.body).toMatchObject({ success: true, message: 'Dirección eliminada' });
    expect(await ctx.db.select().from(addressMonths).where(eq(addressMonths.addressPaymentId, id))).toEqual([]);
    const events = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'addresses_payments'), eq(auditLogs.subjectId, id)));
    expect(events.map((event) => event.description).sort()).toEqual(['created', 'deleted', 'updated']);
  });
});

describe('client scoping', () => {
  let addressOfB = 0;
  beforeAll(async () => {
    addressOfB = await store(residential(ownerB.clientId!));
  });

  it('lets a client user add their own address, ignoring the staff-only fields', async () => {
    const id = await store(commercial(ownerA.clientId!, { is_custom_fee: true, fee: '1.00', date_start: '2020-01-01' }), ownerA.token);
    const [stored] = await ctx.db.select().from(addressesPayments).where(eq(addressesPayments.id, id));
    expect(stored).toMatchObject({ economicActivityId: null, isCustomFee: false, fee: null, dateStart: null, createdBy: ownerA.id });
    const incomplete = await ctx.call('GET', `/api/addresses-payment/address-select-client/${ownerA.clientId}`, { token: ownerA.token });
    expect(incomplete.body.data.map((row: { id: number }) => row.id)).not.toContain(id);
    const own = await ctx.call('GET', '/api/addresses-payment/address-client/client', { token: ownerA.token });
    expect(own.body.data.map((row: { id: number }) => row.id)).toContain(id);
  });

  it("answers 404 when a client user reads, edits, deletes or creates for another client's address", async () => {
    expect((await ctx.call('GET', `/api/addresses-payment/address-client/${ownerB.clientId}`, { token: ownerA.token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/addresses-payment/address-select-client/${ownerB.clientId}`, { token: ownerA.token })).status).toBe(404);
    const edit = await ctx.call('PUT', '/api/addresses-payment/update', { token: ownerA.token, body: { id: addressOfB, ...residential(ownerA.clientId!) } });
    expect(edit.status).toBe(404);
    expect((await ctx.call('DELETE', '/api/addresses-payment/delete', { token: ownerA.token, body: { id: addressOfB } })).status).toBe(404);
    expect((await ctx.call('POST', '/api/addresses-payment/store', { token: ownerA.token, body: residential(ownerB.clientId!) })).status).toBe(404);
    const list = await ctx.call('GET', '/api/addresses-payment', { token: ownerA.token, query: { per_page: 'Todos' } });
    expect(list.status).toBe(200);
    expect(new Set(list.body.data.data.map((row: { client_id: number }) => row.client_id))).toEqual(new Set([ownerA.clientId]));
  });

  it('does not let a client user mark months', async () => {
    expect((await mark(ownerB.clientId!, addressOfB, [NOW], ownerB.token)).status).toBe(403);
  });
});

describe('manual marks on the month ledger', () => {
  it('marks and unmarks in one request, idempotently, with one audit entry per change', async () => {
    const clientId = await newClient();
    const start = addMonths(NOW, -3);
    const id = await store(residential(clientId, { date_start: `${start}-05` }));
    expect((await rowsOf(clientId))[0].months_to_pay).toBe(4);
    const first = await mark(clientId, id, [start, addMonths(start, 1)]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.months_to_pay).toBe(2);
    const again = await mark(clientId, id, [start, addMonths(start, 1)]);
    expect(again.body.data).toEqual(first.body.data);
    const ledger = await ctx.db.select().from(addressMonths).where(eq(addressMonths.addressPaymentId, id));
    expect(ledger.map((entry) => entry.month).sort()).toEqual([start, addMonths(start, 1)]);
    const unmark = await mark(clientId, id, [addMonths(start, 1)]);
    expect(unmark.body.data.months_to_pay).toBe(3);
    const months = unmark.body.data.payments.flatMap((year: { months: { month: string; state: string }[] }) => year.months);
    expect(months.find((entry: { month: string }) => entry.month === start).state).toBe('unpaid');
    expect(months.find((entry: { month: string }) => entry.month === addMonths(start, 1)).state).toBe('paid');
    const events = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'payment months'), eq(auditLogs.subjectId, id)));
    expect(events).toHaveLength(2);
  });

  it("refuses to unmark a payment's month, naming the payment, and changes nothing", async () => {
    const clientId = await newClient();
    const start = addMonths(NOW, -1);
    const id = await store(residential(clientId, { date_start: `${start}-01` }));
    const paymentId = await insertPayment(ctx.db, { clientId, addressPaymentId: id, monthsPayment: [start] });
    await ctx.db.insert(addressMonths).values({ addressPaymentId: id, month: start, paymentId });
    const refused = await mark(clientId, id, [NOW]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`El mes ${start.slice(5)}-${start.slice(0, 4)} pertenece al pago #${paymentId} y no se puede desmarcar.`);
    const ledger = await ctx.db.select().from(addressMonths).where(eq(addressMonths.addressPaymentId, id));
    expect(ledger.map((entry) => entry.month)).toEqual([start]);
    const kept = await mark(clientId, id, [start, NOW]);
    expect(kept.body.data.months_to_pay).toBe(0);
  });

  it('refuses months after December of the current year and accepts December', async () => {
    const clientId = await newClient();
    const id = await store(residential(clientId));
    const beyond = await mark(clientId, id, [`${YEAR + 1}-01`]);
    expect(beyond.status).toBe(422);
    expect(beyond.body.message).toBe(`El mes 01-${YEAR + 1} no se puede marcar: solo se puede pagar por adelantado hasta 12-${YEAR}.`);
    expect((await mark(clientId, id, [`${YEAR}-12`])).status).toBe(200);
  });

  it('answers 404 when the address is not of the named client', async () => {
    const clientId = await newClient();
    const id = await store(residential(clientId));
    expect((await mark(ownerA.clientId!, id, [NOW])).status).toBe(404);
  });

  it('keeps exactly one ledger row when two requests mark the same month at once', async () => {
    const clientId = await newClient();
    const id = await store(residential(clientId, { date_start: `${NOW}-01` }));
    const answers = await Promise.all([mark(clientId, id, [NOW]), mark(clientId, id, [NOW])]);
    for (const answer of answers) expect([200, 409, 422], JSON.stringify(answer.body)).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    const ledger = await ctx.db.select().from(addressMonths).where(and(eq(addressMonths.addressPaymentId, id), eq(addressMonths.month, NOW)));
    expect(ledger).toHaveLength(1);
  });
});

describe('months_to_pay in SQL', () => {
  it('agrees with the domain start month and unpaid months in every case', async () => {
    const clientId = await newClient();
    const { db } = ctx;
    const base = { clientId, address: 'Caso', stateId: place.state, municipalityId: place.municipality, parishId: place.parish };
    const cases: { values: Partial<typeof addressesPayments.$inferInsert>; covered: string[]; service: string | null }[] = [
      { values: { type: 0, communityId: place.community }, covered: ['2025-01', '2025-03'], service: '2025-01-15' },
      { values: { type: 0, communityId: place.futureCommunity }, covered: [], service: `${YEAR + 1}-02-01` },
      { values: { type: 0, communityId: place.community, dateStart: `${NOW}-20` }, covered: [], service: '2025-01-15' },
      { values: { type: 1, economicActivityId: place.activity }, covered: ['2024-03'], service: '2024-03-10' },
      { values: { type: 1, parishId: null }, covered: ['2023-11', '2024-01'], service: null },
      { values: { type: 0, parishId: null, createdAt: new Date('2025-12-01T02:00:00Z') }, covered: [], service: null },
      { values: { type: 0, communityId: place.community, dateStart: '2024-12-31' }, covered: [addMonths(NOW, -2), addMonths(NOW, 1)], service: '2025-01-15' },
    ];
    const expected = new Map<number, { start: string; owed: number }>();
    for (const item of cases) {
      const [row] = await db
        .insert(addressesPayments)
        .values({ ...base, ...item.values } as typeof addressesPayments.$inferInsert)
        .returning();
      if (item.covered.length) await db.insert(addressMonths).values(item.covered.map((month) => ({ addressPaymentId: row!.id, month })));
      const start = startMonth({
        addressDateStart: row!.dateStart,
        serviceDateStart: item.service,
        earliestCovered: [...item.covered].sort()[0] ?? null,
        createdAt: row!.createdAt,
      });
      expected.set(row!.id, { start, owed: unpaidMonths(start, new Set(item.covered)).length });
    }
    const rows = await rowsOf(clientId);
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      expect({ id: row.id, start: row.start_month, owed: row.months_to_pay }).toEqual({ id: row.id, ...expected.get(row.id) });
    }
    // Future community start: nothing owed; created on 30 Nov in Caracas (01 Dec UTC): starts in November.
    expect(rows.find((row) => row.community_id === place.futureCommunity)?.months_to_pay).toBe(0);
    expect(rows.find((row) => row.parish_id === null && row.type === 0)?.start_month).toBe('2025-11');
  });
});

describe('GET /api/addresses-payment filters', () => {
  it('filters by solvency, months_to_pay, verify and custom fee, with the fee totals beside the page', async () => {
    const clientId = await newClient();
    const solvent = await store(residential(clientId, { date_start: `${NOW}-01` }));
    await mark(clientId, solvent, [NOW]);
    const owing = await store(residential(clientId, { date_start: `${addMonths(NOW, -1)}-01` }));
    const future = await store(residential(clientId, { community_id: place.futureCommunity }));
    const pending = await store(commercial(clientId, { date_start: `${NOW}-01`, is_custom_fee: true, fee: '9.99' }));
    const pendingPayment = await insertPayment(ctx.db, { clientId, addressPaymentId: pending, status: 0, monthsPayment: [NOW] });
    await ctx.db.insert(addressMonths).values({ addressPaymentId: pending, month: NOW, paymentId: pendingPayment, pending: true });
    const [incomplete] = await ctx.db.insert(addressesPayments).values({ clientId, type: 1, address: 'Sin actividad', dateStart: `${NOW}-01` }).returning();

    const list = async (filters: Record<string, unknown>) => {
      const answer = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { per_page: 50, filters: { client: [clientId], ...filters } } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const ids = (page: { data: { id: number }[] }) => page.data.map((row) => row.id).sort((a, b) => a - b);

    const all = await list({});
    expect(all.total).toBe(5);
    expect(all.aditional).toEqual({ total_fees: '27.49', total_addresses: 5 });
    expect(ids(await list({ client_solvent: 1 }))).toEqual([solvent, future]);
    expect(ids(await list({ client_not_solvent: 'true' }))).toEqual([owing, pending, incomplete!.id]);
    expect(ids(await list({ client_solvent: 1, client_not_solvent: 1 }))).toHaveLength(5);
    expect(ids(await list({ months_to_pay: 0 }))).toEqual([solvent, future, pending]);
    expect(ids(await list({ months_to_pay: [2, 1] }))).toEqual([owing, incomplete!.id]);
    expect(ids(await list({ verify: 1 }))).toEqual([incomplete!.id]);
    expect(ids(await list({ is_custom_fee: 1 }))).toEqual([pending]);
    expect(ids(await list({ with_payments: 1 }))).toEqual([pending]);
    const commercialOnly = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { type: 1, filters: { client: [clientId] } } });
    expect(commercialOnly.body.data.aditional).toEqual({ total_fees: '9.99', total_addresses: 2 });
    const select = await ctx.call('GET', `/api/addresses-payment/address-select-client/${clientId}`, { token: admin.token });
    expect(select.body.data.map((row: { id: number }) => row.id)).not.toContain(incomplete!.id);
    expect(select.body.data).toHaveLength(4);
  });
});

describe('GET /api/addresses-payment/export', () => {
  it('streams the filtered list as CSV for staff with export_payments and scopes a client user to their own', async () => {
    const clientId = await newClient();
    const owing = await store(residential(clientId, { address: 'Calle Exportada 1', date_start: `${addMonths(NOW, -2)}-01` }));
    await mark(clientId, owing, [addMonths(NOW, -2)]);
    const exporter = await ctx.staff({ permissions: ['export_payments'] });
    const csv = await ctx.call('GET', '/api/addresses-payment/export', { token: exporter.token, query: { type_format: 'csv', filters: { client: [clientId] } } });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-disposition'])).toContain('Direcciones%20de%20pago.csv');
    const rows = parse(String(csv.body).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({ Dirección: 'Calle Exportada 1', Tipo: 'Residencial', 'Tarifa ($)': '5.00', 'Meses por pagar': '2', 'Solvente hasta': `${addMonths(NOW, -2).slice(5)}-${addMonths(NOW, -2).slice(0, 4)}` }),
    ]);
    const xlsx = await ctx.call('GET', '/api/addresses-payment/export', { token: exporter.token, query: { type_format: 'xlsx', filters: { client: [clientId] } } });
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
    expect((await ctx.call('GET', '/api/addresses-payment/export', { token: admin.token, query: { type_format: 'csv' } })).status).toBe(403);

    await store(residential(ownerA.clientId!, { address: 'Casa propia exportada' }), ownerA.token);
    const own = await ctx.call('GET', '/api/addresses-payment/export', { token: ownerA.token, query: { type_format: 'csv' } });
    const ownRows = parse(String(own.body).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(ownRows.length).toBeGreaterThan(0);
    expect(new Set(ownRows.map((row) => row.Identificación))).toEqual(new Set([expect.stringContaining('-')]));
    expect(ownRows.map((row) => row.Dirección)).toContain('Casa propia exportada');
    expect(ownRows.map((row) => row.Dirección)).not.toContain('Calle Exportada 1');
  });
});
