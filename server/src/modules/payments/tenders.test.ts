import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInCaracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { setRates } from '../../../test/rates';
import { addressesPayments } from '../addresses-payment/tables';
import { banks } from '../banks/tables';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { paymentMethods } from '../payment-methods/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { payments, paymentTenders } from './tables';

/**
 * Dollars at the counter (issue 49): tender lines, change and IGTF through the payment API, on
 * an office that collects IGTF at 3 %. A month costs $ 7,25 at Bs 36,50 per dollar (Bs 264,63).
 */
let ctx: TestContext;
let admin: TestUser;
const TODAY = todayInCaracas();
const NOW = currentMonth();
const method = { dollars: 0, zelle: 0, euros: 0 };
let serieId = 0;
let bankId = 0;
let communityId = 0;
let parishId = 0;
let sequence = 0;

beforeAll(async () => {
  ctx = await createTestContext({ IGTF_ENABLED: 'true', IGTF_RATE: '3,00' });
  admin = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment', 'export_payments'] });
  const { db } = ctx;
  // The payments take the rate in force on their date (issue 47): 36,50 is it.
  await setRates(db, { usd: '36.50', eur: '39.80' });
  const [state] = await db.insert(states).values({ name: 'Zulia' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Maracaibo', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Olegario', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'La Lago', parishId: parish!.id, fee: '7.25', dateStart: '2020-01-01' }).returning();
  communityId = community!.id;
  parishId = parish!.id;
  const [serie] = await db.insert(correlatives).values({ serie: 'D', number: '00000000', numberCreditNote: '0000', numberDebitNote: '0000' }).returning();
  serieId = serie!.id;
  const methods = await db.select().from(paymentMethods).orderBy(asc(paymentMethods.id));
  method.dollars = methods.find((row) => row.name === 'Efectivo dólares')!.id;
  method.zelle = methods.find((row) => row.name === 'Zelle')!.id;
  method.euros = methods.find((row) => row.name === 'Efectivo euros')!.id;
  bankId = (await db.select({ id: banks.id }).from(banks).where(eq(banks.code, '0102')))[0]!.id;
});
afterAll(async () => {
  await ctx.close();
});

async function newAddress(): Promise<{ clientId: number; addressId: number }> {
  const [client] = await ctx.db
    .insert(clients)
    .values({ type: 0, name: `Cliente ${++sequence}`, identificationType: 'V', identification: String(30_000_000 + sequence) })
    .returning();
  const [address] = await ctx.db
    .insert(addressesPayments)
    .values({ clientId: client!.id, type: 0, address: `Avenida ${sequence}`, parishId, communityId, dateStart: `${addMonths(NOW, -2)}-01` })
    .returning();
  return { clientId: client!.id, addressId: address!.id };
}

type Body = Record<string, unknown>;

/** An approved payment of the current month, without lines unless given. */
async function body(overrides: Body = {}): Promise<Body> {
  const { clientId, addressId } = await newAddress();
  return {
    client_id: clientId,
    address_payment_id: addressId,
    status: 1,
    date_payment: TODAY,
    exchange_rate: '36.50',
    exchange_rate_id: 1,
    serie_id: serieId,
    number: '00012345',
    type_payment_month: 1,
    months_payment: JSON.stringify([NOW]),
    send_invoice: 0,
    ...overrides,
  };
}

const dollarsCash = (amount: string) => ({ payment_method_id: method.dollars, currency: 'USD', amount });
const pagoMovil = (amount: string, reference = '123456') => ({ payment_method_id: 3, currency: 'VES', amount, reference, bank_id: bankId });

