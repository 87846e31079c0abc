import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankMessages } from '@recaudo/domain/bank-operations';
import { caracas } from '@recaudo/domain/dates';
import { bankTestContext, payingClient } from '../../../test/bank-fixture';
import type { TestContext, TestUser } from '../../../test/harness';
import type { BankSimulator } from '../../providers/bank/simulator';
import { banks } from '../banks/tables';
import { conciliations } from './tables';

let ctx: TestContext;
let simulator: BankSimulator;
let supervisor: TestUser;
let clientA: number;
let clientB: number;

const at = (day: string) => new Date(`${day}T15:00:00Z`);
const row = (clientId: number, day: string, success: boolean, amount: string, errorCode: string | null, reference: string) => ({
  clientId,
  reference,
  paymentDate: day,
  amount,
  originBank: '0134',
  success,
  errorCode,
  errorMessage: errorCode ? `fallo ${errorCode}` : null,
  responseData: { http_status: 200 },
  processedAt: at(day),
});

beforeAll(async () => {
  ({ ctx, simulator } = await bankTestContext());
  supervisor = await ctx.staff({ permissions: ['view_conciliations', 'export_conciliations', 'view_bank_operations'] });
  clientA = (await payingClient(ctx)).clientId;
  clientB = (await payingClient(ctx)).clientId;
  await ctx.db.insert(banks).values({ code: '0134', name: 'Banesco' }).onConflictDoNothing();
  // Hand-counted: in March 2026, 3 conciliated (10.00 + 20.50 + 30.25 = 60.75) and 4 failures;
  // one more attempt of January stays outside that range.
  await ctx.db.insert(conciliations).values([
    row(clientA, '2026-03-02', true, '10.00', null, '11110001'),
    row(clientA, '2026-03-03', true, '20.50', null, '11110002'),
    row(clientB, '2026-03-04', true, '30.25', null, '22220003'),
    row(clientA, '2026-03-05', false, '5.00', 'RECORD_NOT_FOUND', '11110004'),
    row(clientB, '2026-03-06', false, '6.00', 'RECORD_NOT_FOUND', '22220005'),
    row(clientB, '2026-03-07', false, '7.00', 'AMOUNT_MISMATCH', '22220006'),
    row(clientA, '2026-03-08', false, '8.00', 'CONNECTION_ERROR', '11110007'),
    { ...row(clientA, '2026-01-10', true, '99.00', null, '11110008'), originBank: '0999' },
  ]);
});
afterAll(async () => {
  await ctx.close();
  await simulator.close();
});

const list = (query: Record<string, unknown> = {}, token = supervisor.token) => ctx.call('GET', '/api/conciliations', { token, query });

