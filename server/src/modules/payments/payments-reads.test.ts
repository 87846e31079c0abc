import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAmounts } from '@recaudo/domain/amounts';
import { addMonths, currentMonth, monthRange } from '@recaudo/domain/months';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { localStorage } from '../../platform/storage';
import { addressesPayments, addressMonths } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { ticketsDelivered, ticketsPayments } from '../tickets-payments/tables';
import { authenticateToken } from '../auth/service';
import { cappedCount, estimatedTotal, listSource } from './queries';
import { amountColumns, payments } from './tables';

let ctx: TestContext;
let dataDir: string;
const NOW = currentMonth();
const TODAY = new Date();
/** A Caracas day N days ago as DD-MM-YYYY and the instant of its noon. */
const daysAgo = (days: number) => new Date(TODAY.getTime() - days * 86_400_000);
const ddmmyyyy = (date: Date) => {
  const [y, m, d] = date.toLocaleDateString('en-CA', { timeZone: 'America/Caracas' }).split('-');
  return `${d}-${m}-${y}`;
};
const ymd = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'America/Caracas' });

const ids = {
  state: 0,
  otherState: 0,
  municipality: 0,
  parish: 0,
  community: 0,
  otherCommunity: 0,
  otherMunicipality: 0,
  otherParish: 0,
  activity: 0,
  group: 0,
  serieA: 0,
  serieB: 0,
  ticket: 0,
  zoilaAddress: 0,
  robleAddress: 0,
  otherAddress: 0,
  clientZ: 0,
};
let admin: TestUser;
let cashier1: TestUser;
let cashier2: TestUser;
let zoila: TestUser;
let roble: TestUser;

interface PaymentSeed {
  client: number;
  address: number;
  type?: 0 | 1;
  fee?: string;
  months?: string[];
  status?: 0 | 1 | 2;
  method?: number;
  serie?: number | null;
  createdBy?: number | null;
  createdAt?: Date;
  datePayment?: string;
  dateBill?: string | null;
  reference?: string | null;
  number?: string | null;
  correlative?: string | null;
  checkbook?: string | null;
  terminal?: string | null;
  lot?: string | null;
  typeDocument?: string;
  rate?: string;
  files?: string[];
  retention?: boolean;
  ticket?: number | null;
}

let correlativeSeq = 0;
async function insertPayment(seed: PaymentSeed): Promise<number> {
  const months = seed.months ?? [NOW];
  const rate = seed.rate ?? '40.00';
  const amounts = paymentAmounts({ type: seed.type ?? 0, fee: seed.fee ?? '5.00', months: months.length, rate, applyRetention: seed.retention });
  correlativeSeq += 1;
  const [row] = await ctx.db
    .insert(payments)
    .values({
      clientId: seed.client,
      addressPaymentId: seed.address,
      paymentMethodId: seed.method ?? 4,
      serieId: seed.serie === undefined ? ids.serieA : seed.serie,
      status: seed.status ?? 1,
      typeDocument: seed.typeDocument ?? '01',
      numberCorrelative: seed.correlative === undefined ? String(correlativeSeq).padStart(8, '0') : seed.correlative,
      number: seed.number ?? null,
      checkbookNumber: seed.checkbook ?? null,
      datePayment: seed.datePayment ?? ymd(seed.createdAt ?? TODAY),
      dateBill: seed.dateBill === undefined ? ymd(seed.createdAt ?? TODAY) : seed.dateBill,
      exchangeRate: rate,
      ...amountColumns(amounts),
      isApplyRetention: seed.retention ?? false,
      reference: seed.reference ?? null,
      terminal: seed.terminal ?? null,
      lotNumber: seed.lot ?? null,
      monthsPayment: months,
      typePaymentMonth: months.length > 1 ? 1 : 0,
      files: seed.files ?? [],
      hash: randomBytes(32).toString('hex'),
      createdBy: seed.createdBy === undefined ? admin.id : seed.createdBy,
      createdAt: seed.createdAt ?? TODAY,
      ticketsPaymentId: seed.ticket ?? null,
      ticketSerial: seed.ticket ? 'T-0001' : null,
    })
    .returning({ id: payments.id });
  if (seed.ticket) await ctx.db.insert(ticketsDelivered).values({ ticketsPaymentId: seed.ticket, addressPaymentId: seed.address, paymentId: row!.id, ticketSerial: 'T-0001' });
  return row!.id;
}

