import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInCaracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth, lastPayableMonth, type Month } from '@recaudo/domain/months';
import { balanceMessages } from '@recaudo/domain/balance';
import { paymentMessages } from '@recaudo/domain/payments';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { addressesPayments, addressMonths } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { setRates } from '../../../test/rates';
import { correlatives } from '../correlatives/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { auditLogs } from '../logs/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { ticketsDelivered, ticketsPayments } from '../tickets-payments/tables';
import { payments } from './tables';

let ctx: TestContext;
let admin: TestUser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-payments-'));
const NOW = currentMonth();
const TODAY = todayInCaracas();
const LIMIT = lastPayableMonth();
const ago = (months: number): Month => addMonths(NOW, -months);
const label = (month: Month) => `${month.slice(5, 7)}-${month.slice(0, 4)}`;
const place = { state: 0, municipality: 0, parish: 0, community: 0, activity: 0 };
const serie = { a: 0, b: 0, c: 0 };

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d9b5a70000000049454e44ae426082', 'hex');
const GIF = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0]), Buffer.alloc(40)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: dataDir });
  // 'clients' reads an address's months to pay (addresses-payment/address-client), as the cashier's client screen does.
  // edit_exchange_rate: some tests type a rate other than the one in force (issue 47).
  admin = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment', 'delete_payment', 'clients', 'edit_exchange_rate'] });
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Mérida' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Libertador', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Arias', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Los Pinos', parishId: parish!.id, fee: '5.00', dateStart: '2020-01-01' }).returning();
  const [group] = await db.insert(activityGroups).values({ name: 'Comercio' }).returning();
  const [activity] = await db.insert(economicActivities).values({ name: 'Bodega', activityGroupId: group!.id, fee: '20.00' }).returning();
  Object.assign(place, { state: state!.id, municipality: municipality!.id, parish: parish!.id, community: community!.id, activity: activity!.id });
  const series = await db
    .insert(correlatives)
    .values([
      { serie: 'A', number: '00000100', numberCreditNote: '0000', numberDebitNote: '0000' },
      { serie: 'B', number: '00000007', numberCreditNote: '0000', numberDebitNote: '0000' },
      { serie: 'C', number: '00000000', numberCreditNote: '0000', numberDebitNote: '0000' },
    ])
    .returning();
  Object.assign(serie, { a: series[0]!.id, b: series[1]!.id, c: series[2]!.id });
  await setRates(db, { usd: '36.50', eur: '40.00' });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let sequence = 0;
async function newClient(): Promise<number> {
  const [client] = await ctx.db
    .insert(clients)
    .values({ type: 0, name: `Cliente ${++sequence}`, identificationType: 'V', identification: String(20_000_000 + sequence) })
    .returning();
  return client!.id;
}

/** An address starting three months ago (four months to pay), complete unless told otherwise. */
async function newAddress(clientId: number, options: { type?: 0 | 1; start?: Month; complete?: boolean } = {}): Promise<number> {
  const type = options.type ?? 0;
  const complete = options.complete ?? true;
  const [address] = await ctx.db
    .insert(addressesPayments)
    .values({
      clientId,
      type,
      address: `Calle ${++sequence}`,
      stateId: place.state,
      municipalityId: place.municipality,
      parishId: place.parish,
      communityId: type === 0 && complete ? place.community : null,
      economicActivityId: type === 1 && complete ? place.activity : null,
      dateStart: `${options.start ?? ago(3)}-01`,
    })
    .returning();
  return address!.id;
}

type Fields = Record<string, string>;

/** The panel's form for an approved cash payment of `months`. */
const form = (clientId: number, addressId: number, months: Month[], overrides: Fields = {}): Fields => ({
  client_id: String(clientId),
  address_payment_id: String(addressId),
  status: '1',
  payment_method_id: '4',
  date_payment: TODAY,
  exchange_rate: '36.50',
  exchange_rate_id: '1',
  exchange_rate_reason: 'Tasa de prueba',
  amount_payment: '182.50',
  serie_id: String(serie.a),
  number: '00012345',
  type_payment_month: '1',
  months_payment: JSON.stringify(months),
  send_invoice: '0',
  ...overrides,
});

interface Upload {
  key: string;
  data: Buffer;
  name: string;
  type: string;
}

/** A multipart request as the payment panel sends it. */
async function send(method: 'POST' | 'PUT', url: string, token: string, fields: Fields, files: Upload[] = []) {
  const boundary = '----recaudo' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.key}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await ctx.app.inject({
    method,
    url,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() };
}

const store = (fields: Fields, token = admin.token, files: Upload[] = []) => send('POST', '/api/bill-payments/store', token, fields, files);
const update = (id: number, fields: Fields, token = admin.token, files: Upload[] = []) =>
  send('POST', '/api/bill-payments/update', token, { ...fields, id: String(id), _method: 'PUT' }, files);
const changeStatus = (id: number, status: number, notes = '', token = admin.token) =>
  ctx.call('PUT', '/api/bill-payments/change-status', { token, body: { id, status, notes } });

