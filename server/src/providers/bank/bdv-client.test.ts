import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caracas } from '@recaudo/domain/dates';
import { bdvClient } from './bdv-client';
import { classifyValidation } from './classify';
import { startBankSimulator, type BankSimulator } from './simulator';

const answer = (body: unknown, status = 200) => classifyValidation({ kind: 'answer', status, body, text: JSON.stringify(body) });

describe('BDV message → app error code (providers.md §1.2)', () => {
  it('is a success only on code 1000, number or string', () => {
    expect(answer({ code: 1000, message: 'Monto: 120.00 - estatus: Transacción realizada', data: { amount: '120.00' } })).toMatchObject({ success: true, errorCode: null });
    expect(answer({ code: '1000', message: 'ok' })).toMatchObject({ success: true });
  });
  it('reads the reason of each 1010 from its message', () => {
    const cases: [string, string][] = [
      ['Pago Móvil procesado exitosamente en el BDV. El movimiento ya fue conciliado anteriormente.', 'ALREADY_CONCILIATED'],
      ['El pago ya fue conciliado previamente', 'ALREADY_CONCILIATED'],
      ['No se pudo validar el movimiento : Registro solicitado no existe', 'RECORD_NOT_FOUND'],
      ['monto : 120.00 - estatus : Transacción realizada', 'AMOUNT_MISMATCH'],
      ['Datos Mandatorios no pueden estar en null', 'VALIDATION_ERROR'],
      ['Cliente no afiliado al producto', 'BDV_SERVER_ERROR'],
      ['Un texto que el banco nunca escribió', 'BDV_SERVER_ERROR'],
    ];
    for (const [message, code] of cases) {
      expect(answer({ code: 1010, message, data: null, status: 200 }), message).toMatchObject({ success: false, errorCode: code, bdvMessage: message });
    }
  });
  it('maps HTTP 400, 500, unknown codes, non-JSON bodies and no answer', () => {
    expect(answer({ status: 400, error: 'Bad Request' }, 400)).toMatchObject({ errorCode: 'VALIDATION_ERROR', bdvMessage: 'El banco rechazó la solicitud (HTTP 400)' });
    expect(classifyValidation({ kind: 'answer', status: 500, body: undefined, text: '<html>' })).toMatchObject({ errorCode: 'BDV_SERVER_ERROR', bdvMessage: 'El banco respondió HTTP 500' });
    expect(answer({ code: 7777, message: 'x' })).toMatchObject({ errorCode: 'BDV_SERVER_ERROR' });
    expect(classifyValidation({ kind: 'answer', status: 200, body: undefined, text: 'hola' })).toMatchObject({ errorCode: 'BDV_SERVER_ERROR' });
    expect(classifyValidation({ kind: 'no-answer', reason: 'timeout', detail: 'TimeoutError' })).toMatchObject({ errorCode: 'CONNECTION_ERROR', bdvMessage: 'Tiempo de espera agotado al consultar el banco' });
    expect(classifyValidation({ kind: 'no-answer', reason: 'network', detail: 'ECONNREFUSED' })).toMatchObject({ errorCode: 'CONNECTION_ERROR' });
  });
});

