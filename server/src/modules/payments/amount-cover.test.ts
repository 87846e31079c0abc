import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { setRates } from '../../../test/rates';
import { addressesPayments, addressMonths } from '../addresses-payment/tables';
import { communities } from '../regional/tables';
import { payments } from './tables';
import { cashPayment, paymentPlace } from '../../../test/payment-fixture';

/**
 * An approved payment's amount covers its months (issue 46): a one-method payment (no tender
 * lines) that marks months must bring their cost, whether Aprobado or Procesando; beyond it is
 * credit, and an abono names no months. Community fee $ 5,00, dollar at 36,50 BS: a month is
 * BS 182,50.
 */
let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
let serieId = 0;
let communityId = 0;
const place = { state: 0, municipality: 0, parish: 0 };
const NOW = currentMonth();
const ago = (months: number): Month => addMonths(NOW, -months);
const shortfall = (ves: string, usd: string) => `Faltan BS ${ves} ($ ${usd}) para cubrir el pago de los meses y el IGTF.`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment', 'clients'] });
  owner = await ctx.clientUser({ name: 'Rosa Cubre' });
  const { db } = ctx;
  const located = await paymentPlace(db);
  Object.assign(place, located.place);
  serieId = located.serieId;
  const [community] = await db.insert(communities).values({ name: 'Los Samanes', parishId: place.parish, fee: '5.00', dateStart: '2020-01-01' }).returning();
  communityId = community!.id;
  await setRates(db, { usd: '36.50' });
});
afterAll(async () => {
  await ctx.close();
});

/** A residential address of the owner owing from three months ago ($ 5,00 a month). */
async function newAddress(): Promise<number> {
  const [row] = await ctx.db
    .insert(addressesPayments)
    .values({
      clientId: owner.clientId!,
      type: 0,
      address: `Calle ${Math.random()}`,
      stateId: place.state,
      municipalityId: place.municipality,
      parishId: place.parish,
      communityId,
      dateStart: `${ago(3)}-01`,
    })
    .returning();
  return row!.id;
}

const payment = (addressId: number, amount: string, months: Month[] = [], overrides: Record<string, unknown> = {}) =>
  cashPayment({ clientId: owner.clientId, serieId }, addressId, amount, months, overrides);

const store = (body: Record<string, unknown>, token = admin.token) => ctx.call('POST', '/api/bill-payments/store', { token, body });
const update = (body: Record<string, unknown>, token = admin.token) => ctx.call('PUT', '/api/bill-payments/update', { token, body });
const balanceOf = async (addressId: number) =>
  (await ctx.call('GET', `/api/addresses-payment/balance/${addressId}`, { token: admin.token })).body.data as { balance_usd: string };
const ledger = async (addressId: number) =>
  (await ctx.db.select({ month: addressMonths.month, fromBalance: addressMonths.fromBalance }).from(addressMonths).where(eq(addressMonths.addressPaymentId, addressId)).orderBy(asc(addressMonths.month))).map(
    (row) => `${row.month}${row.fromBalance ? ' abonos' : ''}`,
  );
const paymentsOf = async (addressId: number) => ctx.db.select({ id: payments.id, amount: payments.amountPayment }).from(payments).where(eq(payments.addressPaymentId, addressId));

function expectShort(answer: { status: number; body: { message: string; errors: Record<string, string[]> } }, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.message).toBe(message);
  expect(answer.body.errors).toEqual({ amount_payment: [message] });
}

describe('a payment that marks months brings their cost', () => {
  it('refuses a month marked paid for BS 0,01 and stores nothing; exactly the cost is accepted', async () => {
    const id = await newAddress();
    expectShort(await store(payment(id, '0.01', [ago(3)])), shortfall('182,49', '5,00'));
    expectShort(await store(payment(id, '364.99', [ago(3), ago(2)])), shortfall('0,01', '0,01'));
    expect(await paymentsOf(id)).toEqual([]);
    expect(await ledger(id)).toEqual([]);

    const exact = await store(payment(id, '365.00', [ago(3), ago(2)]));
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(await paymentsOf(id)).toEqual([{ id: exact.body.data.id, amount: '365.00' }]);
    expect(await ledger(id)).toEqual([ago(3), ago(2)]);
    expect((await balanceOf(id)).balance_usd).toBe('0.00');
  });

  it('holds a Procesando payment to the same cost, from staff and from the client portal', async () => {
    const id = await newAddress();
    expectShort(await store(payment(id, '100.00', [ago(3)], { status: 0 })), shortfall('82,50', '2,27'));
    const { serie_id: _serie, number: _number, status: _status, ...reported } = payment(id, '182.49', [ago(3)]);
    expectShort(await store(reported, owner.token), shortfall('0,01', '0,01'));
    expect(await ledger(id)).toEqual([]);

    const accepted = await store({ ...reported, amount_payment: '182.50' }, owner.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [row] = await ctx.db.select({ status: payments.status, amount: payments.amountPayment }).from(payments).where(eq(payments.id, accepted.body.data.id));
    expect(row).toEqual({ status: 0, amount: '182.50' });
  });

  it('refuses an edit that lowers the amount below the months, keeping the stored payment', async () => {
    const id = await newAddress();
    const created = await store(payment(id, '182.50', [ago(3)]));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paymentId = created.body.data.id as number;

    expectShort(await update({ ...payment(id, '182.50', [ago(3), ago(2)]), id: paymentId }), shortfall('182,50', '5,00'));
    expectShort(await update({ ...payment(id, '50.00', [ago(3)]), id: paymentId }), shortfall('132,50', '3,64'));
    expect(await paymentsOf(id)).toEqual([{ id: paymentId, amount: '182.50' }]);
    expect(await ledger(id)).toEqual([ago(3)]);

    const both = await update({ ...payment(id, '365.00', [ago(3), ago(2)]), id: paymentId });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(await ledger(id)).toEqual([ago(3), ago(2)]);
  });

  it('keeps what a payment brings beyond its months as credit, and accepts an abono without months', async () => {
    const id = await newAddress();
    // 200,75 BS ÷ 36,50 = $ 5,50: the month and $ 0,50 of credit.
    const over = await store(payment(id, '200.75', [ago(3)]));
    expect(over.status, JSON.stringify(over.body)).toBe(200);
    expect((await balanceOf(id)).balance_usd).toBe('0.50');

    const abono = await store(payment(id, '36.50', []));
    expect(abono.status, JSON.stringify(abono.body)).toBe(200);
    expect(abono.body.data.balance_months).toEqual([]);
    expect((await balanceOf(id)).balance_usd).toBe('1.50');
    expect(await ledger(id)).toEqual([ago(3)]);
  });

  it('does not subtract the balance from a payment that names months: the rest goes as an abono and the balance completes the month', async () => {
    const id = await newAddress();
    // $ 3,00 of balance toward the oldest owed month.
    expect((await store(payment(id, '109.50', []))).status).toBe(200);
    expect((await balanceOf(id)).balance_usd).toBe('3.00');

    // The other $ 2,00 naming the month would pay it with money that stays in the balance.
    expectShort(await store(payment(id, '73.00', [ago(3)])), shortfall('109,50', '3,00'));
    expect((await balanceOf(id)).balance_usd).toBe('3.00');
    expect(await ledger(id)).toEqual([]);

    const rest = await store(payment(id, '73.00', []));
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data.balance_months).toEqual([ago(3)]);
    expect((await balanceOf(id)).balance_usd).toBe('0.00');
    expect(await ledger(id)).toEqual([`${ago(3)} abonos`]);
  });
});
