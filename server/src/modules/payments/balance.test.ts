import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, currentMonth, lastPayableMonth, monthRange, type Month } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { setRates } from '../../../test/rates';
import { addressBalanceMovements, addressesPayments, addressMonths } from '../addresses-payment/tables';
import { correlatives } from '../correlatives/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { solvencies } from '../solvencies/tables';
import { cashPayment } from '../../../test/payment-fixture';

/**
 * Abonos and the credit balance (issue 50): what a payment brings beyond its months is kept in
 * dollars at its rate and completes owed months oldest first; a rejected or deleted payment
 * takes its part back. Community fee $ 5,00, dollar at 36,50 BS.
 */
let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
let stranger: TestUser;
let serieId = 0;
const place = { state: 0, municipality: 0, parish: 0, community: 0 };
const NOW = currentMonth();
const LIMIT = lastPayableMonth();
const ago = (months: number): Month => addMonths(NOW, -months);
const label = (month: Month) => `${month.slice(5, 7)}-${month.slice(0, 4)}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({
    permissions: ['payments', 'add_payment', 'edit_payment', 'delete_payment', 'clients', 'edit_exchange_rate', 'add_solvency', 'export_payments', 'edit_address_payment'],
  });
  owner = await ctx.clientUser({ name: 'Marta Abonos' });
  stranger = await ctx.clientUser({ name: 'Otra Clienta' });
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Los Samanes', parishId: parish!.id, fee: '5.00', dateStart: '2020-01-01' }).returning();
  Object.assign(place, { state: state!.id, municipality: municipality!.id, parish: parish!.id, community: community!.id });
  const [serie] = await db.insert(correlatives).values({ serie: 'A', number: '00000100', numberCreditNote: '0000', numberDebitNote: '0000' }).returning();
  serieId = serie!.id;
  await setRates(db, { usd: '36.50' });
});
afterAll(async () => {
  await ctx.close();
});

/** A residential address of the owner owing from `start` ($ 5,00 a month). */
async function newAddress(start: Month = ago(3), clientId = owner.clientId!): Promise<number> {
  const [row] = await ctx.db
    .insert(addressesPayments)
    .values({ clientId, type: 0, address: `Calle ${Math.random()}`, stateId: place.state, municipalityId: place.municipality, parishId: place.parish, communityId: place.community, dateStart: `${start}-01` })
    .returning();
  return row!.id;
}

const payment = (addressId: number, amount: string, months: Month[] = [], overrides: Record<string, unknown> = {}) =>
  cashPayment({ clientId: owner.clientId, serieId }, addressId, amount, months, overrides);

async function pay(addressId: number, amount: string, months: Month[] = [], overrides: Record<string, unknown> = {}) {
  const answer = await ctx.call('POST', '/api/bill-payments/store', { token: admin.token, body: payment(addressId, amount, months, overrides) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { id: number; balance_months: Month[] };
}

const balance = async (addressId: number, token = admin.token) => ctx.call('GET', `/api/addresses-payment/balance/${addressId}`, { token });
const balanceOf = async (addressId: number) => (await balance(addressId)).body.data as { balance_usd: string; balance_ves: string; movements: Record<string, unknown>[] };

/** The address as its client's detail answers it (calendar and balance). */
async function addressShown(addressId: number) {
  const answer = await ctx.call('GET', `/api/addresses-payment/address-client/${owner.clientId}`, { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body.data.find((row: { id: number }) => row.id === addressId) as {
    balance_usd: string;
    months_to_pay: number;
    payments: { months: { month: Month; state: string; paid_usd: string; price_usd: string | null; from_balance: boolean }[] }[];
  };
}
const monthShown = async (addressId: number, month: Month) =>
  (await addressShown(addressId)).payments.flatMap((year) => year.months).find((entry) => entry.month === month)!;

const ledger = async (addressId: number) =>
  (await ctx.db.select({ month: addressMonths.month, fromBalance: addressMonths.fromBalance }).from(addressMonths).where(eq(addressMonths.addressPaymentId, addressId)).orderBy(asc(addressMonths.month))).map(
    (row) => `${row.month}${row.fromBalance ? ' abonos' : ''}`,
  );

describe('abonos and the credit balance', () => {
  it('keeps an abono smaller than a month as balance, shows the oldest month partly paid, and completes it with the next abono', async () => {
    const id = await newAddress();
    // 109,50 BS ÷ 36,50 = $ 3,00.
    const first = await pay(id, '109.50');
    expect(first.balance_months).toEqual([]);
    expect(await balanceOf(id)).toMatchObject({
      balance_usd: '3.00',
      balance_ves: '109.50',
      movements: [{ kind: 'credit', amount_usd: '3.00', payment_id: first.id, month: null }],
    });
    expect(await monthShown(id, ago(3))).toMatchObject({ state: 'partial', paid_usd: '3.00', price_usd: '5.00', from_balance: false });
    expect(await monthShown(id, ago(2))).toMatchObject({ state: 'unpaid', paid_usd: '0.00', price_usd: '5.00' });
    expect((await addressShown(id)).balance_usd).toBe('3.00');

    // 73,00 BS = $ 2,00: the balance reaches $ 5,00 and completes the oldest month in the same write.
    const second = await pay(id, '73.00');
    expect(second.balance_months).toEqual([ago(3)]);
    const after = await balanceOf(id);
    expect(after.balance_usd).toBe('0.00');
    expect(after.movements.map((row) => [row.kind, row.amount_usd, row.payment_id, row.month])).toEqual([
      ['credit', '3.00', first.id, null],
      ['credit', '2.00', second.id, null],
      ['month', '-5.00', second.id, ago(3)],
    ]);
    expect(await ledger(id)).toEqual([`${ago(3)} abonos`]);
    expect(await monthShown(id, ago(3))).toMatchObject({ state: 'paid', from_balance: true, paid_usd: '5.00' });
    expect((await addressShown(id)).months_to_pay).toBe(3);
  });

  it('puts what a payment brings beyond its months on the balance, which completes the next owed month', async () => {
    const id = await newAddress();
    // 401,50 BS = $ 11,00 for one month of $ 5,00: $ 6,00 of credit completes the next month, $ 1,00 stays.
    const stored = await pay(id, '401.50', [ago(3)]);
    expect(stored.balance_months).toEqual([ago(2)]);
    expect(await ledger(id)).toEqual([ago(3), `${ago(2)} abonos`]);
    expect((await balanceOf(id)).balance_usd).toBe('1.00');
    expect(await monthShown(id, ago(1))).toMatchObject({ state: 'partial', paid_usd: '1.00', price_usd: '5.00' });
  });

  it('adds credits to the cent at each payment’s own rate, rounding half-up', async () => {
    const id = await newAddress();
    // 100,00 ÷ 36,50 = 2,7397… → $ 2,74, three times: $ 8,22, one month completed, $ 3,22 left.
    for (let round = 0; round < 3; round++) await pay(id, '100.00');
    expect((await balanceOf(id)).balance_usd).toBe('3.22');
    // A manual rate of 40,00: 40,20 BS = $ 1,005 → $ 1,01.
    await pay(id, '40.20', [], { exchange_rate: '40.00', exchange_rate_reason: 'Tasa acordada con el cliente' });
    const shown = await balanceOf(id);
    expect(shown.balance_usd).toBe('4.23');
    expect(shown.movements.at(-1)).toMatchObject({ kind: 'credit', amount_usd: '1.01' });
    // Shown in bolívares at today's rate (36,50), not at the rates it was paid at: 4,23 × 36,50 = 154,395 → 154,40.
    expect(shown.balance_ves).toBe('154.40');
  });

  it('completes owed months oldest first, skipping the ones already paid', async () => {
    const id = await newAddress();
    await pay(id, '182.50', [ago(2)]);
    // $ 10,00: the two owed months around the paid one.
    const stored = await pay(id, '365.00');
    expect(stored.balance_months).toEqual([ago(3), ago(1)]);
    expect(await ledger(id)).toEqual([`${ago(3)} abonos`, ago(2), `${ago(1)} abonos`]);
    expect((await balanceOf(id)).balance_usd).toBe('0.00');
  });

  it('covers months ahead only up to December of the current year; the rest waits as balance', async () => {
    const id = await newAddress(NOW);
    const payable = monthRange(NOW, LIMIT);
    // Enough for every payable month, one more and $ 2,00: only the payable ones are completed.
    const dollars = (payable.length + 1) * 5 + 2;
    const stored = await pay(id, (dollars * 36.5).toFixed(2));
    expect(stored.balance_months).toEqual(payable);
    expect((await balanceOf(id)).balance_usd).toBe('7.00');
  });

  it('counts a Procesando payment’s credit only once it is approved', async () => {
    const id = await newAddress();
    const stored = await pay(id, '109.50', [], { status: 0 });
    expect((await balanceOf(id)).balance_usd).toBe('0.00');
    const approved = await ctx.call('PUT', '/api/bill-payments/change-status', { token: admin.token, body: { id: stored.id, status: 1, notes: '' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await balanceOf(id)).toMatchObject({ balance_usd: '3.00', movements: [{ kind: 'credit', amount_usd: '3.00', payment_id: stored.id }] });
  });

  it('follows an edit of the amount with one movement of the difference', async () => {
    const id = await newAddress();
    const stored = await pay(id, '109.50');
    const edited = await ctx.call('PUT', '/api/bill-payments/update', { token: admin.token, body: { ...payment(id, '73.00'), id: stored.id } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const shown = await balanceOf(id);
    expect(shown.balance_usd).toBe('2.00');
    expect(shown.movements.map((row) => [row.kind, row.amount_usd])).toEqual([
      ['credit', '3.00'],
      ['reversal', '-1.00'],
    ]);
  });
});

describe('the statement of account', () => {
  it('lists the months paid with abonos and every movement of the balance, in JSON and in the PDF', async () => {
    const id = await newAddress();
    const first = await pay(id, '109.50');
    const second = await pay(id, '182.50');
    const answer = await ctx.call('GET', `/api/addresses-payment/statement/${id}`, { token: owner.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [address] = answer.body.data.addresses;
    expect(address.months.find((entry: { month: Month }) => entry.month === ago(3))).toMatchObject({ state: 'balance', payment: null });
    expect(address.balance_usd).toBe('3.00');
    expect(address.balance_movements.map((row: Record<string, unknown>) => [row.kind, row.amount_usd, row.payment_id, row.month])).toEqual([
      ['credit', '3.00', first.id, null],
      ['credit', '5.00', second.id, null],
      ['month', '-5.00', second.id, ago(3)],
    ]);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/addresses-payment/statement/${id}?type_format=pdf`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfText(pdf.rawPayload);
    for (const part of ['Pagado con abonos', 'Abono a favor', 'Mes cubierto con abonos', `#${first.id}`, '$ -5,00', '$ 3,00']) expect(text).toContain(part);
  });
});