async function stored(fields: Fields, token = admin.token, files: Upload[] = []): Promise<number> {
  const answer = await store(fields, token, files);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as number;
}

const paymentRow = async (id: number) => (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0];
const paymentCount = async () => (await ctx.db.select({ total: count() }).from(payments))[0]!.total;
const serieNumber = async (id: number) => (await ctx.db.select().from(correlatives).where(eq(correlatives.id, id)))[0]!.number;
const ledger = (addressId: number) =>
  ctx.db
    .select({ month: addressMonths.month, payment_id: addressMonths.paymentId, pending: addressMonths.pending })
    .from(addressMonths)
    .where(eq(addressMonths.addressPaymentId, addressId))
    .orderBy(asc(addressMonths.month));

async function monthsToPay(clientId: number, addressId: number): Promise<number> {
  const answer = await ctx.call('GET', `/api/addresses-payment/address-client/${clientId}`, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { id: number; months_to_pay: number }[]).find((row) => row.id === addressId)!.months_to_pay;
}

const auditOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.subjectType, 'payments'), eq(auditLogs.subjectId, id)))
    .orderBy(asc(auditLogs.id));

const uploadsOnDisk = () => {
  const folder = path.join(dataDir, 'uploads', 'payments');
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
};

describe('payment form rules (spec 02 §5)', () => {
  it('names every missing required field', async () => {
    const answer = await ctx.call('POST', '/api/bill-payments/store', { token: admin.token, body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toMatchObject({
      client_id: ['El campo Cliente es obligatorio.'],
      address_payment_id: ['El campo Dirección de pago es obligatorio.'],
      status: ['El campo Estatus es obligatorio.'],
      payment_method_id: ['El campo Método de pago es obligatorio.'],
      date_payment: ['El campo Fecha de pago es obligatorio.'],
      exchange_rate: ['El campo Tasa de cambio es obligatorio.'],
      amount_payment: ['El campo Monto pagado es obligatorio.'],
    });
  });

  it('asks the method-dependent fields, the series, the 8-digit control number; no months is an abono, which has no invoice', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const base = form(clientId, addressId, [ago(3)]);
    const transfer = await store({ ...base, payment_method_id: '1' });
    expect(transfer.status).toBe(422);
    expect(transfer.body.errors).toEqual({ reference: ['El campo Referencia es obligatorio.'] });
    const terminal = await store({ ...base, payment_method_id: '2' });
    expect(terminal.body.errors).toEqual({ terminal: ['El campo Terminal es obligatorio.'], lot_number: ['El campo Lote es obligatorio.'] });
    const mobile = await store({ ...base, payment_method_id: '3' });
    expect(mobile.body.errors).toEqual({ reference: ['El campo Referencia es obligatorio.'], bank_id: ['El campo Banco de origen es obligatorio.'] });
    const control = await store({ ...base, number: '1234567' });
    expect(control.body).toMatchObject({ message: 'El campo Nº de control debe tener exactamente 8 dígitos.', errors: { number: [paymentMessages.controlNumber] } });
    const noSerie = await store({ ...base, serie_id: '' });
    expect(noSerie.body.errors).toEqual({ serie_id: ['El campo Serie es obligatorio.'] });
    const noMonths = await store({ ...base, months_payment: '[]', number: '', send_invoice: '1' });
    expect(noMonths.body.errors).toEqual({ send_invoice: [balanceMessages.abonoWithoutInvoice] });
    const tomorrow = addMonths(NOW, 1) + '-01';
    const future = await store({ ...base, date_payment: tomorrow, date_bill: tomorrow });
    expect(future.body.errors).toMatchObject({
      date_payment: ['El campo Fecha de pago debe ser una fecha anterior o igual a hoy.'],
      date_bill: ['El campo Fecha de factura debe ser una fecha anterior o igual a hoy.'],
    });
    // A digital invoice brings its own control number.
    const invoiced = await store({ ...base, number: '', send_invoice: '1' });
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);
    expect(await paymentRow(invoiced.body.data.id)).toMatchObject({ number: null, sendInvoice: true });
    // Transfer with reference and a bank-API mobile payment with its bank pass.
    const mobileOk = await store({ ...base, months_payment: JSON.stringify([ago(2)]), payment_method_id: '3', reference: '123456', bank_id: '1' });
    expect(mobileOk.status, JSON.stringify(mobileOk.body)).toBe(200);
  });

  it('refuses incomplete addresses, another client’s address, unknown methods, Rechazado at creation and months after December', async () => {
    const clientId = await newClient();
    const otherClient = await newClient();
    const residential = await newAddress(clientId, { complete: false });
    const commercial = await newAddress(clientId, { type: 1, complete: false });
    const foreign = await newAddress(otherClient);
    const good = await newAddress(clientId);
    for (const addressId of [residential, commercial]) {
      const answer = await store(form(clientId, addressId, [ago(3)]));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ address_payment_id: [paymentMessages.addressIncomplete] });
    }
    const other = await store(form(clientId, foreign, [ago(3)]));
    expect(other.body).toMatchObject({ message: 'La Dirección de pago no pertenece al Cliente.' });
    const method = await store(form(clientId, good, [ago(3)], { payment_method_id: '999' }));
    expect(method.body.errors).toEqual({ payment_method_id: ['El Método de pago seleccionado no existe.'] });
    const rejected = await store(form(clientId, good, [ago(3)], { status: '2' }));
    expect(rejected.body.errors).toEqual({ status: [paymentMessages.createdRejected] });
    const beyond = addMonths(LIMIT, 1);
    const ahead = await store(form(clientId, good, [ago(3), beyond]));
    expect(ahead.status).toBe(422);
    expect(ahead.body.message).toBe(`El mes ${label(beyond)} no se puede pagar: solo se puede pagar por adelantado hasta ${label(LIMIT)}.`);
    expect(await ledger(good)).toEqual([]);
  });
});