describe('GET /api/conciliations', () => {
  it('pages by 15, newest first, with client and payment', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ per_page: 15, total: 8, current_page: 1 });
    expect(body.data.data[0]).toMatchObject({ reference: '11110007', success: false, error_code: 'CONNECTION_ERROR', client: { id: clientA }, payment_id: null, amount: '8.00' });
    expect(body.data.data.at(-1).reference).toBe('11110008');
  });

  it('names the origin bank from Bancos by its code, null for a code no bank has', async () => {
    const { body } = await list();
    expect(body.data.data[0]).toMatchObject({ origin_bank: '0134', origin_bank_name: 'Banesco' });
    expect(body.data.data.at(-1)).toMatchObject({ origin_bank: '0999', origin_bank_name: null });
    const csv = await ctx.call('GET', '/api/conciliations/export', { token: supervisor.token, query: { type_format: 'csv', reference: '11110001' } });
    expect(String(csv.body)).toContain('0134 · Banesco');
  });

  it('filters by client, success, reference, dates, error code and search', async () => {
    const refs = async (query: Record<string, unknown>) => (await list(query)).body.data.data.map((item: { reference: string }) => item.reference).sort();
    expect(await refs({ client_id: clientB })).toEqual(['22220003', '22220005', '22220006']);
    expect(await refs({ success: '1', date_from: '2026-03-01', date_to: '2026-03-31' })).toEqual(['11110001', '11110002', '22220003']);
    expect(await refs({ success: '0', error_code: 'RECORD_NOT_FOUND' })).toEqual(['11110004', '22220005']);
    expect(await refs({ reference: '2222' })).toEqual(['22220003', '22220005', '22220006']);
    expect(await refs({ date_from: '10-01-2026', date_to: '10-01-2026' })).toEqual(['11110008']);
    expect(await refs({ 'filters[error_code]': 'AMOUNT_MISMATCH' })).toEqual(['22220006']);
    expect(await refs({ search: '0007' })).toEqual(['11110007']);
  });

  it('answers statistics of the filtered range as counted by hand', async () => {
    const { body } = await ctx.call('GET', '/api/conciliations/statistics', { token: supervisor.token, query: { date_from: '2026-03-01', date_to: '2026-03-31' } });
    expect(body.data).toEqual({
      attempts: 7,
      conciliated: 3,
      failed: 4,
      amount_conciliated: '60.75',
      failures_by_code: { ALREADY_CONCILIATED: 0, RECORD_NOT_FOUND: 2, AMOUNT_MISMATCH: 1, VALIDATION_ERROR: 0, BDV_SERVER_ERROR: 0, CONNECTION_ERROR: 1 },
    });
    const all = await ctx.call('GET', '/api/conciliations/statistics', { token: supervisor.token });
    expect(all.body.data).toMatchObject({ attempts: 8, conciliated: 4, amount_conciliated: '159.75' });
  });

  it('reads one conciliation, a client\'s, and answers 404 for a missing one', async () => {
    const first = (await list({ reference: '11110001' })).body.data.data[0];
    const one = await ctx.call('GET', `/api/conciliations/${first.id}`, { token: supervisor.token });
    expect(one.body.data).toMatchObject({ id: first.id, reference: '11110001', response_data: { http_status: 200 } });
    const missing = await ctx.call('GET', '/api/conciliations/999999', { token: supervisor.token });
    expect(missing).toMatchObject({ status: 404, body: { message: bankMessages.conciliationNotFound } });
    const ofClient = await ctx.call('GET', `/api/conciliations/client/${clientB}`, { token: supervisor.token });
    expect(ofClient.body.data.total).toBe(3);
  });

  it('exports the filtered list as CSV', async () => {
    const csv = await ctx.call('GET', '/api/conciliations/export', { token: supervisor.token, query: { type_format: 'csv', client_id: clientB } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toContain('Conciliaciones Bancarias.csv');
    const lines = String(csv.body).trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Referencia');
    expect(String(csv.body)).toContain('Monto incorrecto');
  });

  it('answers 403 to client users and to staff without the permissions', async () => {
    const clientUser = await ctx.clientUser();
    const cashier = await ctx.staff({ permissions: ['payments', 'add_payment', 'view_conciliations'] });
    expect((await list({}, clientUser.token)).status).toBe(403);
    expect((await ctx.call('GET', '/api/conciliations/statistics', { token: clientUser.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/conciliations/export', { token: cashier.token, query: { type_format: 'csv' } })).status).toBe(403);
    const nobody = await ctx.staff({ permissions: ['payments'] });
    expect((await list({}, nobody.token)).status).toBe(403);
    expect((await ctx.call('POST', '/api/bank-operations/movements', { token: nobody.token, body: {} })).status).toBe(403);
    expect((await ctx.call('POST', '/api/bank-operations/movements', { token: clientUser.token, body: {} })).status).toBe(403);
  });
});

describe('POST /api/bank-operations/movements', () => {
  const day = (offset: number) => caracas().subtract(offset, 'day').format('DD/MM/YYYY');
  const movements = (body: Record<string, unknown>) => ctx.call('POST', '/api/bank-operations/movements', { token: supervisor.token, body });

  it('keeps the search window', async () => {
    expect((await movements({})).body.message).toBe(bankMessages.rangeRequired);
    expect((await movements({ dateInit: day(40), dateEnd: day(1) })).body.message).toBe(bankMessages.rangeTooOld);
    expect((await movements({ dateInit: day(2), dateEnd: caracas().add(1, 'day').format('DD/MM/YYYY') })).body.message).toBe(bankMessages.rangeFuture);
  });

  it('reads every page of a month, today included, newest first', async () => {
    const { status, body } = await movements({ dateInit: day(30), dateEnd: day(0), currencyType: 'VES', movementNumber: '' });
    expect(status).toBe(200);
    const expected = simulator.movements().filter((mov) => mov.fecha >= caracas().subtract(30, 'day').format('YYYY-MM-DD'));
    expect(body.data.totalOfMovements).toBe(expected.length);
    expect(body.data.movs).toHaveLength(expected.length);
    expect(expected.length).toBeGreaterThan(200);
    const numbers = body.data.movs.map((mov: { nroMov: string }) => Number(mov.nroMov));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('reports a bank failure with the spec text and exports the movements', async () => {
    simulator.failNext('500');
    const failed = await movements({ dateInit: day(3), dateEnd: day(1) });
    expect(failed).toMatchObject({ status: 502, body: { success: false, message: `${bankMessages.movementsFailed}: El banco respondió HTTP 500` } });
    const exported = await ctx.call('POST', '/api/bank-operations/export', { token: supervisor.token, body: { search: 'CREDITO', filters: { dateInit: day(3), dateEnd: day(1) }, type_format: 'csv' } });
    expect(exported.status).toBe(200);
    const lines = String(exported.body).trim().split('\n');
    expect(lines[0]).toContain('Nro. movimiento');
    expect(lines.slice(1).every((line) => line.includes('CREDITO'))).toBe(true);
    expect(lines.length).toBeGreaterThan(3);
  });
});
