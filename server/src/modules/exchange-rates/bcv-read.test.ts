import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { bcvPageReader } from '../../providers/bcv/client';
import { bcvPageHtml } from '../../providers/bcv/simulator-page';
import { startBcvSimulator, type BcvSimulator } from '../../providers/bcv/simulator';
import { simulatedRates } from '../../providers/bcv/simulator-walk';
import { auditLogs } from '../logs/tables';
import { outbox } from '../messages/tables';
import { readBcvRates } from './bcv-read';
import { ratesInForce } from './service';
import { exchangeRateAlerts, exchangeRates } from './tables';

let ctx: TestContext;
let simulator: BcvSimulator;
let admin: TestUser;
const logged: string[] = [];
// Tuesday 2026-12-01 at 15:00 in Caracas: the page shows that day's value date.
const NOW = new Date('2026-12-01T19:00:00Z');

const read = (fetchPage = bcvPageReader({ url: simulator.url, timeoutMs: 300, retries: 2, backoffMs: 5, log: (line) => logged.push(line) })) =>
  readBcvRates(ctx.db, { fetchPage, maxDailyChange: 25, log: (line) => logged.push(line) });
const stored = async () => (await ctx.db.select().from(exchangeRates)).map((row) => `${row.currency} ${row.valueDate} ${row.rate} ${row.source}`).sort();
const train = (body: unknown, key = 'simulador-bdv') =>
  fetch(`${simulator.url}/simulador/tasa`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-trainer-key': key }, body: JSON.stringify(body) });

/** A local port nothing listens on: a connection to it is refused, as to a BCV that is down. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  ctx = await createTestContext();
  simulator = await startBcvSimulator({ trainerKey: 'simulador-bdv', now: () => NOW });
  admin = await ctx.staff({ roleId: 1 });
});
afterAll(async () => {
  await simulator.close();
  await ctx.close();
});
beforeEach(async () => {
  logged.length = 0;
  await ctx.db.delete(exchangeRates);
  await ctx.db.delete(exchangeRateAlerts);
  await ctx.db.delete(outbox);
  await train({ pagina: 'normal' });
});

describe('reading the BCV by itself (issue 47)', () => {
  it('stores a new value date once, and nothing when the same value date is seen again', async () => {
    const shown = simulator.showing();
    expect(shown.valueDate).toBe('2026-12-01');
    expect(await read()).toEqual({ outcome: 'stored', valueDate: '2026-12-01', currencies: ['USD', 'EUR'] });
    expect(await read()).toEqual({ outcome: 'unchanged', valueDate: '2026-12-01' });
    expect(await stored()).toEqual([`EUR 2026-12-01 ${shown.eur} bcv`, `USD 2026-12-01 ${shown.usd} bcv`]);
  });

  it('stores a value date once when two readers run at the same time', async () => {
    const outcomes = (await Promise.all([read(), read(), read()])).map((result) => result.outcome).sort();
    expect(outcomes).toEqual(['stored', 'unchanged', 'unchanged']);
    expect(await stored()).toHaveLength(2);
  });

  it.each([
    ['500', 'el BCV respondió HTTP 500'],
    ['timeout', 'sin respuesta en 0.3 s'],
    ['redirect_loop', 'demasiadas redirecciones (5)'],
  ] as const)('after a %s on every attempt stores nothing, logs each reason, and recovers on the next run', async (failure, reason) => {
    simulator.failNext(failure, 3);
    expect(await read()).toEqual({ outcome: 'unavailable', reason });
    expect(logged).toEqual([
      `Tasa BCV: intento 1 de 3 fallido (${reason})`,
      `Tasa BCV: intento 2 de 3 fallido (${reason})`,
      `Tasa BCV: intento 3 de 3 fallido (${reason})`,
      `Tasa BCV: no se pudo leer la página (${reason}); se mantiene la última tasa`,
    ]);
    expect(await stored()).toEqual([]);
    expect(await read()).toMatchObject({ outcome: 'stored' });
  });

  it('with the BCV unreachable (connection refused) stores nothing, logs why, keeps the last rate in force, and reads it once it answers again', async () => {
    const last = simulatedRates('2026-11-30');
    await ctx.db.insert(exchangeRates).values([
      { currency: 'USD', rate: last.USD, valueDate: '2026-11-30', source: 'bcv' },
      { currency: 'EUR', rate: last.EUR, valueDate: '2026-11-30', source: 'bcv' },
    ]);
    const port = await closedPort();
    const unreachable = bcvPageReader({ url: `http://127.0.0.1:${port}/`, timeoutMs: 300, retries: 2, backoffMs: 5, log: (line) => logged.push(line) });
    const result = await read(unreachable);
    expect(result).toEqual({ outcome: 'unavailable', reason: expect.stringMatching(/^sin conexión: .*ECONNREFUSED/) });
    const reason = (result as { reason: string }).reason;
    expect(logged).toEqual([1, 2, 3].map((attempt) => `Tasa BCV: intento ${attempt} de 3 fallido (${reason})`).concat(`Tasa BCV: no se pudo leer la página (${reason}); se mantiene la última tasa`));
    expect(await stored()).toEqual([`EUR 2026-11-30 ${last.EUR} bcv`, `USD 2026-11-30 ${last.USD} bcv`]);
    expect((await ratesInForce(ctx.db, '2026-12-01')).usd).toEqual({ rate: last.USD, value_date: '2026-11-30', source: 'bcv', stale: false });
    // The BCV is back on the same address: the next run stores the new value date.
    const back = await startBcvSimulator({ trainerKey: 'simulador-bdv', port, host: '127.0.0.1', now: () => NOW });
    try {
      expect(await read(unreachable)).toEqual({ outcome: 'stored', valueDate: '2026-12-01', currencies: ['USD', 'EUR'] });
    } finally {
      await back.close();
    }
  });

  it('retries a slow answer and stores what the next attempt reads', async () => {
    simulator.failNext('timeout');
    expect(await read()).toMatchObject({ outcome: 'stored' });
    expect(logged[0]).toBe('Tasa BCV: intento 1 de 3 fallido (sin respuesta en 0.3 s)');
  });

  it.each([
    ['error_page', 'La página del BCV no trae el bloque del dólar (id="dolar"), el bloque del euro (id="euro"), la fecha valor (date-display-single)'],
    ['only_usd', 'La página del BCV no trae el bloque del euro (id="euro")'],
    ['dot_decimal', 'La página del BCV escribe la tasa de otra forma'],
  ] as const)('a %s stores nothing and raises one alert with an e-mail to the Administrador per cause and day', async (failure, detail) => {
    simulator.failNext(failure, 2);
    expect(await read()).toEqual({ outcome: 'refused', cause: 'page_changed' });
    expect(await read()).toEqual({ outcome: 'refused', cause: 'page_changed' });
    expect(await stored()).toEqual([]);
    const alerts = await ctx.db.select().from(exchangeRateAlerts);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.detail).toContain(detail);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.to, admin.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tasa BCV: La página del BCV cambió');
    expect(await read()).toMatchObject({ outcome: 'stored' });
  });

  it('refuses a changed page the trainer publishes', async () => {
    expect((await train({ pagina: 'cambiada' })).status).toBe(200);
    expect(await read()).toEqual({ outcome: 'refused', cause: 'page_changed' });
  });

  it('refuses a rate of zero', async () => {
    const page = bcvPageHtml({ valueDate: '2026-12-01', usd: '0', eur: '280' });
    expect(await read(() => Promise.resolve(page))).toEqual({ outcome: 'refused', cause: 'invalid_rate' });
    expect((await ctx.db.select().from(exchangeRateAlerts))[0]!.detail).toBe('El BCV publicó una tasa de USD menor o igual a cero para el 2026-12-01');
  });

  it('refuses a jump beyond BCV_MAX_DAILY_CHANGE from the previous value date, which an administrator may accept with one click', async () => {
    expect(await read()).toMatchObject({ outcome: 'stored' });
    const jump = await train({ pagina: 'salto' });
    const shown = (await jump.json()) as { valueDate: string; usd: string; eur: string };
    expect(shown.valueDate).toBe('2026-12-02');
    expect(await read()).toEqual({ outcome: 'refused', cause: 'jump' });
    const [alert] = await ctx.db.select().from(exchangeRateAlerts);
    expect(alert!.detail).toBe('La tasa del 2026-12-02 cambia más de 25 % desde la anterior (USD 50.0 %, EUR 50.0 %)');
    expect(alert!.read).toEqual({ value_date: '2026-12-02', usd: shown.usd, eur: shown.eur });

    const status = await ctx.call('GET', '/api/exchange-rates/bcv-status', { token: admin.token });
    expect(status.body.data.alerts).toEqual([expect.objectContaining({ id: alert!.id, cause: 'jump', title: 'La tasa del BCV saltó más de lo permitido' })]);
    const cashier = await ctx.staff({ roleId: 3 });
    expect((await ctx.call('POST', '/api/exchange-rates/alerts/accept', { token: cashier.token, body: { id: alert!.id } })).status).toBe(403);
    const accepted = await ctx.call('POST', '/api/exchange-rates/alerts/accept', { token: admin.token, body: { id: alert!.id } });
    expect(accepted).toMatchObject({ status: 200, body: { message: 'Tasa leída aceptada' } });
    expect(await stored()).toContain(`USD 2026-12-02 ${shown.usd} bcv`);
    const again = await ctx.call('POST', '/api/exchange-rates/alerts/accept', { token: admin.token, body: { id: alert!.id } });
    expect(again).toMatchObject({ status: 409, body: { message: 'Esa alerta ya fue atendida' } });
    const [audit] = await ctx.db.select({ total: count() }).from(auditLogs).where(eq(auditLogs.subjectType, 'exchange_rate_alerts'));
    expect(audit!.total).toBe(1);
    expect((await ctx.call('GET', '/api/exchange-rates/bcv-status', { token: admin.token })).body.data.alerts).toEqual([]);
  });

  it('will not accept a changed page: it brought no rate', async () => {
    simulator.failNext('error_page');
    await read();
    const [alert] = await ctx.db.select().from(exchangeRateAlerts);
    const answer = await ctx.call('POST', '/api/exchange-rates/alerts/accept', { token: admin.token, body: { id: alert!.id } });
    expect(answer).toMatchObject({ status: 422, body: { message: 'Esa alerta no trae una tasa que aceptar' } });
  });

  it('publishes what a trainer gives with the bank simulator key, and nothing without it', async () => {
    expect((await train({ fecha_valor: '2026-12-03', dolar: '250,12', euro: '270.5' }, 'otra')).status).toBe(401);
    expect((await train({ fecha_valor: '03-12-2026', dolar: '250,12', euro: '270.5' })).status).toBe(422);
    expect((await train({ fecha_valor: '2026-12-03', dolar: '250,12', euro: '270.5' })).status).toBe(200);
    expect(await read()).toMatchObject({ outcome: 'stored', valueDate: '2026-12-03' });
    expect(await stored()).toEqual(['EUR 2026-12-03 270.50000000 bcv', 'USD 2026-12-03 250.12000000 bcv']);
  });
});