describe('amounts (spec 02 §9)', () => {
  it('type 0: fee × months × rate, no VAT; the amount paid is kept as typed', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const id = await stored(form(clientId, addressId, [ago(3), ago(2)], { amount_payment: '365.00', is_apply_retention: '1' }));
    expect(await paymentRow(id)).toMatchObject({
      taxBase: '10.00',
      iva: '0.00',
      retention: '0.00',
      isApplyRetention: false,
      dollarAmountBill: '10.00',
      dollarAmountPayment: '10.00',
      amountBill: '365.00',
      amountPayment: '365.00',
      exchangeRate: '36.50',
      exchangeRateId: 1,
      monthsPayment: [ago(3), ago(2)],
      typePaymentMonth: 1,
    });
  });

  it('type 1 with retention: base, 16 % VAT, 75 % retained, bill and paid in bolivars to the cent', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId, { type: 1 });
    const id = await stored(
      form(clientId, addressId, [ago(3), ago(2), ago(1)], { exchange_rate: '36.45', amount_payment: '2274.48', is_apply_retention: '1', exchange_rate_id: '2' }),
    );
    // 20 × 3 = 60.00; VAT 9.60; retention 7.20; total 69.60 × 36.45 = 2536.92; paid 62.40 × 36.45 = 2274.48.
    expect(await paymentRow(id)).toMatchObject({
      taxBase: '60.00',
      iva: '9.60',
      retention: '7.20',
      isApplyRetention: true,
      dollarAmountBill: '69.60',
      dollarAmountPayment: '62.40',
      amountBill: '2536.92',
      amountPayment: '2274.48',
      exchangeRate: '36.45',
      exchangeRateId: 2,
    });
  });
});

describe('month ledger', () => {
  it('covers the months paid; months to pay drop; type 0 pays the current month, then the earliest owed', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    expect(await monthsToPay(clientId, addressId)).toBe(4);
    const first = await stored(form(clientId, addressId, [ago(2), ago(3)], { amount_payment: '365.00' }));
    expect(await ledger(addressId)).toEqual([
      { month: ago(3), payment_id: first, pending: false },
      { month: ago(2), payment_id: first, pending: false },
    ]);
    expect(await monthsToPay(clientId, addressId)).toBe(2);
    const current = await stored(form(clientId, addressId, [], { type_payment_month: '0', months_payment: '' }));
    expect((await paymentRow(current))!.monthsPayment).toEqual([NOW]);
    expect(await monthsToPay(clientId, addressId)).toBe(1);
    const owed = await stored(form(clientId, addressId, [], { type_payment_month: '0' }));
    expect((await paymentRow(owed))!.monthsPayment).toEqual([ago(1)]);
    expect(await monthsToPay(clientId, addressId)).toBe(0);
    const next = await store(form(clientId, addressId, [], { type_payment_month: '0' }));
    if (NOW === LIMIT) {
      expect(next.body.errors).toEqual({ months_payment: [paymentMessages.noMonthToPay] });
    } else {
      expect(next.status).toBe(200);
      expect((await paymentRow(next.body.data.id))!.monthsPayment).toEqual([addMonths(NOW, 1)]);
    }
  });

  it('a month already covered refuses the whole payment, naming it: no payment, no number, no ledger rows, no files', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const held = await stored(form(clientId, addressId, [ago(1)]));
    await ctx.db.insert(addressMonths).values({ addressPaymentId: addressId, month: ago(2) });
    const before = { payments: await paymentCount(), number: await serieNumber(serie.a), ledger: await ledger(addressId), files: uploadsOnDisk() };
    const taken = await store(form(clientId, addressId, [ago(3), ago(1)]), admin.token, [{ key: 'files[0]', data: PNG, name: 'voucher.png', type: 'image/png' }]);
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({ message: `El mes ${label(ago(1))} ya está pagado en esta dirección.`, errors: { months_payment: [paymentMessages.monthTaken(ago(1))] } });
    const marked = await store(form(clientId, addressId, [ago(2)]));
    expect(marked.body.message).toBe(paymentMessages.monthTaken(ago(2)));
    expect({ payments: await paymentCount(), number: await serieNumber(serie.a), ledger: await ledger(addressId), files: uploadsOnDisk() }).toEqual(before);
    expect(before.ledger).toEqual([
      { month: ago(2), payment_id: null, pending: false },
      { month: ago(1), payment_id: held, pending: false },
    ]);
  });
});

