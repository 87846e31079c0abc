import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { auditLogs } from '../logs/tables';
import { exchangeRates } from './tables';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ roleId: 1 });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(exchangeRates);
});

const bcv = (currency: 'USD' | 'EUR', valueDate: string, rate: string) => ({ currency, valueDate, rate, source: 'bcv' });
const current = async (date?: string, token = admin.token) => (await ctx.call('GET', '/api/exchange-rates/current', { token, query: date ? { date } : {} })).body.data;

describe('the rate in force (issue 47)', () => {
  beforeEach(async () => {
    // Thursday, Friday and Monday value dates: nothing is published for the weekend.
    await ctx.db
      .insert(exchangeRates)
      .values([bcv('USD', '2026-11-26', '240.10000000'), bcv('USD', '2026-11-27', '241.25000000'), bcv('USD', '2026-11-30', '243.50000000'), bcv('EUR', '2026-11-27', '262.00000000')]);
  });

  it('is the rate with the latest value date on or before the day: a weekend keeps Friday’s', async () => {
    expect((await current('2026-11-27')).usd).toEqual({ rate: '241.25000000', value_date: '2026-11-27', source: 'bcv', stale: false });
    expect((await current('2026-11-28')).usd).toMatchObject({ rate: '241.25000000', value_date: '2026-11-27' });
    expect((await current('2026-11-29')).usd).toMatchObject({ rate: '241.25000000', value_date: '2026-11-27', stale: false });
    expect((await current('2026-11-30')).usd).toMatchObject({ rate: '243.50000000', value_date: '2026-11-30' });
    expect((await current('2026-11-30')).eur).toMatchObject({ rate: '262.00000000', value_date: '2026-11-27' });
  });

  it('answers a day before the first stored rate with the earliest one, stale', async () => {
    expect((await current('2026-11-01')).usd).toEqual({ rate: '240.10000000', value_date: '2026-11-26', source: 'bcv', stale: true });
  });

  it('is stale when more than three business days passed since its value date', async () => {
    // From Monday 30-11: Tue, Wed, Thu are three business days; Friday is the fourth.
    expect((await current('2026-12-03')).usd.stale).toBe(false);
    expect((await current('2026-12-04')).usd).toMatchObject({ value_date: '2026-11-30', stale: true });
  });

  it('takes a manual rate over the BCV’s of the same value date, until the next value date', async () => {
    await ctx.db.insert(exchangeRates).values({ currency: 'USD', valueDate: '2026-11-30', rate: '250.00000000', source: 'manual', reason: 'Corrección', userId: admin.id });
    expect((await current('2026-11-30')).usd).toMatchObject({ rate: '250.00000000', source: 'manual' });
    await ctx.db.insert(exchangeRates).values(bcv('USD', '2026-12-01', '244.00000000'));
    expect((await current('2026-12-01')).usd).toMatchObject({ rate: '244.00000000', source: 'bcv' });
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    const answer = await ctx.call('GET', '/api/exchange-rates/current', { token: admin.token, query: { date: '30-11-2026' } });
    expect(answer.status).toBe(422);
  });

  it('answers no rate on a fresh installation', async () => {
    await ctx.db.delete(exchangeRates);
    expect(await current()).toEqual({ usd: null, eur: null });
  });

  it('is read by client users and the payment forms, not by a role without them', async () => {
    const client = await ctx.clientUser();
    expect((await current('2026-11-30', client.token)).usd.rate).toBe('243.50000000');
    const nobody = await ctx.staff({ permissions: ['solvencies'] });
    expect((await ctx.call('GET', '/api/exchange-rates/current', { token: nobody.token })).status).toBe(403);
  });
});

