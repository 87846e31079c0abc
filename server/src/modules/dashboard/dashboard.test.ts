import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { M, markMonths, payMonths, seedAddress, seedPlace, NOW, type Place } from '../../../test/solvency-fixture';
import { setRates } from '../../../test/rates';
import { payments } from '../payments/tables';

let ctx: TestContext;
let admin: TestUser;
let ownOnly: TestUser;
let ana: TestUser;
let bare: TestUser;
let addressId = 0;
let place: Place;

async function pay(values: { amount: string; dollars: string; status?: number; createdAt?: Date; createdBy?: number }) {
  const [row] = await ctx.db
    .insert(payments)
    .values({
      clientId: ana.clientId!,
      addressPaymentId: addressId,
      paymentMethodId: 4,
      status: values.status ?? 1,
      datePayment: '2026-01-15',
      exchangeRate: '40.00',
      amountPayment: values.amount,
      amountBill: values.amount,
      dollarAmountPayment: values.dollars,
      dollarAmountBill: values.dollars,
      taxBase: values.dollars,
      iva: '0.00',
      retention: '0.00',
      monthsPayment: [],
      hash: randomBytes(32).toString('hex'),
      createdBy: values.createdBy ?? admin.id,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning({ id: payments.id });
  return row!.id;
}

const dashboard = (query: Record<string, unknown> = {}, token = admin.token) => ctx.call('GET', '/api/dashboard/admin', { token, query });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['payments'] });
  ownOnly = await ctx.staff({ permissions: ['payments'], overrides: { onlyUser: true, allUsers: false } });
  ana = await ctx.clientUser({ name: 'Ana Cliente', identificationType: 'V', identification: '12345678', email: 'ana@correo.test', gender: 'F', birthDate: '1990-05-04', phone: ['4141234567'] });
  bare = await ctx.clientUser({ name: 'Sin Pagos', identificationType: 'V', identification: '999' });
  place = await seedPlace(ctx);
  addressId = await seedAddress(ctx, place, ana.clientId!, NOW);
  await setRates(ctx.db, { usd: '40.50', eur: '44.25' });
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/dashboard/admin', () => {
  it('answers 403 to client users and 401 without a login', async () => {
    expect((await dashboard({}, ana.token)).status).toBe(403);
    expect((await ctx.call('GET', '/api/dashboard/admin')).status).toBe(401);
  });

  it('starts at zero with a 0 % change (yellow), a point per day of the month and the rates', async () => {
    const answer = await dashboard();
    expect(answer.status).toBe(200);
    const { data } = answer.body;
    expect(data.payments.day).toEqual({
      current: { count_payments: 0, amount_payment: '0.00', dollar_amount_payment: '0.00' },
      previous: { count_payments: 0, amount_payment: '0.00', dollar_amount_payment: '0.00' },
      percentage: '0.00',
    });
    const [year, month] = NOW.split('-').map(Number);
    expect(data.date_payment).toHaveLength(new Date(Date.UTC(year!, month!, 0)).getUTCDate());
    expect(data.date_payment[0]).toEqual({ date: `${NOW}-01`, count_payments: 0, amount_payment: '0.00', dollar_amount_payment: '0.00' });
    const rates = Object.fromEntries(data.data_general.configuration.map((entry: { name: string; value: string }) => [entry.name, entry.value]));
    expect(rates.update_dollar_rate).toBeDefined();
    expect(rates.update_euro_rate).toBeDefined();
  });

  it('moves by exactly one approved payment, to the cent, and not by a Procesando or rejected one', async () => {
    const before = (await dashboard()).body.data;
    await pay({ amount: '1234.56', dollars: '30.48' });
    await pay({ amount: '999.99', dollars: '24.69', status: 0 });
    await pay({ amount: '500.00', dollars: '12.35', status: 2 });
    const after = (await dashboard()).body.data;
    for (const period of ['day', 'month', 'year'] as const) {
      expect(after.payments[period].current.count_payments).toBe(before.payments[period].current.count_payments + 1);
      expect(after.payments[period].current.amount_payment).toBe(new Decimal(before.payments[period].current.amount_payment).plus('1234.56').toFixed(2));
      expect(after.payments[period].current.dollar_amount_payment).toBe(new Decimal(before.payments[period].current.dollar_amount_payment).plus('30.48').toFixed(2));
    }
    expect(after.payments.day.percentage).toBe('100.00');
  });

  it('keeps the aggregates equal to sum() over the approved payments, after approvals and deletes', async () => {
    const id = await pay({ amount: '0.01', dollars: '0.01', status: 0 });
    await ctx.db.update(payments).set({ status: 1 }).where(eq(payments.id, id));
    const gone = await pay({ amount: '77.77', dollars: '1.92' });
    await ctx.db.delete(payments).where(eq(payments.id, gone));
    const result = (await ctx.db.execute(
      sql`select count(*)::int as n, coalesce(sum(amount_payment), 0)::text as bs, coalesce(sum(dollar_amount_payment), 0)::text as usd from payments
          where status = 1 and (created_at at time zone 'America/Caracas')::date >= date_trunc('year', now() at time zone 'America/Caracas')::date`,
    )) as unknown as { rows: { n: number; bs: string; usd: string }[] };
    const raw = result.rows[0]!;
    const year = (await dashboard()).body.data.payments.year.current;
    expect(year).toEqual({ count_payments: raw.n, amount_payment: new Decimal(raw.bs).toFixed(2), dollar_amount_payment: new Decimal(raw.usd).toFixed(2) });
  });

  it('compares with the previous period: a payment of last year makes this year’s change negative or zero', async () => {
    const lastYear = new Date();
    lastYear.setUTCFullYear(lastYear.getUTCFullYear() - 1);
    for (let count = 0; count < 4; count++) await pay({ amount: '10.00', dollars: '0.25', createdAt: lastYear });
    const { year } = (await dashboard()).body.data.payments;
    expect(year.previous.count_payments).toBe(4);
    const expected = new Decimal(year.current.count_payments).minus(4).dividedBy(4).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    expect(year.percentage).toBe(expected);
  });

  it('charts a year by month (Año) and a chosen month by day (Mes); refuses a bad date format', async () => {
    const [year] = NOW.split('-');
    const yearly = (await dashboard({ filters: { option: 1, dates: year } })).body.data.date_payment;
    expect(yearly).toHaveLength(12);
    expect(yearly.map((point: { date: string }) => point.date)).toContain(NOW);
    const current = yearly.find((point: { date: string }) => point.date === NOW);
    const monthly = (await dashboard({ filters: { option: 0, dates: `${NOW.slice(5, 7)}-${year}` } })).body.data.date_payment;
    expect(monthly.reduce((total: number, point: { count_payments: number }) => total + point.count_payments, 0)).toBe(current.count_payments);
    const february = (await dashboard({ filters: { option: 0, dates: '02-2024' } })).body.data.date_payment;
    expect(february).toHaveLength(29);
    const bad = await dashboard({ filters: { option: 0, dates: '2026-11' } });
    expect(bad.status).toBe(422);
    expect((await dashboard({ filters: { option: 1, dates: '11-2026' } })).status).toBe(422);
  });

  it('lists the Procesando payments within the caller’s data scope, newest first', async () => {
    const mine = await pay({ amount: '5.00', dollars: '0.12', status: 0, createdBy: ownOnly.id });
    const all = (await dashboard()).body.data.payments_to_proccess;
    expect(all[0].id).toBe(mine);
    expect(all.every((row: { status: number }) => row.status === 0)).toBe(true);
    const scoped = (await dashboard({}, ownOnly.token)).body.data.payments_to_proccess;
    expect(scoped.map((row: { id: number }) => row.id)).toEqual([mine]);
  });
});