describe('status changes (spec 02 §4)', () => {
  it('approves, rejects and approves again along the allowed transitions; rejecting releases the months', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const numberBefore = await serieNumber(serie.a);
    const id = await stored(form(clientId, addressId, [ago(3), ago(2)], { status: '0', amount_payment: '365.00' }));
    // A Procesando payment covers its months as pending and has no document number yet.
    expect(await paymentRow(id)).toMatchObject({ status: 0, numberCorrelative: null });
    expect((await ledger(addressId)).map((row) => row.pending)).toEqual([true, true]);
    expect(await serieNumber(serie.a)).toBe(numberBefore);

    const noReason = await changeStatus(id, 2);
    expect(noReason.status).toBe(422);
    expect(noReason.body).toMatchObject({ message: 'El campo Motivo del rechazo es obligatorio.', errors: { notes: ['El campo Motivo del rechazo es obligatorio.'] } });

    const approved = await changeStatus(id, 1);
    expect(approved.body).toMatchObject({ success: true, message: 'Pago aprobado' });
    const number = String(Number(numberBefore) + 1).padStart(8, '0');
    expect(await paymentRow(id)).toMatchObject({ status: 1, numberCorrelative: number, serieId: serie.a });
    expect((await ledger(addressId)).map((row) => row.pending)).toEqual([false, false]);
    expect(await monthsToPay(clientId, addressId)).toBe(2);

    const again = await changeStatus(id, 1);
    expect(again.body.message).toBe('Un pago Aprobado no puede pasar a Aprobado.');

    const rejected = await changeStatus(id, 2, 'Transferencia no recibida');
    expect(rejected.body.message).toBe('Pago rechazado');
    expect(await paymentRow(id)).toMatchObject({ status: 2, notes: 'Transferencia no recibida', numberCorrelative: number });
    expect(await ledger(addressId)).toEqual([]);
    expect(await monthsToPay(clientId, addressId)).toBe(4);
    expect((await changeStatus(id, 2, 'otra vez')).body.message).toBe('Un pago Rechazado no puede pasar a Rechazado.');
    expect((await changeStatus(id, 0)).body.message).toBe('Un pago Rechazado no puede pasar a Procesando.');

    const reapproved = await changeStatus(id, 1);
    expect(reapproved.status).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ status: 1, notes: null, numberCorrelative: number });
    expect(await ledger(addressId)).toEqual([
      { month: ago(3), payment_id: id, pending: false },
      { month: ago(2), payment_id: id, pending: false },
    ]);
    // The number was taken once.
    expect(await serieNumber(serie.a)).toBe(number);

    const events = (await auditOf(id)).map((entry) => [entry.description, (entry.properties as { attributes?: { status?: number } }).attributes?.status]);
    expect(events).toEqual([
      ['created', 0],
      ['updated', 1],
      ['updated', 2],
      ['updated', 1],
    ]);
  });

  it('approving a rejected payment whose month was taken meanwhile is refused, naming the month', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const id = await stored(form(clientId, addressId, [ago(3), ago(2)], { amount_payment: '365.00' }));
    await changeStatus(id, 2, 'Monto incorrecto');
    const other = await stored(form(clientId, addressId, [ago(2)]));
    const refused = await changeStatus(id, 1);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(paymentMessages.monthTaken(ago(2)));
    expect(await paymentRow(id)).toMatchObject({ status: 2 });
    expect(await ledger(addressId)).toEqual([{ month: ago(2), payment_id: other, pending: false }]);
  });

  it('is for staff with edit_payment only', async () => {
    const client = await ctx.clientUser();
    const addressId = await newAddress(client.clientId!);
    const id = await stored(form(client.clientId!, addressId, [ago(3)]));
    expect((await changeStatus(id, 2, 'x', client.token)).status).toBe(403);
    const reader = await ctx.staff({ permissions: ['payments', 'add_payment'] });
    expect((await changeStatus(id, 2, 'x', reader.token)).status).toBe(403);
    expect((await ctx.call('PUT', '/api/payments/change-status', { token: admin.token, body: { id, status: 2, notes: 'Duplicado' } })).status).toBe(200);
  });
});