describe('HTTP client against the simulator on a local port', () => {
  let simulator: BankSimulator;
  const yesterday = caracas().subtract(1, 'day').format('YYYY-MM-DD');
  const client = (overrides: Partial<Parameters<typeof bdvClient>[0]> = {}) =>
    bdvClient({ baseUrl: simulator.url, apiKey: simulator.apiKey, account: simulator.account, phone: '04120000000', validatePath: '/getMovement', movementsPath: '/apis/bdv/consulta/movimientos', timeoutMs: 500, ...overrides });
  const query = { payerIdentification: 'V12345678', payerPhone: '04141234567', reference: '123456789012', paymentDate: yesterday, amount: '150.00', originBank: '0134' };

  beforeAll(async () => {
    simulator = await startBankSimulator();
    simulator.addCredit({ reference: '0134123456789012', date: yesterday, amount: '150.00', bank: '0134', phone: '04141234567' });
  });
  afterAll(() => simulator.close());

  it('validates once, then answers already conciliated', async () => {
    expect(await client().validateMobilePayment({ ...query, amount: '151.00' })).toMatchObject({ errorCode: 'AMOUNT_MISMATCH', bdvMessage: 'monto : 150.00 - estatus : Transacción realizada' });
    expect(await client().validateMobilePayment({ ...query, reference: '999999' })).toMatchObject({ errorCode: 'RECORD_NOT_FOUND' });
    const first = await client().validateMobilePayment(query);
    expect(first).toMatchObject({ success: true, responseData: { http_status: 200, body: { code: 1000, data: { amount: '150.00' } } } });
    expect(await client().validateMobilePayment(query)).toMatchObject({ errorCode: 'ALREADY_CONCILIATED' });
  });

  it('answers Datos Mandatorios, a wrong key, a 500 and a timeout', async () => {
    expect(await client().validateMobilePayment({ ...query, reference: '' })).toMatchObject({ errorCode: 'VALIDATION_ERROR', bdvMessage: 'Datos Mandatorios no pueden estar en null' });
    expect(await client({ apiKey: 'otra' }).validateMobilePayment(query)).toMatchObject({ errorCode: 'BDV_SERVER_ERROR', bdvMessage: 'Cliente no afiliado al producto' });
    simulator.failNext('500');
    expect(await client().validateMobilePayment(query)).toMatchObject({ errorCode: 'BDV_SERVER_ERROR', responseData: { http_status: 500 } });
    simulator.failNext('timeout');
    expect(await client().validateMobilePayment(query)).toMatchObject({ errorCode: 'CONNECTION_ERROR', responseData: { error: 'timeout' } });
  });

  it('refuses a form-encoded body with HTTP 400', async () => {
    const status = await new Promise<number>((resolve) => {
      const request = http.request(`${simulator.url}/getMovement`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': simulator.apiKey } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.end('referencia=1');
    });
    expect(status).toBe(400);
  });

  it('pages movements by the lowest nroMov, 100 at a time, newest first', async () => {
    const from = caracas().subtract(30, 'day').format('DD/MM/YYYY');
    const to = caracas().subtract(1, 'day').format('DD/MM/YYYY');
    const first = await client().movements({ dateInit: from, dateEnd: to, currencyType: 'VES', movementNumber: '' });
    expect(first.movs).toHaveLength(100);
    expect(first.totalOfMovements).toBeGreaterThan(150);
    const numbers = first.movs.map((mov) => Number(mov.nroMov));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(first.movs.every((mov) => /^\d{4,5}$/.test(mov.nroMov))).toBe(true);
    const lowest = first.movs.at(-1)!.nroMov;
    const second = await client().movements({ dateInit: from, dateEnd: to, currencyType: 'VES', movementNumber: lowest });
    expect(Number(second.movs[0]!.nroMov)).toBe(Number(lowest) - 1);
    expect(first.movs[0]).toMatchObject({ mov: expect.stringMatching(/^(CREDITO|DEBITO)$/), hora: expect.stringMatching(/^\d{4}$/), importe: expect.stringMatching(/^-?[\d.]+,\d{2}$/) });
  });

  it('seeds the same movements for the same days', async () => {
    const again = await startBankSimulator();
    try {
      const day = caracas().subtract(3, 'day').format('YYYY-MM-DD');
      expect(again.movements().filter((mov) => mov.fecha === day)).toEqual(simulator.movements().filter((mov) => mov.fecha === day));
    } finally {
      await again.close();
    }
  });

  it('answers 1001 as no movements and refuses a range that includes today (the default setting)', async () => {
    const future = caracas().add(5, 'day').format('DD/MM/YYYY');
    expect(await client().movements({ dateInit: future, dateEnd: future, currencyType: 'VES', movementNumber: '' })).toEqual({ movs: [], totalOfMovements: 0 });
    await expect(client().movements({ dateInit: caracas().subtract(2, 'day').format('DD/MM/YYYY'), dateEnd: caracas().format('DD/MM/YYYY'), currencyType: 'VES', movementNumber: '' })).rejects.toThrow(
      'El rango de fechas no puede incluir el día actual',
    );
  });

  it('answers "Registro solicitado no existe" for any wrong field but the amount', async () => {
    simulator.addCredit({ reference: '0134555000111', date: yesterday, amount: '80.00', bank: '0134', phone: '04141234567', payerId: 'V12345678' });
    const payment = { ...query, reference: '555000111', amount: '80.00' };
    const wrong: [string, Partial<Parameters<typeof bdvClient>[0]>, Partial<typeof payment>][] = [
      ['payer phone', {}, { payerPhone: '04141234568' }],
      ['payer phone format', {}, { payerPhone: '4141234567' }],
      ['payer phone with +58', {}, { payerPhone: '+584141234567' }],
      ['origin bank', {}, { originBank: '0105' }],
      ['destination phone', { phone: '04129999999' }, {}],
      ['reference', {}, { reference: '555000112' }],
      ['date', {}, { paymentDate: caracas().subtract(2, 'day').format('YYYY-MM-DD') }],
    ];
    for (const [field, options, change] of wrong) {
      expect(await client(options).validateMobilePayment({ ...payment, ...change }), field).toMatchObject({
        errorCode: 'RECORD_NOT_FOUND',
        bdvMessage: 'No se pudo validar el movimiento : Registro solicitado no existe',
      });
    }
    expect(await client().validateMobilePayment(payment)).toMatchObject({ success: true });
  });

  it('checks cedulaPagador only with reqCed, and takes it empty without', async () => {
    const raw = (body: Record<string, unknown>) =>
      fetch(`${simulator.url}/getMovement`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': simulator.apiKey }, body: JSON.stringify(body) }).then((response) => response.json());
    simulator.addCredit({ reference: '0102777000111', date: yesterday, amount: '60.00', bank: '0102', phone: '04141234567', payerId: 'V12345678' });
    const body = { cedulaPagador: 'V87654321', telefonoPagador: '04141234567', telefonoDestino: '04120000000', referencia: '777000111', fechaPago: yesterday, importe: '60.00', bancoOrigen: '0102' };
    expect(await raw({ ...body, reqCed: true })).toMatchObject({ code: 1010, message: 'No se pudo validar el movimiento : Registro solicitado no existe' });
    expect(await raw({ ...body, cedulaPagador: '', reqCed: true })).toMatchObject({ code: 1010, message: 'Datos Mandatorios no pueden estar en null' });
    expect(await raw({ ...body, cedulaPagador: null, reqCed: false })).toMatchObject({ code: 1010, message: 'Datos Mandatorios no pueden estar en null' });
    expect(await raw({ ...body, cedulaPagador: '', reqCed: false })).toMatchObject({ code: 1000, data: { amount: '60.00' } });
  });

  it('reports a closed port as a connection error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await client({ baseUrl: `http://127.0.0.1:${port}` }).validateMobilePayment(query)).toMatchObject({ errorCode: 'CONNECTION_ERROR' });
  });
});

describe('simulator settings the real service is not known to fix (docs/providers.md)', () => {
  const started: BankSimulator[] = [];
  afterAll(() => Promise.all(started.map((simulator) => simulator.close())));
  async function bank(options: Parameters<typeof startBankSimulator>[0]) {
    const simulator = await startBankSimulator(options);
    started.push(simulator);
    return bdvClient({ baseUrl: simulator.url, apiKey: simulator.apiKey, account: simulator.account, phone: '04120000000', validatePath: '/getMovement', movementsPath: '/apis/bdv/consulta/movimientos', timeoutMs: 2000 });
  }
  const day = (offset: number) => caracas().add(offset, 'day').format('DD/MM/YYYY');

  it('an empty day as "1000" with an empty list reads as no movements, like "1001"', async () => {
    const client = await bank({ emptyDay: '1000' });
    expect(await client.movements({ dateInit: day(5), dateEnd: day(5), currencyType: 'VES', movementNumber: '' })).toEqual({ movs: [], totalOfMovements: 0 });
  });

  it('a range that includes today is served when the setting says so', async () => {
    const client = await bank({ todayInRange: 'serve' });
    const answer = await client.movements({ dateInit: day(-2), dateEnd: day(0), currencyType: 'VES', movementNumber: '' });
    expect(answer.movs.some((mov) => mov.fecha === caracas().subtract(2, 'day').format('YYYY-MM-DD'))).toBe(true);
  });

  it('matches references on the configured number of trailing digits', async () => {
    const yesterday = caracas().subtract(1, 'day').format('YYYY-MM-DD');
    const query = { payerIdentification: 'V1', payerPhone: '04141234567', paymentDate: yesterday, amount: '70.00', originBank: '0134' };
    const eight = await bank({ referenceDigits: 8 });
    started.at(-1)!.addCredit({ reference: '013412345678', date: yesterday, amount: '70.00', bank: '0134', phone: '04141234567' });
    expect(await eight.validateMobilePayment({ ...query, reference: '345678' })).toMatchObject({ errorCode: 'RECORD_NOT_FOUND' });
    expect(await eight.validateMobilePayment({ ...query, reference: '12345678' })).toMatchObject({ success: true });
    const four = await bank({ referenceDigits: 4 });
    started.at(-1)!.addCredit({ reference: '013412345678', date: yesterday, amount: '70.00', bank: '0134', phone: '04141234567' });
    expect(await four.validateMobilePayment({ ...query, reference: '5678' })).toMatchObject({ success: true });
  });
});