const list = async (token: string, query: Record<string, unknown> = {}, url = '/api/bill-payments') => {
  const answer = await ctx.call('GET', url, { token, query: { per_page: 100, ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { data: PaymentRow[]; total: number; per_page: number; last_page: number };
};
const idsOf = async (token: string, query: Record<string, unknown> = {}, url?: string) => (await list(token, query, url)).data.map((row) => row.id);

/** The fixture payments by name. */
const P = { zoilaCash: 0, zoilaTransfer: 0, robleCard: 0, robleRejected: 0, otherCash: 0 };
let storedFile = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-payments-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  const { db } = ctx;
  admin = await ctx.staff({ permissions: ['payments', 'export_payments', 'logs', 'clients'] });
  cashier1 = await ctx.staff({ permissions: ['payments'], overrides: { onlyUser: true, allUsers: false } });
  cashier2 = await ctx.staff({ permissions: ['payments'], overrides: { allUsers: false, multipleUsers: [] } });
  zoila = await ctx.clientUser({ name: 'Zoila Quintero', identificationType: 'V', identification: '11122233', email: 'zoila@correo.test', phone: ['4141112233'] });
  roble = await ctx.clientUser({ type: 1, name: 'Inversiones El Roble C.A.', identificationType: 'J', identification: '401234567' });

  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: '2024-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Los Samanes', parishId: parish!.id, fee: '5.00', dateStart: `${addMonths(NOW, -5)}-01` }).returning();
  const [otherState] = await db.insert(states).values({ name: 'Zulia' }).returning();
  const [otherMunicipality] = await db.insert(municipalities).values({ name: 'Maracaibo', stateId: otherState!.id }).returning();
  const [otherParish] = await db.insert(parishes).values({ name: 'Bolívar', municipalityId: otherMunicipality!.id, dateStart: '2024-01-01' }).returning();
  const [otherCommunity] = await db.insert(communities).values({ name: 'El Lago', parishId: otherParish!.id, fee: '3.00', dateStart: `${addMonths(NOW, -2)}-01` }).returning();
  const [group] = await db.insert(activityGroups).values({ name: 'Comercio' }).returning();
  const [activity] = await db.insert(economicActivities).values({ name: 'Bodegas', activityGroupId: group!.id, fee: '20.00' }).returning();
  const [serieA] = await db.insert(correlatives).values({ serie: 'A', number: '0', numberCreditNote: '0', numberDebitNote: '0' }).returning();
  const [serieB] = await db.insert(correlatives).values({ serie: 'B', number: '0', numberCreditNote: '0', numberDebitNote: '0' }).returning();
  const [ticket] = await db.insert(ticketsPayments).values({ name: 'Tickets Aseo', color: '#1677ff', validityDate: '2099-12-31' }).returning();
  const [clientZ] = await db.insert(clients).values({ type: 0, name: 'Pedro Zambrano', identificationType: 'E', identification: '84000111' }).returning();
  Object.assign(ids, {
    state: state!.id,
    otherState: otherState!.id,
    municipality: municipality!.id,
    parish: parish!.id,
    community: community!.id,
    otherCommunity: otherCommunity!.id,
    otherMunicipality: otherMunicipality!.id,
    otherParish: otherParish!.id,
    activity: activity!.id,
    group: group!.id,
    serieA: serieA!.id,
    serieB: serieB!.id,
    ticket: ticket!.id,
    clientZ: clientZ!.id,
  });
  const place = { stateId: state!.id, municipalityId: municipality!.id, parishId: parish!.id };
  const [zoilaAddress] = await db
    .insert(addressesPayments)
    .values({ clientId: zoila.clientId!, type: 0, address: 'Calle 5, casa 12', ...place, communityId: community!.id })
    .returning();
  const [robleAddress] = await db
    .insert(addressesPayments)
    .values({ clientId: roble.clientId!, type: 1, address: 'Av. Lara, local 3', ...place, economicActivityId: activity!.id })
    .returning();
  const [otherAddress] = await db
    .insert(addressesPayments)
    .values({
      clientId: clientZ!.id,
      type: 0,
      address: 'Calle 72, casa 9',
      stateId: otherState!.id,
      municipalityId: otherMunicipality!.id,
      parishId: otherParish!.id,
      communityId: otherCommunity!.id,
    })
    .returning();
  Object.assign(ids, { zoilaAddress: zoilaAddress!.id, robleAddress: robleAddress!.id, otherAddress: otherAddress!.id });
  // Zoila is up to date (0 months to pay); the other residential address owes its 3 months.
  await db.insert(addressMonths).values(monthRange(addMonths(NOW, -5), NOW).map((month) => ({ addressPaymentId: zoilaAddress!.id, month })));

  storedFile = await localStorage(path.join(dataDir, 'uploads')).save('payments', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'png');

  P.zoilaCash = await insertPayment({ client: zoila.clientId!, address: zoilaAddress!.id, createdAt: daysAgo(40), datePayment: ymd(daysAgo(41)), dateBill: ymd(daysAgo(40)), files: [storedFile], ticket: ticket!.id });
  P.zoilaTransfer = await insertPayment({
    client: zoila.clientId!,
    address: zoilaAddress!.id,
    method: 1,
    reference: '00045678912',
    createdBy: zoila.id,
    status: 0,
    serie: null,
    correlative: null,
    createdAt: daysAgo(10),
    datePayment: ymd(daysAgo(12)),
    dateBill: null,
  });
  P.robleCard = await insertPayment({
    client: roble.clientId!,
    address: robleAddress!.id,
    type: 1,
    fee: '20.00',
    months: [addMonths(NOW, -1), NOW],
    retention: true,
    method: 2,
    terminal: 'TER-01',
    lot: 'L-77',
    createdBy: cashier1.id,
    createdAt: daysAgo(5),
    number: '00001234',
    checkbook: 'CH-9',
  });
  P.robleRejected = await insertPayment({ client: roble.clientId!, address: robleAddress!.id, type: 1, fee: '20.00', status: 2, createdBy: cashier2.id, serie: ids.serieB, createdAt: daysAgo(2), typeDocument: '04' });
  P.otherCash = await insertPayment({ client: clientZ!.id, address: otherAddress!.id, fee: '3.00', createdBy: cashier1.id, serie: ids.serieB, createdAt: daysAgo(1), reference: '=cmd|calc', correlative: '00009999' });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET bill-payments and GET payments', () => {
  it('answers 401 without a session and 403 without the payments permission', async () => {
    expect((await ctx.call('GET', '/api/bill-payments')).status).toBe(401);
    const nobody = await ctx.staff({ permissions: ['clients'] });
    expect((await ctx.call('GET', '/api/bill-payments', { token: nobody.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/payments', { token: nobody.token })).status).toBe(403);
  });

  it('lists newest first with the spec fields, money as two-decimal text, the same in both families', async () => {
    const page = await list(admin.token);
    expect(page.data.map((row) => row.id)).toEqual([P.otherCash, P.robleRejected, P.robleCard, P.zoilaTransfer, P.zoilaCash]);
    expect(page.total).toBe(5);
    const card = page.data.find((row) => row.id === P.robleCard)!;
    // $20 × 2 months = 40.00 base, 6.40 VAT, 4.80 retained; ×40 Bs.
    expect(card).toMatchObject({
      status: 1,
      tax_base: '40.00',
      iva: '6.40',
      retention: '4.80',
      is_apply_retention: true,
      dollar_amount_bill: '46.40',
      dollar_amount_payment: '41.60',
      amount_bill: '1856.00',
      amount_payment: '1664.00',
      exchange_rate: '40.00',
      terminal: 'TER-01',
      lot_number: 'L-77',
      number: '00001234',
      checkbook_number: 'CH-9',
      months_payment: [addMonths(NOW, -1), NOW],
      type_payment_month: 1,
      payment_method: { id: 2, name: 'Punto de venta', type: 2, image_url: null, is_mobile_payment_use_api_bdv: false },
      client: { id: roble.clientId, name: 'Inversiones El Roble C.A.', identification_type: 'J', identification: '401234567', type: 1 },
      address_payment: { id: ids.robleAddress, type: 1, address: 'Av. Lara, local 3', fee: '20.00', economic_activity: { id: ids.activity, name: 'Bodegas' }, community: null },
      serie: { id: ids.serieA, serie: 'A' },
      causer: { type: 'admin', id: cashier1.id },
      bank: null,
      tickets_delivered: [],
    });
    const transfer = page.data.find((row) => row.id === P.zoilaTransfer)!;
    expect(transfer.causer).toEqual({ type: 'client', id: zoila.id, name: expect.any(String) });
    expect(transfer).toMatchObject({ status: 0, serie: null, number_correlative: null, reference: '00045678912', date_bill: null });
    expect(transfer.address_payment).toMatchObject({ months_to_pay: 0, community: { id: ids.community, name: 'Los Samanes' }, fee: '5.00' });
    const cash = page.data.find((row) => row.id === P.zoilaCash)!;
    expect(cash.files).toEqual([{ name: storedFile, url: `/api/payments/${P.zoilaCash}/files/${path.basename(storedFile)}` }]);
    expect(cash.tickets_delivered).toEqual([expect.objectContaining({ ticket_serial: 'T-0001', tickets_payment: { id: ids.ticket, name: 'Tickets Aseo', color: '#1677ff' } })]);
    expect(cash.amount_payment).toBe('200.00');
    const other = await list(admin.token, {}, '/api/payments');
    expect(other).toEqual(page);
  });

  it('pages with the "a-b de n" counter and caps per_page=Todos at 500 rows', async () => {
    const page = await list(admin.token, { per_page: 2, page: 2 });
    expect(page).toMatchObject({ total: 5, per_page: 2, last_page: 3 });
    expect(page.data.map((row) => row.id)).toEqual([P.robleCard, P.zoilaTransfer]);
    expect((await list(admin.token, { per_page: 'Todos' })).per_page).toBe(500);
  });

  it('sorts by a payment field on request', async () => {
    const ascending = await idsOf(admin.token, { sorter: { field: 'amount_payment', order: 'ascend' } });
    expect(ascending[0]).toBe(P.otherCash);
    expect(ascending.at(-1)).toBe(P.robleCard);
  });

  it('applies each filter of the drawer', async () => {
    const cases: [Record<string, unknown>, number[]][] = [
      [{ client: [roble.clientId] }, [P.robleRejected, P.robleCard]],
      [{ user: [cashier1.id] }, [P.otherCash, P.robleCard]],
      [{ status: 0 }, [P.zoilaTransfer]],
      [{ status: [1] }, [P.otherCash, P.robleCard, P.zoilaCash]],
      [{ status: [0, 2] }, [P.robleRejected, P.zoilaTransfer]],
      [{ type_document: '04' }, [P.robleRejected]],
      [{ payment_method: [1, 2] }, [P.robleCard, P.zoilaTransfer]],
      [{ serie: [ids.serieB] }, [P.otherCash, P.robleRejected]],
      [{ checkbook_number: 'CH-9' }, [P.robleCard]],
      [{ lot_number: 'L-77' }, [P.robleCard]],
      [{ terminal: 'TER-01' }, [P.robleCard]],
      [{ terminal: 'TER' }, []],
      [{ reference: '4567891' }, [P.zoilaTransfer]],
      [{ number: '1234' }, [P.robleCard]],
      [{ number_correlative: '9999' }, [P.otherCash]],
      [{ months_to_pay: 0 }, [P.zoilaTransfer, P.zoilaCash]],
      [{ months_to_pay: [3] }, [P.otherCash]],
      [{ type: 1 }, [P.robleRejected, P.robleCard]],
      [{ dates: [ddmmyyyy(daysAgo(6)), ddmmyyyy(daysAgo(2))] }, [P.robleRejected, P.robleCard]],
      [{ dates_payment: [ddmmyyyy(daysAgo(45)), ddmmyyyy(daysAgo(11))] }, [P.zoilaTransfer, P.zoilaCash]],
      [{ dates_bill: [ymd(daysAgo(41)), ymd(daysAgo(39))] }, [P.zoilaCash]],
    ];
    for (const [filters, expected] of cases) {
      const found = await list(admin.token, { filters });
      expect(found.data.map((row) => row.id), JSON.stringify(filters)).toEqual(expected);
      expect(found.total, JSON.stringify(filters)).toBe(expected.length);
    }
  });

  it('searches reference, control and document numbers, client name and identification', async () => {
    expect(await idsOf(admin.token, { search: '456789' })).toEqual([P.zoilaTransfer]);
    expect(await idsOf(admin.token, { search: '00001234' })).toEqual([P.robleCard]);
    expect(await idsOf(admin.token, { search: '00009999' })).toEqual([P.otherCash]);
    expect(await idsOf(admin.token, { search: 'quintero' })).toEqual([P.zoilaTransfer, P.zoilaCash]);
    expect(await idsOf(admin.token, { search: 'J-4012' })).toEqual([P.robleRejected, P.robleCard]);
    expect(await idsOf(admin.token, { search: '84000111' })).toEqual([P.otherCash]);
    expect(await idsOf(admin.token, { search: '100%' })).toEqual([]);
    expect(await idsOf(admin.token, { search: 'quintero', filters: { status: 1 } })).toEqual([P.zoilaCash]);
  });

  it('shows a client user only their own payments, whatever the filters say', async () => {
    expect(await idsOf(zoila.token)).toEqual([P.zoilaTransfer, P.zoilaCash]);
    expect(await idsOf(zoila.token, { filters: { client: [roble.clientId] } })).toEqual([]);
    expect(await idsOf(roble.token, { search: 'quintero' })).toEqual([]);
    expect(await idsOf(roble.token, {}, '/api/payments')).toEqual([P.robleRejected, P.robleCard]);
  });

  it('limits staff to their data scope: own records, selected users, or all', async () => {
    expect(await idsOf(cashier1.token)).toEqual([P.otherCash, P.robleCard]);
    expect(await idsOf(cashier2.token)).toEqual([P.robleRejected]);
    const team = await ctx.staff({ permissions: ['payments'], overrides: { allUsers: false, multipleUsers: [cashier1.id, cashier2.id] } });
    expect(await idsOf(team.token)).toEqual([P.otherCash, P.robleRejected, P.robleCard]);
  });

  it('limits staff without use_all_series to their own series (none: nothing)', async () => {
    const serieB = await ctx.staff({ permissions: ['payments'], overrides: { useAllSeries: false, correlativeId: ids.serieB } });
    expect(await idsOf(serieB.token)).toEqual([P.otherCash, P.robleRejected]);
    const noSerie = await ctx.staff({ permissions: ['payments'], overrides: { useAllSeries: false, correlativeId: null } });
    expect(await list(noSerie.token)).toMatchObject({ data: [], total: 0 });
  });
});

describe('the total of long lists', () => {
  it('counts up to the cap, and answers the planner’s estimate when it expects more than the cap', async () => {
    expect(await cappedCount(ctx.db, undefined, 10)).toBe(5);
    expect(await cappedCount(ctx.db, undefined, 3)).toBe(4);
    expect(await estimatedTotal(ctx.db, eq(payments.id, P.robleCard), 3)).toBe(1);
    expect(await estimatedTotal(ctx.db, undefined, 3)).toBeGreaterThanOrEqual(4);
  });

  it('walks the list batch after batch (exports) with the same rows as one page, also when rows share a timestamp', async () => {
    const auth = (await authenticateToken(ctx.db, admin.token))!;
    const twin = await insertPayment({ client: ids.clientZ, address: ids.otherAddress, fee: '3.00', createdBy: cashier1.id, createdAt: daysAgo(5), months: [addMonths(NOW, 1)] });
    try {
      const whole = (await listSource(ctx.db, { search: '', page: 1, per_page: 100, filters: {} }, auth).rows(100, 0)).map((row) => row.id);
      const source = listSource(ctx.db, { search: '', page: 1, per_page: 100, filters: {} }, auth);
      const walked: number[] = [];
      for (let offset = 0; ; offset += 2) {
        const batch = await source.rows(2, offset);
        walked.push(...batch.map((row) => row.id));
        if (batch.length < 2) break;
      }
      expect(walked).toEqual(whole);
      expect(whole).toHaveLength(6);
    } finally {
      await ctx.db.delete(payments).where(eq(payments.id, twin));
    }
  });

  it('gives the exact total from a short page, without counting', async () => {
    const last = await list(admin.token, { per_page: 3, page: 2 });
    expect(last).toMatchObject({ total: 5, last_page: 2 });
    expect(last.data).toHaveLength(2);
  });
});

describe('GET payments/{id}/files/{file}', () => {
  const url = () => `/api/payments/${P.zoilaCash}/files/${path.basename(storedFile)}`;
  it('downloads a payment image for staff and for its own client', async () => {
    for (const token of [admin.token, zoila.token]) {
      const answer = await ctx.call('GET', url(), { token });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
    }
  });
  it('answers 404 to another client, to a staff user outside the scope, and for a name the payment does not hold', async () => {
    expect((await ctx.call('GET', url(), { token: roble.token })).status).toBe(404);
    expect((await ctx.call('GET', url(), { token: cashier1.token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/payments/${P.robleCard}/files/${path.basename(storedFile)}`, { token: admin.token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/payments/${P.zoilaCash}/files/..%2F..%2Fetc%2Fpasswd`, { token: admin.token })).status).not.toBe(200);
  });
});

describe('GET payments/export and bill-payments/export', () => {
  it('exports the filtered list as CSV with formatted, escaped cells', async () => {
    const answer = await ctx.call('GET', '/api/payments/export', { token: admin.token, query: { type_format: 'csv', filters: { serie: [ids.serieB] } } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toContain('Pagos.csv');
    const rows = parse(String(answer.body).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => Number(row.ID))).toEqual([P.otherCash, P.robleRejected]);
    expect(rows[0]).toMatchObject({ Cliente: 'Pedro Zambrano', Identificación: 'E-84000111', Referencia: "'=cmd|calc", 'Monto pagado': 'BS 120,00', Estatus: 'Aprobado', Serie: 'B' });
    expect(rows[1]).toMatchObject({ Estatus: 'Rechazado', 'Monto pagado (divisa)': '$ 23,20' });
  });

  it('exports XLSX and PDF, and only their own payments to a client user', async () => {
    for (const type_format of ['xlsx', 'pdf']) {
      const answer = await ctx.call('GET', '/api/bill-payments/export', { token: admin.token, query: { type_format } });
      expect(answer.status).toBe(200);
    }
    const own = await ctx.call('GET', '/api/payments/export', { token: zoila.token, query: { type_format: 'csv' } });
    const rows = parse(String(own.body).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => Number(row.ID))).toEqual([P.zoilaTransfer, P.zoilaCash]);
  });

  it('needs export_payments', async () => {
    const reader = await ctx.staff({ permissions: ['payments'] });
    expect((await ctx.call('GET', '/api/payments/export', { token: reader.token, query: { type_format: 'csv' } })).status).toBe(403);
  });
});

describe('GET payments/history-status', () => {
  it('lists the payments a user registered, by status, and needs payments and logs', async () => {
    expect(await idsOf(admin.token, { user_id: cashier1.id }, '/api/payments/history-status')).toEqual([P.otherCash, P.robleCard]);
    expect(await idsOf(admin.token, { user_id: cashier2.id, status: 2 }, '/api/payments/history-status')).toEqual([P.robleRejected]);
    expect(await idsOf(admin.token, { user_id: cashier2.id, status: 1 }, '/api/payments/history-status')).toEqual([]);
    expect(await idsOf(admin.token, { user_id: zoila.id, search: '4567' }, '/api/payments/history-status')).toEqual([P.zoilaTransfer]);
    const noLogs = await ctx.staff({ permissions: ['payments'] });
    expect((await ctx.call('GET', '/api/payments/history-status', { token: noLogs.token, query: { user_id: cashier1.id } })).status).toBe(403);
    expect((await ctx.call('GET', '/api/payments/history-status', { token: zoila.token, query: { user_id: zoila.id } })).status).toBe(403);
  });

  it('answers 422 without user_id and 404 for an unknown user; the caller scope still applies', async () => {
    const missing = await ctx.call('GET', '/api/payments/history-status', { token: admin.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.user_id).toBeDefined();
    expect((await ctx.call('GET', '/api/payments/history-status', { token: admin.token, query: { user_id: 999999 } })).status).toBe(404);
    const limited = await ctx.staff({ permissions: ['payments', 'logs'], overrides: { onlyUser: true, allUsers: false } });
    expect(await idsOf(limited.token, { user_id: cashier1.id }, '/api/payments/history-status')).toEqual([]);
  });
});

describe('GET payments/client-details', () => {
  it('lists one client’s payments for staff with clients, and for the client themself', async () => {
    const staff = await ctx.staff({ permissions: ['clients'] });
    expect(await idsOf(staff.token, { client_id: roble.clientId }, '/api/payments/client-details')).toEqual([P.robleRejected, P.robleCard]);
    expect(await idsOf(zoila.token, { client_id: zoila.clientId, filters: { status: 1 } }, '/api/payments/client-details')).toEqual([P.zoilaCash]);
  });

  it('answers 404 for another client or an unknown one, and 403 without clients', async () => {
    const other = await ctx.call('GET', '/api/payments/client-details', { token: zoila.token, query: { client_id: roble.clientId } });
    expect(other.status).toBe(404);
    expect((await ctx.call('GET', '/api/payments/client-details', { token: admin.token, query: { client_id: 999999 } })).status).toBe(404);
    const reader = await ctx.staff({ permissions: ['payments'] });
    expect((await ctx.call('GET', '/api/payments/client-details', { token: reader.token, query: { client_id: roble.clientId } })).status).toBe(403);
  });
});

describe('payment figures of other screens', () => {
  let reader: TestUser;
  const range = () => [ddmmyyyy(daysAgo(45)), ddmmyyyy(TODAY)];
  const zero = { count_payments: 0, amount_bill: '0.00', amount_payment: '0.00', dollar_amount_bill: '0.00', dollar_amount_payment: '0.00' };
  const rowsOf = async (url: string, query: Record<string, unknown> = {}) => {
    const answer = await ctx.call('GET', url, { token: reader.token, query: { per_page: 100, ...query } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.data as any[];
  };
  beforeAll(async () => {
    reader = await ctx.staff({ permissions: ['states', 'municipalities', 'parishes', 'communities', 'economic_activities', 'activity_groups', 'correlatives', 'clients'] });
  });

  it('sums the approved payments of a date range per regional unit, residential and commercial, to the cent', async () => {
    const [lara] = (await rowsOf('/api/states', { payments: 1, filters: { dates: range() } })).filter((row) => row.id === ids.state);
    // Procesando (Zoila's transfer) and Rechazado (El Roble's second) do not count.
    expect(lara.payments_residential).toEqual({ count_payments: 1, amount_bill: '200.00', amount_payment: '200.00', dollar_amount_bill: '5.00', dollar_amount_payment: '5.00' });
    expect(lara.payments_comercial).toEqual({ count_payments: 1, amount_bill: '1856.00', amount_payment: '1664.00', dollar_amount_bill: '46.40', dollar_amount_payment: '41.60' });
    const [zulia] = (await rowsOf('/api/states', { filters: { dates: range() } })).filter((row) => row.id === ids.otherState);
    expect(zulia.payments_residential).toMatchObject({ count_payments: 1, amount_payment: '120.00' });
    expect(zulia.payments_comercial).toEqual(zero);
    const [iribarren] = (await rowsOf('/api/municipalities', { filters: { dates: range() } })).filter((row) => row.id === ids.municipality);
    expect(iribarren.payments_comercial.amount_bill).toBe('1856.00');
    const [catedral] = (await rowsOf('/api/parishes', { filters: { dates: range() } })).filter((row) => row.id === ids.parish);
    expect(catedral.payments_residential.count_payments).toBe(1);
    const [samanes] = (await rowsOf('/api/communities', { filters: { dates: range() } })).filter((row) => row.id === ids.community);
    expect(samanes.payments_residential.amount_bill).toBe('200.00');
    expect(samanes.payments_comercial).toEqual(zero);
    const [narrow] = (await rowsOf('/api/states', { filters: { dates: [ddmmyyyy(daysAgo(6)), ddmmyyyy(daysAgo(3))] } })).filter((row) => row.id === ids.state);
    expect(narrow.payments_residential).toEqual(zero);
    expect(narrow.payments_comercial.count_payments).toBe(1);
    const [off] = (await rowsOf('/api/states', { payments: 0, filters: { dates: range() } })).filter((row) => row.id === ids.state);
    expect(off.payments_comercial).toEqual(zero);
  });

  it('defaults the cards to today', async () => {
    const [before] = (await rowsOf('/api/states')).filter((row) => row.id === ids.otherState);
    expect(before.payments_residential).toEqual(zero);
    const today = await insertPayment({ client: ids.clientZ, address: ids.otherAddress, fee: '3.00', months: [addMonths(NOW, -2), addMonths(NOW, -1)], rate: '41.37' });
    const [after] = (await rowsOf('/api/states')).filter((row) => row.id === ids.otherState);
    // $3 × 2 × 41.37 = 248.22
    expect(after.payments_residential).toEqual({ count_payments: 1, amount_bill: '248.22', amount_payment: '248.22', dollar_amount_bill: '6.00', dollar_amount_payment: '6.00' });
    await ctx.db.delete(payments).where(eq(payments.id, today));
  });

  it('keeps the daily totals in step with status changes, amounts, deletes and address moves', async () => {
    const kept = async () =>
      ((await ctx.db.execute(sql`select day::text, type, state_id, municipality_id, parish_id, community_id, payments, amount_bill::text, amount_payment::text
        from payment_day_totals where payments <> 0 or amount_bill <> 0 or amount_payment <> 0 order by 1, 2, 3, 4, 5, 6`)) as unknown as { rows: unknown[] }).rows;
    const inStep = async () => {
      const before = await kept();
      await ctx.db.execute(sql`select payment_day_totals_rebuild()`);
      expect(await kept()).toEqual(before);
    };
    const card = async (state: number) => (await rowsOf('/api/states', { filters: { dates: range() } })).find((row) => row.id === state).payments_residential;
    await inStep();
    await ctx.db.update(payments).set({ status: 2 }).where(eq(payments.id, P.zoilaCash));
    expect((await card(ids.state)).count_payments).toBe(0);
    await inStep();
    await ctx.db.update(payments).set({ status: 1, amountBill: '210.50' }).where(eq(payments.id, P.zoilaCash));
    expect(await card(ids.state)).toMatchObject({ count_payments: 1, amount_bill: '210.50' });
    await inStep();
    // Zoila's address moves to Zulia: its approved payment goes along.
    const place = { stateId: ids.otherState, municipalityId: ids.otherMunicipality, parishId: ids.otherParish, communityId: ids.otherCommunity };
    await ctx.db.update(addressesPayments).set(place).where(eq(addressesPayments.id, ids.zoilaAddress));
    expect((await card(ids.otherState)).count_payments).toBe(2);
    expect((await card(ids.state)).count_payments).toBe(0);
    await inStep();
    await ctx.db
      .update(addressesPayments)
      .set({ stateId: ids.state, municipalityId: ids.municipality, parishId: ids.parish, communityId: ids.community })
      .where(eq(addressesPayments.id, ids.zoilaAddress));
    await ctx.db.update(payments).set({ amountBill: '200.00' }).where(eq(payments.id, P.zoilaCash));
    const extra = await insertPayment({ client: zoila.clientId!, address: ids.zoilaAddress, createdAt: daysAgo(3), months: [addMonths(NOW, 1)] });
    expect((await card(ids.state)).count_payments).toBe(2);
    await ctx.db.delete(payments).where(eq(payments.id, extra));
    expect(await card(ids.state)).toMatchObject({ count_payments: 1, amount_bill: '200.00' });
    await inStep();
  });

  it('counts every payment of an activity, a group and a series, kept in step with inserts, moves and deletes', async () => {
    const activity = async () => (await rowsOf('/api/economic-activities')).find((row) => row.id === ids.activity).count_payments;
    const group = async () => (await rowsOf('/api/activity-groups')).find((row) => row.id === ids.group);
    const series = async () => Object.fromEntries((await rowsOf('/api/correlatives')).map((row) => [row.serie, row.count_payments]));
    expect(await activity()).toBe(2);
    expect(await group()).toMatchObject({ count_payments: 2, count_activities: 1 });
    expect(await series()).toEqual({ A: 2, B: 2 });
    await ctx.db.update(payments).set({ serieId: ids.serieB }).where(eq(payments.id, P.robleCard));
    expect(await series()).toEqual({ A: 1, B: 3 });
    const extra = await insertPayment({ client: roble.clientId!, address: ids.robleAddress, type: 1, fee: '20.00', status: 0, serie: ids.serieA, createdAt: daysAgo(50) });
    expect(await activity()).toBe(3);
    expect(await series()).toEqual({ A: 2, B: 3 });
    await ctx.db.delete(payments).where(eq(payments.id, extra));
    await ctx.db.update(payments).set({ serieId: ids.serieA }).where(eq(payments.id, P.robleCard));
    expect(await series()).toEqual({ A: 2, B: 2 });
    expect(await activity()).toBe(2);
    // An address that changes its activity takes its payments along.
    const [pharmacy] = await ctx.db.insert(economicActivities).values({ name: 'Farmacias', activityGroupId: ids.group, fee: '25.00' }).returning();
    await ctx.db.update(addressesPayments).set({ economicActivityId: pharmacy!.id }).where(eq(addressesPayments.id, ids.robleAddress));
    const byActivity = async () => Object.fromEntries((await rowsOf('/api/economic-activities')).map((row) => [row.name, row.count_payments]));
    expect(await byActivity()).toEqual({ Bodegas: 0, Farmacias: 2 });
    expect(await group()).toMatchObject({ count_payments: 2, count_activities: 2 });
    await ctx.db.update(addressesPayments).set({ economicActivityId: ids.activity }).where(eq(addressesPayments.id, ids.robleAddress));
    expect(await byActivity()).toEqual({ Bodegas: 2, Farmacias: 0 });
    // The kept counts agree with the raw count.
    const raw = await ctx.db.select({ serie: payments.serieId, total: sql<number>`count(*)::int` }).from(payments).groupBy(payments.serieId);
    expect(Object.fromEntries(raw.filter((row) => row.serie !== null).map((row) => [row.serie === ids.serieA ? 'A' : 'B', row.total]))).toEqual(await series());
  });

  it('gives clients their payment count and latest payment, in the list and the detail', async () => {
    const row = (await rowsOf('/api/clients', { search: 'Zoila' }))[0];
    expect(row.count_payments).toBe(2);
    expect(row.latest_payment).toEqual({ id: P.zoilaTransfer, status: 0, date_payment: ymd(daysAgo(12)), amount_payment: '200.00', dollar_amount_payment: '5.00', created_at: expect.any(String) });
    const detail = await ctx.call('GET', `/api/clients/${zoila.clientId}`, { token: zoila.token });
    expect(detail.body.data.client).toMatchObject({ count_payments: 2, latest_payment: { id: P.zoilaTransfer } });
    const none = (await rowsOf('/api/clients', { search: 'Zambrano' }))[0];
    expect(none).toMatchObject({ count_payments: 1, latest_payment: { id: P.otherCash, status: 1 } });
  });

  it('filters addresses with and without payments (Con pagos / Sin pagos)', async () => {
    const [unpaid] = await ctx.db.insert(addressesPayments).values({ clientId: ids.clientZ, type: 1, address: 'Local sin pagos' }).returning();
    const addressIds = async (filters: Record<string, unknown>) => {
      const answer = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { per_page: 100, filters } });
      expect(answer.status).toBe(200);
      return (answer.body.data.data as { id: number }[]).map((item) => item.id).sort((a, b) => a - b);
    };
    const all = [ids.zoilaAddress, ids.robleAddress, ids.otherAddress, unpaid!.id].sort((a, b) => a - b);
    expect(await addressIds({ with_payments: true })).toEqual([ids.zoilaAddress, ids.robleAddress, ids.otherAddress].sort((a, b) => a - b));
    expect(await addressIds({ without_payments: 1 })).toEqual([unpaid!.id]);
    expect(await addressIds({ with_payments: 1, without_payments: 1 })).toEqual(all);
  });
});

describe('a search over thousands of clients', () => {
  it('reads newest first through the clients subquery and still finds exactly their payments', async () => {
    await ctx.db.execute(
      sql`insert into clients (type, name, identification_type, identification) select 0, 'Cliente Masivo ' || n, 'V', (30000000 + n)::text from generate_series(1, 2600) as n`,
    );
    const [owner] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.identification, '30001234'));
    const [address] = await ctx.db.insert(addressesPayments).values({ clientId: owner!.id, type: 1, address: 'Local masivo' }).returning();
    const paid = await insertPayment({ client: owner!.id, address: address!.id, type: 1, fee: '20.00', createdAt: daysAgo(20) });
    const found = await list(admin.token, { search: 'masivo', per_page: 10 });
    expect(found.data.map((row) => row.id)).toEqual([paid]);
    expect(found.total).toBe(1);
    expect(await idsOf(admin.token, { search: 'Masivo 1234' })).toEqual([paid]);
    expect(await idsOf(admin.token, { search: 'masivo', filters: { status: 0 } })).toEqual([]);
  });
});