describe('client users', () => {
  it('pay only their own addresses; the payment is Procesando, without staff options, at the configured rate', async () => {
    const client = await ctx.clientUser();
    const own = await newAddress(client.clientId!);
    const otherClient = await newClient();
    const foreign = await newAddress(otherClient);
    const ticket = (await ctx.db.insert(ticketsPayments).values({ name: `Serie ${++sequence}`, validityDate: '2099-12-31' }).returning())[0]!;
    const fields = form(client.clientId!, own, [ago(3)], {
      exchange_rate: '1.00',
      amount_payment: '182.50',
      checkbook_number: '55',
      date_bill: TODAY,
      tickets_payment_id: String(ticket.id),
      ticket_serial: 'X-1',
      bdv_verified: '1',
    });
    const { status: _status, ...withoutStatus } = fields;
    const created = await store(withoutStatus, client.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.number_correlative).toBeNull();
    expect(await paymentRow(created.body.data.id)).toMatchObject({
      status: 0,
      serieId: null,
      numberCorrelative: null,
      number: null,
      checkbookNumber: null,
      dateBill: null,
      bdvVerified: false,
      ticketsPaymentId: null,
      exchangeRate: '36.50',
      amountBill: '182.50',
      createdBy: client.id,
    });
    expect(await ledger(own)).toEqual([{ month: ago(3), payment_id: created.body.data.id, pending: true }]);
    const forced = await store({ ...fields, months_payment: JSON.stringify([ago(2)]), status: '1' }, client.token);
    expect((await paymentRow(forced.body.data.id))!.status).toBe(0);

    expect((await store(form(client.clientId!, foreign, [ago(3)]), client.token)).status).toBe(404);
    expect((await store(form(otherClient, foreign, [ago(3)]), client.token)).status).toBe(404);
  });

  it('edit and delete their own payments only while Procesando; staff set the series before approving', async () => {
    const client = await ctx.clientUser();
    const own = await newAddress(client.clientId!);
    const id = await stored(form(client.clientId!, own, [ago(3)]), client.token);
    const edited = await update(id, form(client.clientId!, own, [ago(3), ago(2)], { amount_payment: '365.00', observations: 'Pagué dos meses' }), client.token);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ status: 0, amountPayment: '365.00', amountBill: '365.00', observations: 'Pagué dos meses', monthsPayment: [ago(3), ago(2)] });

    const noSerie = await changeStatus(id, 1);
    expect(noSerie.body).toMatchObject({ message: paymentMessages.serieToApprove });
    const staffEdit = await update(id, form(client.clientId!, own, [ago(3), ago(2)], { status: '0', amount_payment: '365.00', serie_id: String(serie.b) }));
    expect(staffEdit.status, JSON.stringify(staffEdit.body)).toBe(200);
    expect((await changeStatus(id, 1)).status).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ status: 1, serieId: serie.b, numberCorrelative: '00000008' });

    const late = await update(id, form(client.clientId!, own, [ago(3)]), client.token);
    expect(late.body).toMatchObject({ message: 'Solo puedes modificar pagos en estado Procesando.' });
    const lateDelete = await ctx.call('DELETE', '/api/bill-payments/delete', { token: client.token, body: { id } });
    expect(lateDelete.body.message).toBe(paymentMessages.onlyProcessing);

    const pending = await stored(form(client.clientId!, own, [ago(1)]), client.token);
    const removed = await ctx.call('DELETE', '/api/payments/delete', { token: client.token, body: { id: pending } });
    expect(removed.body).toMatchObject({ success: true, message: 'Pago eliminado' });
    expect((await ledger(own)).map((row) => row.month)).toEqual([ago(3), ago(2)]);

    const stranger = await ctx.clientUser();
    expect((await update(id, form(client.clientId!, own, [ago(3)]), stranger.token)).status).toBe(404);
    expect((await ctx.call('DELETE', '/api/bill-payments/delete', { token: stranger.token, body: { id } })).status).toBe(404);
  });
});

describe('months paid oldest first (issue 51)', () => {
  it('a client may not leave an older month owed, naming the oldest; staff may; an edit is held to it too', async () => {
    const client = await ctx.clientUser();
    const own = await newAddress(client.clientId!);
    const skipping = await store(form(client.clientId!, own, [ago(2), ago(1)]), client.token);
    expect(skipping.status).toBe(422);
    expect(skipping.body.errors).toEqual({ months_payment: [paymentMessages.olderMonthOwed(ago(3))] });
    const currentOnly = await store(form(client.clientId!, own, [], { type_payment_month: '0' }), client.token);
    expect(currentOnly.body.errors).toEqual({ months_payment: [paymentMessages.olderMonthOwed(ago(3))] });
    expect(await ledger(own)).toEqual([]);

    const id = await stored(form(client.clientId!, own, [ago(3), ago(2)], { amount_payment: '365.00' }), client.token);
    const gap = await update(id, form(client.clientId!, own, [ago(3), ago(1)], { amount_payment: '365.00' }), client.token);
    expect(gap.body.errors).toEqual({ months_payment: [paymentMessages.olderMonthOwed(ago(2))] });
    expect((await ledger(own)).map((row) => row.month)).toEqual([ago(3), ago(2)]);

    const other = await newAddress(client.clientId!);
    expect((await store(form(client.clientId!, other, [ago(1)]))).status).toBe(200);
    expect((await ledger(other)).map((row) => row.month)).toEqual([ago(1)]);
  });
});