describe('GET /api/dashboard/client', () => {
  it('gives a client user their data, latest payment and the rates', async () => {
    const answer = await ctx.call('GET', '/api/dashboard/client', { token: ana.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      client: { name: 'Ana Cliente', identification_type: 'V', identification: '12345678', email: 'ana@correo.test', gender: 'F', birth_date: '1990-05-04', phone: ['4141234567'] },
      latest_payment: { status: 0, amount_payment: '5.00' },
      dollar_rate: expect.stringMatching(/^\d+\.\d{2}$/),
      euro_rate: expect.stringMatching(/^\d+\.\d{2}$/),
    });
  });

  it('says per address what the client owes in $ and BS at today\'s rate, from the oldest month, and when it is up to date', async () => {
    const maria = await ctx.clientUser({ name: 'María Debe', identificationType: 'V', identification: '14222333' });
    const owing = await seedAddress(ctx, place, maria.clientId!, M(-2));
    const upToDate = await seedAddress(ctx, place, maria.clientId!, M(-1));
    await markMonths(ctx, upToDate, [M(-1), NOW]);
    const waiting = await seedAddress(ctx, place, maria.clientId!, NOW);
    await payMonths(ctx, maria.clientId!, waiting, [NOW], 0);
    await setRates(ctx.db, { usd: '40.50', eur: '44.25' }, { source: 'bcv', valueDate: '2026-11-27' });
    const home = (await ctx.call('GET', '/api/dashboard/client', { token: maria.token })).body.data;
    // Issue 47: the home names each rate's value date and source ("Tasa BCV 40,50 del 27-11-2026").
    expect(home).toMatchObject({
      dollar_rate: '40.50',
      dollar_rate_value_date: '2026-11-27',
      dollar_rate_source: 'bcv',
      euro_rate: '44.25',
      euro_rate_value_date: '2026-11-27',
      euro_rate_source: 'bcv',
    });
    expect(home.debts).toEqual({
      dollar_rate: '40.50',
      dollar_rate_value_date: '2026-11-27',
      dollar_rate_source: 'bcv',
      months_owed: 3,
      owed_usd: '15.00',
      owed_bs: '607.50',
      surcharge_usd: '0.00',
      surcharge_bs: '0.00',
      addresses: [
        { address_payment_id: owing, address: expect.any(String), type: 0, months_owed: 3, owed_usd: '15.00', owed_bs: '607.50', surcharge_usd: '0.00', surcharge_bs: '0.00', oldest_owed: M(-2), solvent_to_date: null, pending_months: [], in_agreement: false },
        { address_payment_id: upToDate, address: expect.any(String), type: 0, months_owed: 0, owed_usd: '0.00', owed_bs: '0.00', surcharge_usd: '0.00', surcharge_bs: '0.00', oldest_owed: null, solvent_to_date: NOW, pending_months: [], in_agreement: false },
        { address_payment_id: waiting, address: expect.any(String), type: 0, months_owed: 0, owed_usd: '0.00', owed_bs: '0.00', surcharge_usd: '0.00', surcharge_bs: '0.00', oldest_owed: null, solvent_to_date: NOW, pending_months: [NOW], in_agreement: false },
      ],
    });
    // Only her own addresses: Ana's are not in her home, nor hers in Ana's.
    const anaDebts = (await ctx.call('GET', '/api/dashboard/client', { token: ana.token })).body.data.debts;
    expect(anaDebts.addresses.map((row: { address_payment_id: number }) => row.address_payment_id)).toEqual([addressId]);
  });

  it('says there is no payment for a client without any, and answers 403 to staff, 401 without login', async () => {
    expect((await ctx.call('GET', '/api/dashboard/client', { token: bare.token })).body.data.latest_payment).toBeNull();
    expect((await ctx.call('GET', '/api/dashboard/client', { token: admin.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/dashboard/client')).status).toBe(401);
  });
});