const store = (payload: Body) => ctx.call('POST', '/api/bill-payments/store', { token: admin.token, body: payload });
const detail = async (id: number) => {
  const answer = await ctx.call('GET', '/api/bill-payments', { token: admin.token, query: { filters: { client: [String((await row(id)).clientId)] } } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.data.find((item: { id: number }) => item.id === id);
};
const row = async (id: number) => (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const paymentCount = async () => (await ctx.db.select({ total: count() }).from(payments))[0]!.total;

describe('tender lines, change and IGTF (issue 49)', () => {
  it('$ 10 in cash for a month of $ 7,25: IGTF $ 0,22 on 7,25 and $ 2,53 of change', async () => {
    const answer = await store(await body({ tenders: [dollarsCash('10.00')], change: { currency: 'USD', amount: '2.53' } }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const shown = await detail(answer.body.data.id);
    expect(shown).toMatchObject({
      payment_method_id: method.dollars,
      tenders: [{ payment_method_id: method.dollars, payment_method: { name: 'Efectivo dólares' }, currency: 'USD', amount: '10.00', amount_ves: '365.00' }],
      change: { currency: 'USD', amount: '2.53', amount_ves: '92.35' },
      igtf_base: '7.25',
      igtf_currency_amount: '0.22',
      igtf_amount: '8.03',
      dollar_amount_payment: '7.25',
      amount_payment: '272.65',
    });
  });

  it('$ 5 in cash plus a Pago Móvil for the rest: IGTF on the $ 5 only, nothing charged on the bolívares', async () => {
    // 7,25 × 36,50 = 264,63; $ 5 = 182,50; IGTF 0,15 × 36,50 = 5,48; the rest 87,61.
    const answer = await store(await body({ tenders: [dollarsCash('5.00'), pagoMovil('87.61')] }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const shown = await detail(answer.body.data.id);
    expect(shown).toMatchObject({ igtf_base: '5.00', igtf_currency_amount: '0.15', igtf_amount: '5.48', amount_payment: '270.11', change: null, reference: '123456', bank_id: bankId });
    expect(shown.tenders.map((line: { currency: string; amount_ves: string }) => [line.currency, line.amount_ves])).toEqual([
      ['USD', '182.50'],
      ['VES', '87.61'],
    ]);
  });

  it('change in bolívares is never taxed: the base stays the months', async () => {
    const answer = await store(await body({ tenders: [dollarsCash('20.00')], change: { currency: 'VES', amount: '457.34' } }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await row(answer.body.data.id)).toMatchObject({ igtfBase: '7.25', igtfAmount: '8.03', changeCurrency: 'VES', changeAmountVes: '457.34', amountPayment: '272.66' });
  });

  it('refuses a shortfall saying what is missing in both currencies, and stores nothing', async () => {
    const before = await paymentCount();
    const answer = await store(await body({ tenders: [dollarsCash('5.00'), pagoMovil('50.00')] }));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Faltan BS 37,61 ($ 1,04) para cubrir el pago de los meses y el IGTF.');
    expect(answer.body.errors.tenders).toEqual([answer.body.message]);
    expect(await paymentCount()).toBe(before);
  });

  it('refuses change beyond what was tendered in its currency or beyond the excess', async () => {
    const overTendered = await store(await body({ tenders: [dollarsCash('10.00')], change: { currency: 'USD', amount: '11.00' } }));
    expect(overTendered.status).toBe(422);
    expect(overTendered.body.errors['change.amount']).toEqual(['El vuelto ($ 11,00) es mayor que lo entregado en esa moneda ($ 10,00).']);
    const overExcess = await store(await body({ tenders: [dollarsCash('10.00')], change: { currency: 'USD', amount: '5.00' } }));
    expect(overExcess.status).toBe(422);
    expect(overExcess.body.message).toMatch(/^El vuelto \(BS 182,50\) es mayor que lo que sobra del pago \(BS /);
    const noSuchCurrency = await store(await body({ tenders: [dollarsCash('10.00')], change: { currency: 'EUR', amount: '1.00' } }));
    expect(noSuchCurrency.body.errors['change.currency']).toEqual(['El vuelto en Euros (EUR) no puede darse: ninguna línea se pagó en esa moneda.']);
  });

  it('answers each bad line with a Spanish 422 naming it, and stores nothing', async () => {
    const before = await paymentCount();
    const cases: [Body, string, string][] = [
      [{ tenders: [{ payment_method_id: 4, currency: 'USD', amount: '10.00' }] }, 'tenders.0.currency', 'Línea 1: el método Efectivo recibe Bolívares (VES).'],
      [{ tenders: [dollarsCash('0.00')] }, 'tenders.0.amount', 'Línea 1: El campo Monto debe ser mayor que 0.'],
      [{ tenders: [pagoMovil('300.00'), dollarsCash('-1.00')] }, 'tenders.1.amount', 'Línea 2: El campo Monto debe ser mayor que 0.'],
      [{ tenders: [dollarsCash('10.001')] }, 'tenders.0.amount', 'Línea 1: El campo Monto debe tener como máximo 2 decimales.'],
      [{ tenders: Array.from({ length: 6 }, () => dollarsCash('2.00')) }, 'tenders', 'Un pago puede tener como máximo 5 líneas de cobro.'],
      [{ tenders: [{ payment_method_id: method.euros, currency: 'EUR', amount: '10.00' }] }, 'tenders.0.currency', 'Línea 1: una línea en Euros (EUR) no se puede convertir con la tasa del pago, que es en Dólares (USD).'],
      [{ tenders: [dollarsCash('10.00'), { payment_method_id: 3, currency: 'VES', amount: '10.00', bank_id: bankId }] }, 'tenders.1.reference', 'Línea 2: el campo Referencia es obligatorio.'],
      [{ tenders: [{ payment_method_id: 9999, currency: 'VES', amount: '10.00' }] }, 'tenders.0.payment_method_id', 'Línea 1: el método de pago seleccionado no existe.'],
      [{ tenders: [dollarsCash('10.00')], change: { currency: 'USD', amount: '2.53' }, igtf_amount: '7.00' }, 'igtf_amount', 'El IGTF enviado (BS 7,00) no coincide con el calculado por Recaudo (BS 8,03).'],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await store(await body(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(422);
      expect(answer.body.errors[field], JSON.stringify(answer.body)).toEqual([message]);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('takes the lines as form data (tenders[0][amount], change[currency]) like the panel sends them', async () => {
    const fields = await body();
    const form: Record<string, string> = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));
    Object.assign(form, {
      'tenders[0][payment_method_id]': String(method.dollars),
      'tenders[0][currency]': 'USD',
      'tenders[0][amount]': '10.00',
      'change[currency]': 'VES',
      'change[amount]': '92.34',
    });
    const boundary = '----recaudo-tenders';
    const payload = Buffer.from(
      Object.entries(form)
        .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
        .join('') + `--${boundary}--\r\n`,
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/bill-payments/store',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.id as number;
    expect(await row(id)).toMatchObject({ paymentMethodId: method.dollars, changeCurrency: 'VES', changeAmount: '92.34', igtfAmount: '8.03' });
    expect((await ctx.db.select().from(paymentTenders).where(eq(paymentTenders.paymentId, id))).map((line) => [line.position, line.currency, line.amount])).toEqual([[1, 'USD', '10.00']]);
  });

  it("keeps the specification's one-method call: one line of its method for amount_payment, held to the months' cost (issue 46)", async () => {
    const short = await store(await body({ payment_method_id: 4, amount_payment: '264.62' }));
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ amount_payment: ['Faltan BS 0,01 ($ 0,01) para cubrir el pago de los meses y el IGTF.'] });
    const answer = await store(await body({ payment_method_id: 4, amount_payment: '264.63' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const shown = await detail(answer.body.data.id);
    expect(shown).toMatchObject({
      amount_payment: '264.63',
      tenders: [{ payment_method_id: 4, currency: 'VES', amount: '264.63', amount_ves: '264.63' }],
      change: null,
      igtf_amount: '0.00',
    });
    const missing = await store(await body({ payment_method_id: 4 }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors.amount_payment).toEqual(['El campo Monto pagado es obligatorio.']);
  });

  it('a one-method dollar payment is charged IGTF on what it brought, up to the months', async () => {
    const answer = await store(await body({ payment_method_id: method.zelle, reference: 'ZL-1', amount_payment: '272.66' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const shown = await detail(answer.body.data.id);
    expect(shown).toMatchObject({ tenders: [{ currency: 'USD', amount: '7.47', amount_ves: '272.66' }], igtf_base: '7.25', igtf_amount: '8.03' });
  });

  it('an edit replaces the lines and recomputes the IGTF', async () => {
    const created = await store(await body({ tenders: [dollarsCash('10.00')], change: { currency: 'USD', amount: '2.53' } }));
    const id = created.body.data.id as number;
    const stored = await row(id);
    const edit = {
      ...(await body()),
      id,
      client_id: stored.clientId,
      address_payment_id: stored.addressPaymentId,
      tenders: [dollarsCash('5.00'), pagoMovil('87.61', '654321')],
    };
    const answer = await ctx.call('PUT', '/api/bill-payments/update', { token: admin.token, body: edit });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const shown = await detail(id);
    expect(shown).toMatchObject({ igtf_base: '5.00', igtf_amount: '5.48', change: null, reference: '654321' });
    expect(shown.tenders).toHaveLength(2);
  });

  it('exports the IGTF, the change and the lines', async () => {
    const answer = await ctx.call('GET', '/api/bill-payments/export', { token: admin.token, query: { type_format: 'csv' } });
    expect(answer.status).toBe(200);
    const text = String(answer.body);
    expect(text).toContain('IGTF');
    expect(text).toContain('$ 10,00 Efectivo dólares');
    expect(text).toContain('$ 2,53');
  });
});

describe('a closing balances in every currency (issue 49)', () => {
  it('answers tendered, change, expected and counted cash per currency and the IGTF collected; the count is kept on an edit without it', async () => {
    const closer = await ctx.staff({ permissions: ['closed_boxs', 'add_closed_box', 'edit_closed_box'] });
    const dollars = await store(await body({ tenders: [dollarsCash('10.00')], change: { currency: 'VES', amount: '92.34' } }));
    const mixed = await store(await body({ tenders: [dollarsCash('5.00'), pagoMovil('87.61', '777777')] }));
    const cash = await store(await body({ payment_method_id: 4, amount_payment: '264.63' }));
    const fields = { date: TODAY, user_id: closer.id, serie: serieId, exchange_rate: '36.50', checkbook_number: '0009', counted_cash: JSON.stringify({ USD: '14.00', VES: '170.00' }) };
    const created = await ctx.call('POST', '/api/closed-boxs/store', { token: closer.token, body: fields });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    for (const payment of [dollars, mixed, cash]) await ctx.db.update(payments).set({ closedBoxId: id }).where(eq(payments.id, payment.body.data.id));
    const shown = await ctx.call('GET', '/api/closed-boxs/show', { token: closer.token, query: { id } });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    // Cash in bolívares: 264,63 received less 92,34 handed back; dollars: 10 + 5 in the drawer.
    expect(shown.body.data.money).toEqual({
      currencies: [
        { currency: 'VES', tendered: '352.24', change: '92.34', cash_expected: '172.29', cash_counted: '170.00', difference: '-2.29' },
        { currency: 'USD', tendered: '15.00', change: '0.00', cash_expected: '15.00', cash_counted: '14.00', difference: '-1.00' },
      ],
      igtf: '13.51',
    });
    const edited = await ctx.call('PUT', '/api/closed-boxs/update', { token: closer.token, body: { ...fields, id, counted_cash: undefined, reference: 'R-1' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = await ctx.call('GET', '/api/closed-boxs/show', { token: closer.token, query: { id } });
    expect(again.body.data.counted_cash).toEqual({ USD: '14.00', VES: '170.00' });
    const refused = await ctx.call('PUT', '/api/closed-boxs/update', { token: closer.token, body: { ...fields, id, counted_cash: JSON.stringify({ USD: '-1' }) } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('El campo Efectivo contado ($) debe ser al menos 0.');
  });
});

describe('payment methods with currency and IGTF (issue 49)', () => {
  it('lists the seeded foreign methods with their currency and flag', async () => {
    const reader = await ctx.staff({ permissions: ['payments'] });
    const answer = await ctx.call('GET', '/api/payment-methods/selects', { token: reader.token });
    expect(answer.status).toBe(200);
    const byName = Object.fromEntries((answer.body.data as { name: string; currency: string; is_igtf: boolean }[]).map((item) => [item.name, [item.currency, item.is_igtf]]));
    expect(byName).toMatchObject({ Efectivo: ['VES', false], 'Pago móvil': ['VES', false], 'Efectivo dólares': ['USD', true], Zelle: ['USD', true], 'Efectivo euros': ['EUR', true] });
  });

  it('stores and updates currency and is_igtf; a bolívar method cannot cause IGTF; an update without them keeps them', async () => {
    const editor = await ctx.staff({ permissions: ['payment_methods', 'add_payment_method', 'edit_payment_method'] });
    const base = { name: 'Efectivo pesos', code: '0000', description: 'Caja', type: 4 };
    const refused = await ctx.call('POST', '/api/payment-methods/store', { token: editor.token, body: { ...base, currency: 'VES', is_igtf: true } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.is_igtf).toEqual(['Solo un método en dólares o euros puede causar IGTF.']);
    const badCurrency = await ctx.call('POST', '/api/payment-methods/store', { token: editor.token, body: { ...base, currency: 'COP' } });
    expect(badCurrency.body.errors.currency).toEqual(['El campo Moneda es inválido.']);
    const created = await ctx.call('POST', '/api/payment-methods/store', { token: editor.token, body: { ...base, currency: 'EUR', is_igtf: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const updated = await ctx.call('PUT', '/api/payment-methods/update', { token: editor.token, body: { ...base, id, name: 'Caja euros' } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)))[0]).toMatchObject({ name: 'Caja euros', currency: 'EUR', isIgtf: true });
  });
});