describe('approving a payment without series', () => {
  const newSerie = async (number: string) =>
    (await ctx.db.insert(correlatives).values({ serie: `S${++sequence}`, number, numberCreditNote: '0000', numberDebitNote: '0000' }).returning())[0]!.id;
  const clientPayment = async () => {
    const client = await ctx.clientUser();
    const addressId = await newAddress(client.clientId!);
    return stored(form(client.clientId!, addressId, [ago(3)]), client.token);
  };
  const approve = (id: number, token: string, serieId?: number, family = 'payments') =>
    ctx.call('PUT', `/api/${family}/change-status`, { token, body: { id, status: 1, notes: '', ...(serieId === undefined ? {} : { serie_id: serieId }) } });

  it('takes the next number of the series the approver picks, in one step', async () => {
    // Staff with use_all_series and no own series, as the demo administrator.
    const approver = await ctx.staff({ permissions: ['payments', 'edit_payment'], overrides: { useAllSeries: true, correlativeId: null } });
    const serieId = await newSerie('00000041');
    const id = await clientPayment();
    expect(await paymentRow(id)).toMatchObject({ status: 0, serieId: null });

    const answer = await approve(id, approver.token, serieId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: 'Pago aprobado' });
    expect(await paymentRow(id)).toMatchObject({ status: 1, serieId, numberCorrelative: '00000042' });
    expect(await serieNumber(serieId)).toBe('00000042');
    const [, approval] = await auditOf(id);
    expect(approval).toMatchObject({ description: 'updated', causerId: approver.id });
    expect(approval!.properties.attributes).toMatchObject({ status: 1, serie_id: serieId, number_correlative: '00000042' });

    // The bill-payments family reads it too; a rejected client payment approved again numbers the same way.
    const second = await clientPayment();
    expect((await changeStatus(second, 2, 'Referencia errada', approver.token)).status).toBe(200);
    expect((await approve(second, approver.token, serieId, 'bill-payments')).status).toBe(200);
    expect(await paymentRow(second)).toMatchObject({ status: 1, serieId, numberCorrelative: '00000043' });
  });

  it('a picked series beats the approver’s own; without one the own series is used; a payment with series keeps it', async () => {
    const own = await newSerie('00000500');
    const picked = await newSerie('00000900');
    const approver = await ctx.staff({ permissions: ['payments', 'edit_payment'], overrides: { useAllSeries: true, correlativeId: own } });
    const first = await clientPayment();
    expect((await approve(first, approver.token, picked)).status).toBe(200);
    expect(await paymentRow(first)).toMatchObject({ serieId: picked, numberCorrelative: '00000901' });
    const second = await clientPayment();
    expect((await approve(second, approver.token)).status).toBe(200);
    expect(await paymentRow(second)).toMatchObject({ serieId: own, numberCorrelative: '00000501' });

    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const withSerie = await stored(form(clientId, addressId, [ago(3)], { status: '0', serie_id: String(own) }));
    expect((await approve(withSerie, approver.token, picked)).status).toBe(200);
    expect(await paymentRow(withSerie)).toMatchObject({ serieId: own, numberCorrelative: '00000502' });
    expect(await serieNumber(picked)).toBe('00000901');
  });

  it('refuses a series the approver may not use, as the form does, and still asks for one when none is given', async () => {
    const id = await clientPayment();
    // No such series: the form's 422.
    const missing = await approve(id, admin.token, 999_999);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ serie_id: [paymentMessages.serieMissing] });
    // A cashier limited to their own series doesn't reach a payment without series at all.
    const cashierSerie = await newSerie('00000010');
    const cashier = await ctx.staff({ permissions: ['payments', 'edit_payment'], overrides: { useAllSeries: false, correlativeId: cashierSerie } });
    expect((await approve(id, cashier.token, cashierSerie)).status).toBe(404);
    // Neither a series nor an own one: the 422 that asks for it.
    const none = await approve(id, admin.token);
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ message: paymentMessages.serieToApprove, errors: { serie_id: [paymentMessages.serieToApprove] } });
    const blank = await ctx.call('PUT', '/api/payments/change-status', { token: admin.token, body: { id, status: 1, notes: '', serie_id: '' } });
    expect(blank.body.message).toBe(paymentMessages.serieToApprove);
    // Nothing changed, no number was spent.
    expect(await paymentRow(id)).toMatchObject({ status: 0, serieId: null, numberCorrelative: null });
    expect(await serieNumber(cashierSerie)).toBe('00000010');
  });
});

describe('series and data scope', () => {
  it('a user without use_all_series works only with their own series', async () => {
    const cashier = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment', 'delete_payment'], overrides: { useAllSeries: false, correlativeId: serie.a } });
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const other = await store(form(clientId, addressId, [ago(3)], { serie_id: String(serie.b) }), cashier.token);
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ serie_id: [paymentMessages.serieNotAllowed] });
    const mine = await store(form(clientId, addressId, [ago(3)]), cashier.token);
    expect(mine.status).toBe(200);
    // A payment of another series is out of reach.
    const foreign = await stored(form(clientId, addressId, [ago(2)], { serie_id: String(serie.b) }));
    expect((await changeStatus(foreign, 2, 'x', cashier.token)).status).toBe(404);
    expect((await ctx.call('DELETE', '/api/bill-payments/delete', { token: cashier.token, body: { id: foreign } })).status).toBe(404);
    // Staff limited to their own records don't reach others' payments.
    const own = await ctx.staff({ permissions: ['payments', 'edit_payment'], overrides: { onlyUser: true } });
    expect((await changeStatus(mine.body.data.id, 2, 'x', own.token)).status).toBe(404);
  });
});