describe('a payment that fed the balance, rejected or deleted', () => {
  it('rejected: its credit is taken back and the month the balance completed with it is owed again', async () => {
    const id = await newAddress();
    const first = await pay(id, '109.50');
    const second = await pay(id, '109.50');
    expect(second.balance_months).toEqual([ago(3)]);
    const rejected = await ctx.call('PUT', '/api/bill-payments/change-status', { token: admin.token, body: { id: first.id, status: 2, notes: 'Transferencia devuelta' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const shown = await balanceOf(id);
    expect(shown.balance_usd).toBe('3.00');
    expect(shown.movements.map((row) => [row.kind, row.amount_usd, row.payment_id, row.month])).toEqual([
      ['credit', '3.00', first.id, null],
      ['credit', '3.00', second.id, null],
      ['month', '-5.00', second.id, ago(3)],
      ['reversal', '-3.00', first.id, null],
      ['month_reopened', '5.00', first.id, ago(3)],
    ]);
    expect(await ledger(id)).toEqual([]);
    expect(await monthShown(id, ago(3))).toMatchObject({ state: 'partial', paid_usd: '3.00' });
  });

  it('deleted: the same, and a solvency that relied on the month is revoked', async () => {
    const id = await newAddress(NOW);
    const abono = await pay(id, '182.50');
    expect(abono.balance_months).toEqual([NOW]);
    const issued = await ctx.call('POST', '/api/solvencies/store', { token: admin.token, body: { client_id: owner.clientId, addresses_payment_id: id } });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const deleted = await ctx.call('DELETE', '/api/bill-payments/delete', { token: admin.token, body: { id: abono.id } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const shown = await balanceOf(id);
    expect(shown.balance_usd).toBe('0.00');
    expect(shown.movements.map((row) => [row.kind, row.amount_usd, row.month])).toEqual([
      ['credit', '5.00', null],
      ['month', '-5.00', NOW],
      ['reversal', '-5.00', null],
      ['month_reopened', '5.00', NOW],
    ]);
    expect(await ledger(id)).toEqual([]);
    const [certificate] = await ctx.db.select().from(solvencies).where(eq(solvencies.id, issued.body.data.id));
    expect(certificate).toMatchObject({ isValid: false, revokedReason: 'balance_reversed' });
    const check = await ctx.call('GET', `/api/verify-solvency/${issued.body.data.hash}`);
    expect(check.body.data.revoked_reason).toBe('Un mes cubierto con abonos en el que se basaba volvió a deberse: se revirtió un abono');
  });

  it('the months the payment paid in full are released as before and its credit leaves with them', async () => {
    const id = await newAddress();
    const stored = await pay(id, '401.50', [ago(3)]);
    expect(await ledger(id)).toEqual([ago(3), `${ago(2)} abonos`]);
    const rejected = await ctx.call('PUT', '/api/bill-payments/change-status', { token: admin.token, body: { id: stored.id, status: 2, notes: 'Pago duplicado' } });
    expect(rejected.status).toBe(200);
    expect(await ledger(id)).toEqual([]);
    expect((await balanceOf(id)).balance_usd).toBe('0.00');
  });

  it('a month the balance completed cannot be unmarked on the calendar', async () => {
    const id = await newAddress(NOW);
    await pay(id, '182.50');
    const answer = await ctx.call('POST', '/api/addresses-payment/change-status-payments-multiple-months', {
      token: admin.token,
      body: { client_id: owner.clientId, address_id: id, selected_months: [] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(`El mes ${label(NOW)} está cubierto con el saldo a favor y no se puede desmarcar.`);
    expect(await ledger(id)).toEqual([`${NOW} abonos`]);
  });
});

describe('bad input and the data boundary', () => {
  it('refuses a zero or negative abono, one worth less than a cent and one with an invoice, storing nothing', async () => {
    const id = await newAddress();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount_payment: '0' }, 'amount_payment', 'El campo Monto pagado debe ser mayor que 0.'],
      [{ amount_payment: '-10.00' }, 'amount_payment', 'El campo Monto pagado debe ser mayor que 0.'],
      [{ amount_payment: '0.10' }, 'amount_payment', 'El abono debe valer al menos $ 0,01 a la tasa del pago (BS 36,50 por dólar).'],
      [{ send_invoice: 1 }, 'send_invoice', 'Un abono no lleva factura digital: desmarca "Enviar factura digital" o elige los meses que paga.'],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await ctx.call('POST', '/api/bill-payments/store', { token: admin.token, body: payment(id, '109.50', [], overrides) });
      expect(answer.status, JSON.stringify(overrides)).toBe(422);
      expect(answer.body).toMatchObject({ success: false, message, errors: { [field]: [message] } });
    }
    expect(await balanceOf(id)).toEqual({ balance_usd: '0.00', balance_ves: '0.00', movements: [] });
  });

  it('answers a client her own balance only; staff need the Clientes permission', async () => {
    const id = await newAddress();
    await pay(id, '109.50');
    expect((await balance(id, owner.token)).body.data.balance_usd).toBe('3.00');
    const other = await balance(id, stranger.token);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('No se ha encontrado la dirección');
    const noPermission = await ctx.staff({ permissions: ['payments'] });
    expect((await balance(id, noPermission.token)).status).toBe(403);
    expect((await ctx.call('GET', `/api/addresses-payment/balance/${id}`)).status).toBe(401);
    expect((await balance(999_999)).status).toBe(404);
  });

  it('exports the balance as its own column', async () => {
    const id = await newAddress();
    await pay(id, '109.50');
    const csv = await ctx.call('GET', '/api/addresses-payment/export', { token: admin.token, query: { type_format: 'csv', filters: { client: [owner.clientId] } } });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).split(/\r?\n/);
    const header = lines[0]!.replace(/^\uFEFF/, '').split(/[;,]/);
    const column = header.findIndex((cell) => cell.replace(/"/g, '') === 'Saldo a favor ($)');
    expect(column).toBeGreaterThan(-1);
    const row = lines.find((line) => line.split(/[;,]/)[0]!.replace(/"/g, '') === String(id))!;
    expect(row.split(/[;,]/)[column]!.replace(/"/g, '')).toBe('3.00');
  });
});

describe('concurrent abonos on one address', () => {
  it('20 abonos at once: every credit counted once and the balance right to the cent', async () => {
    const id = await newAddress();
    // 20 × 73,00 BS = 20 × $ 2,00 = $ 40,00: months from ago(3) to December at $ 5,00, the rest stays.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.call('POST', '/api/bill-payments/store', { token: admin.token, body: payment(id, '73.00') })),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const payable = monthRange(ago(3), LIMIT);
    const completed = payable.slice(0, 8);
    expect(answers.flatMap((answer) => answer.body.data.balance_months as Month[]).sort()).toEqual(completed);
    expect(await ledger(id)).toEqual(completed.map((month) => `${month} abonos`));
    const shown = await balanceOf(id);
    expect(shown.balance_usd).toBe((40 - 5 * completed.length).toFixed(2));
    const credits = await ctx.db
      .select()
      .from(addressBalanceMovements)
      .where(and(eq(addressBalanceMovements.addressPaymentId, id), eq(addressBalanceMovements.kind, 'credit')));
    expect(credits).toHaveLength(20);
    expect(new Set(credits.map((row) => row.paymentId)).size).toBe(20);
  });
});