describe('the history (GET exchange-rates)', () => {
  beforeEach(async () => {
    await ctx.db.insert(exchangeRates).values([bcv('USD', '2026-11-27', '241.25000000'), bcv('EUR', '2026-11-27', '262.00000000'), bcv('USD', '2026-11-30', '243.50000000')]);
    await ctx.db.insert(exchangeRates).values({ currency: 'EUR', valueDate: '2026-11-30', rate: '265.12345678', source: 'manual', reason: 'Feriado bancario', userId: admin.id });
  });

  it('lists every rate, newest value date first, with its source, reason and user', async () => {
    const { body } = await ctx.call('GET', '/api/exchange-rates', { token: admin.token });
    expect(body.data.total).toBe(4);
    expect(body.data.data[0]).toMatchObject({ currency: 'EUR', rate: '265.12345678', value_date: '2026-11-30', source: 'manual', reason: 'Feriado bancario', user: { id: admin.id } });
    expect(body.data.data.map((row: { value_date: string }) => row.value_date)).toEqual(['2026-11-30', '2026-11-30', '2026-11-27', '2026-11-27']);
  });

  it('filters by currency, source and value dates, and searches the reason', async () => {
    const byCurrency = await ctx.call('GET', '/api/exchange-rates', { token: admin.token, query: { filters: { currency: ['USD'] } } });
    expect(byCurrency.body.data.data.map((row: { currency: string }) => row.currency)).toEqual(['USD', 'USD']);
    const byDates = await ctx.call('GET', '/api/exchange-rates', { token: admin.token, query: { filters: { dates: ['27-11-2026', '27-11-2026'] } } });
    expect(byDates.body.data.total).toBe(2);
    const bySource = await ctx.call('GET', '/api/exchange-rates', { token: admin.token, query: { filters: { source: ['manual'] } } });
    expect(bySource.body.data.total).toBe(1);
    const search = await ctx.call('GET', '/api/exchange-rates', { token: admin.token, query: { search: 'feriado', per_page: 1, page: 1 } });
    expect(search.body.data).toMatchObject({ total: 1, per_page: 1, last_page: 1 });
  });

  it('exports as csv with the BCV’s own number writing', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/exchange-rates?type_format=csv', headers: { authorization: `Bearer ${admin.token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('Historial de tasas de cambio');
    expect(answer.body).toContain('265,12345678');
    expect(answer.body).toContain('Feriado bancario');
  });

  it('needs the Tasas de Cambio permission', async () => {
    const cashier = await ctx.staff({ roleId: 3 });
    expect((await ctx.call('GET', '/api/exchange-rates', { token: cashier.token })).status).toBe(403);
  });
});

describe('Tasas de Cambio (configurations) on the history', () => {
  it('shows the rate in force, and a manual update becomes a manual rate of today with its reason, audited', async () => {
    await ctx.db.insert(exchangeRates).values([bcv('USD', '2026-01-05', '100.00000000'), bcv('EUR', '2026-01-05', '110.00000000')]);
    const list = await ctx.call('GET', '/api/configurations', { token: admin.token });
    const dollar = list.body.data.data[0];
    expect(dollar).toMatchObject({ name: 'update_dollar_rate', value: '100.00000000', value_date: '2026-01-05', source: 'bcv', stale: true });
    const updated = await ctx.call('PUT', '/api/configurations/update', { token: admin.token, body: { id: dollar.id, value: '245.67140000', reason: 'El BCV no publicó' } });
    expect(updated).toMatchObject({ status: 200, body: { message: 'Tasa actualizada' } });
    expect((await current()).usd).toMatchObject({ rate: '245.67140000', source: 'manual', stale: false });
    const rates = await ctx.call('GET', '/api/configurations/exchange-rate', { token: admin.token });
    expect(rates.body.data).toEqual({ dollar_rate: '245.67', euro_rate: '110.00' });
    const [row] = await ctx.db.select().from(exchangeRates).where(eq(exchangeRates.source, 'manual'));
    expect(row).toMatchObject({ currency: 'USD', reason: 'El BCV no publicó', userId: admin.id });
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'configurations'), eq(auditLogs.subjectId, dollar.id)));
    expect(entry?.properties).toEqual({
      old: { name: 'update_dollar_rate', value: '100.00000000' },
      attributes: { name: 'update_dollar_rate', value: '245.67140000', reason: 'El BCV no publicó' },
    });
  });

  it('refuses a manual rate of 0, negative, with more than 8 decimals, or without a reason', async () => {
    const put = (body: unknown) => ctx.call('PUT', '/api/configurations/update', { token: admin.token, body });
    expect((await put({ id: 1, value: '0', reason: 'x' })).body.errors).toEqual({ value: ['El campo Valor debe ser mayor que 0.'] });
    expect((await put({ id: 1, value: '-5', reason: 'x' })).body.errors).toEqual({ value: ['El campo Valor debe ser mayor que 0.'] });
    expect((await put({ id: 1, value: '245.123456789', reason: 'x' })).body.errors).toEqual({ value: ['El campo Valor debe tener como máximo 8 decimales.'] });
    expect((await put({ id: 1, value: '245.12345678' })).body.errors).toEqual({ reason: ['El campo Motivo es obligatorio.'] });
    expect((await put({ id: 1, value: '', reason: 'x' })).body.errors).toEqual({ value: ['Ingresa Datos!'] });
    expect(await ctx.db.select().from(exchangeRates)).toEqual([]);
  });
});