describe('editing', () => {
  it('recomputes amounts, covers the months again, keeps the document number and logs the changed fields', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const otherAddress = await newAddress(clientId);
    const created = await store(form(clientId, addressId, [ago(3)]));
    const id = created.body.data.id as number;
    const number = created.body.data.number_correlative as string;
    expect(number).toMatch(/^\d{8}$/);
    const edited = await update(id, form(clientId, addressId, [ago(3), ago(2)], { amount_payment: '365.00' }));
    expect(edited.body).toMatchObject({ success: true, message: 'Pago actualizado' });
    expect(await paymentRow(id)).toMatchObject({ numberCorrelative: number, amountBill: '365.00', amountPayment: '365.00', monthsPayment: [ago(3), ago(2)] });
    expect((await ledger(addressId)).map((row) => row.month)).toEqual([ago(3), ago(2)]);
    const [, updated] = await auditOf(id);
    expect(updated).toMatchObject({ description: 'updated', causerId: admin.id });
    expect(updated!.properties).toEqual({
      old: { amount_bill: '182.50', amount_payment: '182.50', dollar_amount_bill: '5.00', dollar_amount_payment: '5.00', tax_base: '5.00', months_payment: [ago(3)] },
      attributes: { amount_bill: '365.00', amount_payment: '365.00', dollar_amount_bill: '10.00', dollar_amount_payment: '10.00', tax_base: '10.00', months_payment: [ago(3), ago(2)] },
    });

    // Moving to another address releases the old months there.
    const moved = await update(id, form(clientId, otherAddress, [ago(1)]));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await ledger(addressId)).toEqual([]);
    expect(await ledger(otherAddress)).toEqual([{ month: ago(1), payment_id: id, pending: false }]);

    // A month of another payment refuses the edit and leaves the ledger as it was.
    const blocker = await stored(form(clientId, otherAddress, [ago(2)]));
    const clash = await update(id, form(clientId, otherAddress, [ago(2), ago(1)], { amount_payment: '365.00' }));
    expect(clash.body.message).toBe(paymentMessages.monthTaken(ago(2)));
    expect(await ledger(otherAddress)).toEqual([
      { month: ago(2), payment_id: blocker, pending: false },
      { month: ago(1), payment_id: id, pending: false },
    ]);

    const status = await update(id, form(clientId, otherAddress, [ago(1)], { status: '0' }));
    expect(status.body.errors).toEqual({ status: [paymentMessages.statusThroughActions] });
    const serieChange = await update(id, form(clientId, otherAddress, [ago(1)], { serie_id: String(serie.b) }));
    expect(serieChange.body.message).toBe(`La serie no se puede cambiar: el pago ya tiene el número ${number}.`);
    expect((await update(999_999, form(clientId, otherAddress, [ago(1)]))).status).toBe(404);
  });

  it('keeps the month of a current-month payment when edited later', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const id = await stored(form(clientId, addressId, [], { type_payment_month: '0' }));
    await ctx.db.update(payments).set({ monthsPayment: [ago(3)] }).where(eq(payments.id, id));
    await ctx.db.update(addressMonths).set({ month: ago(3) }).where(eq(addressMonths.paymentId, id));
    // The second call family, as a real PUT with a JSON body.
    const edited = await ctx.call('PUT', '/api/payments/update', {
      token: admin.token,
      body: { ...form(clientId, addressId, [], { type_payment_month: '0', observations: 'Corregido' }), id },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ observations: 'Corregido', monthsPayment: [ago(3)] });
    expect(await ledger(addressId)).toEqual([{ month: ago(3), payment_id: id, pending: false }]);
  });
});

