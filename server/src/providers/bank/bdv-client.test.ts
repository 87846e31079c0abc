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
    simulator.addCredit({ reference: '0134123456789012', date: yesterday, amount: '150.00', bank: '0134' });
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
    expect(first.movs.map((mov) => mov.nroMov)).toEqual([...first.movs.map((mov) => mov.nroMov)].sort().reverse());
    const lowest = first.movs.at(-1)!.nroMov;
    const second = await client().movements({ dateInit: from, dateEnd: to, currencyType: 'VES', movementNumber: lowest });
    expect(second.movs[0]!.nroMov < lowest).toBe(true);
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

  it('answers 1001 as no movements and refuses a range that includes today', async () => {
    const future = caracas().add(5, 'day').format('DD/MM/YYYY');
    expect(await client().movements({ dateInit: future, dateEnd: future, currencyType: 'VES', movementNumber: '' })).toEqual({ movs: [], totalOfMovements: 0 });
    await expect(client().movements({ dateInit: caracas().subtract(2, 'day').format('DD/MM/YYYY'), dateEnd: caracas().format('DD/MM/YYYY'), currencyType: 'VES', movementNumber: '' })).rejects.toThrow(
      'El rango de fechas no puede incluir el día actual',
    );
  });

  it('reports a closed port as a connection error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await client({ baseUrl: `http://127.0.0.1:${port}` }).validateMobilePayment(query)).toMatchObject({ errorCode: 'CONNECTION_ERROR' });
  });
});