describe('tickets, deletion and files', () => {
  it('a payment with a ticket delivers it; editing follows it; deleting the payment releases months and ticket', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const [ticket] = await ctx.db.insert(ticketsPayments).values({ name: `Talonario ${++sequence}`, validityDate: '2099-12-31' }).returning();
    const [inactive] = await ctx.db.insert(ticketsPayments).values({ name: `Viejo ${++sequence}`, validityDate: '2099-12-31', status: false }).returning();
    const refused = await store(form(clientId, addressId, [ago(3)], { tickets_payment_id: String(inactive!.id) }));
    expect(refused.body.errors).toEqual({ tickets_payment_id: [paymentMessages.ticketInactive(inactive!.name)] });
    const id = await stored(form(clientId, addressId, [ago(3)], { tickets_payment_id: String(ticket!.id), ticket_serial: 'A-0001' }));
    const delivered = () => ctx.db.select().from(ticketsDelivered).where(eq(ticketsDelivered.addressPaymentId, addressId));
    expect(await delivered()).toMatchObject([{ ticketsPaymentId: ticket!.id, paymentId: id, ticketSerial: 'A-0001', createdBy: admin.id }]);
    await update(id, form(clientId, addressId, [ago(3)], { tickets_payment_id: String(ticket!.id), ticket_serial: 'A-0002' }));
    expect(await delivered()).toMatchObject([{ paymentId: id, ticketSerial: 'A-0002' }]);

    const removed = await ctx.call('DELETE', '/api/bill-payments/delete', { token: admin.token, body: { id } });
    expect(removed.status).toBe(200);
    expect(await paymentRow(id)).toBeUndefined();
    expect(await delivered()).toEqual([]);
    expect(await ledger(addressId)).toEqual([]);
    expect(await monthsToPay(clientId, addressId)).toBe(4);
    expect((await auditOf(id)).map((entry) => entry.description)).toEqual(['created', 'updated', 'deleted']);
    expect((await ctx.call('DELETE', '/api/bill-payments/delete', { token: admin.token, body: { id } })).status).toBe(404);
    const reader = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment'] });
    expect((await ctx.call('DELETE', '/api/bill-payments/delete', { token: reader.token, body: { id } })).status).toBe(403);
  });

  it('stores image files checked by content, keeps the listed ones, deletes the rest after the change and with the payment', async () => {
    const clientId = await newClient();
    const addressId = await newAddress(clientId);
    const before = uploadsOnDisk();
    const bad = await store(form(clientId, addressId, [ago(3)]), admin.token, [
      { key: 'files[0]', data: PNG, name: 'a.png', type: 'image/png' },
      { key: 'files[1]', data: SVG, name: 'b.png', type: 'image/png' },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'files.1': [paymentMessages.fileInvalid(2)] });
    expect(uploadsOnDisk()).toEqual(before);

    const id = await stored(form(clientId, addressId, [ago(3)]), admin.token, [
      { key: 'files[0]', data: PNG, name: 'a.png', type: 'image/png' },
      { key: 'files[1]', data: GIF, name: 'b.gif', type: 'image/gif' },
    ]);
    const [png, gif] = (await paymentRow(id))!.files;
    expect(png).toMatch(/^payments\/[0-9a-f-]{36}\.png$/);
    expect(gif).toMatch(/^payments\/[0-9a-f-]{36}\.gif$/);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', png!))).toEqual(PNG);

    const foreign = await update(id, { ...form(clientId, addressId, [ago(3)]), 'files_string[0]': 'payments/00000000-0000-0000-0000-000000000000.png' });
    expect(foreign.body.errors).toEqual({ files_string: [paymentMessages.fileNotOwned] });

    const edited = await update(id, { ...form(clientId, addressId, [ago(3)]), 'files_string[0]': png! }, admin.token, [{ key: 'files[0]', data: ICO, name: 'c.ico', type: 'image/x-icon' }]);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const files = (await paymentRow(id))!.files;
    expect(files).toHaveLength(2);
    expect(files[0]).toBe(png);
    expect(files[1]).toMatch(/\.ico$/);
    expect(fs.existsSync(path.join(dataDir, 'uploads', gif!))).toBe(false);
    const audit = (await auditOf(id)).at(-1)!;
    expect(audit.properties).toEqual({ old: { files: [png, gif] }, attributes: { files } });

    await ctx.call('DELETE', '/api/bill-payments/delete', { token: admin.token, body: { id } });
    expect(uploadsOnDisk()).toEqual(before);
  });
});

describe('document numbers under concurrency', () => {
  it('50 payments created at once on one series get 50 distinct consecutive numbers', async () => {
    const clientId = await newClient();
    const addresses: number[] = [];
    for (let index = 0; index < 50; index++) addresses.push(await newAddress(clientId));
    const answers = await Promise.all(
      addresses.map((addressId) =>
        ctx.call('POST', '/api/payments/store', { token: admin.token, body: { ...form(clientId, addressId, [ago(3)], { serie_id: String(serie.c) }), months_payment: [ago(3)] } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const numbers = answers.map((answer) => answer.body.data.number_correlative as string).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => String(index + 1).padStart(8, '0')));
    expect(await serieNumber(serie.c)).toBe('00000050');
  });
});

describe('PUT /api/clients/update-contact-info from the payment panel', () => {
  it('lets a cashier with add_payment fix a client’s e-mail and phones', async () => {
    const cashier = await ctx.staff({ permissions: ['payments', 'add_payment'] });
    const clientId = await newClient();
    const answer = await ctx.call('PUT', '/api/clients/update-contact-info', { token: cashier.token, body: { id: clientId, email: 'pagos@correo.test', phone: ['04141234567'] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await ctx.db.select().from(clients).where(eq(clients.id, clientId)))[0]).toMatchObject({ email: 'pagos@correo.test', phone: ['4141234567'] });
    const bad = await ctx.call('PUT', '/api/clients/update-contact-info', { token: cashier.token, body: { id: clientId, email: 'no-es-correo', phone: ['04001234567'] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(['El formato de Correo es inválido.']);
    const outsider = await ctx.staff({ permissions: ['payments'] });
    expect((await ctx.call('PUT', '/api/clients/update-contact-info', { token: outsider.token, body: { id: clientId, email: 'x@correo.test', phone: ['04141234567'] } })).status).toBe(403);
  });
});
