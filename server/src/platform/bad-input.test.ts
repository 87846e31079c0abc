import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness';

/** Bad input of every kind answers 4xx with the envelope, never a 500 (issue 31). */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ roleId: ADMIN_ROLE_ID });
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: string | Buffer, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${admin.token}`, ...headers } });

const BAD_REQUEST = { success: false, message: 'Los datos enviados no son válidos.' };
const BAD_FORM = { success: false, message: 'El formulario enviado no es válido.' };

describe('a NUL byte', () => {
  it.each([
    '/api/clients?search=a%00b',
    '/api/addresses-payment?search=a%00b',
    '/api/logs?search=a%00b',
    '/api/bill-payments?search=a%00b',
    '/api/users?search=a%00b',
    '/api/clients/selects/data?search=a%00b',
    '/api/communities/selects?search=a%00b',
    '/api/clients?filters[type][]=a%00b',
    '/api/clients/export/data?type_format=csv&search=a%00b',
  ])('in %s answers 400', async (url) => {
    const answer = await send('GET', url);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(BAD_REQUEST);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('in a JSON body answers 400 and stores nothing', async () => {
    const answer = await send('POST', '/api/states/store', JSON.stringify({ name: 'Estado\u0000Nulo' }), { 'content-type': 'application/json' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(BAD_REQUEST);
    const list = await send('GET', '/api/states?search=Estado');
    expect(list.json().data.total).toBe(0);
  });
});

describe('a record id beyond PostgreSQL integer', () => {
  it.each([
    '/api/clients/9999999999',
    '/api/clients/2147483648',
    '/api/clients/18446744073709551616',
    '/api/clients/notes-client/9999999999',
    '/api/clients/users-client/9999999999',
    '/api/addresses-payment/address-client/9999999999',
    '/api/payments/9999999999/files/0b0c8a1e-2f3d-4c5b-9a8e-7f6d5c4b3a21.png',
    '/api/closed-boxs/9999999999/file',
    '/api/conciliations/client/9999999999',
  ])('in the path of %s answers 404', async (url) => {
    const answer = await send('GET', url);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ success: false, message: 'No encontrado' });
  });

  it('in a body answers 422 naming the field', async () => {
    const answer = await send('PUT', '/api/states/update', JSON.stringify({ id: 9999999999, name: 'Estado' }), { 'content-type': 'application/json' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.id).toEqual(['El campo id es inválido.']);
  });

  it('in a query answers 422', async () => {
    const answer = await send('GET', '/api/closed-boxs/show?id=9999999999');
    expect(answer.statusCode).toBe(422);
  });

  it.each(['/api/logs?filters[user][]=9999999999', '/api/clients?filters[client][]=4294967296', '/api/bill-payments?filters[user][]=9999999999'])(
    'in a filter of %s matches nothing',
    async (url) => {
      const answer = await send('GET', url);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.data).toEqual([]);
    },
  );
});

describe('a malformed multipart body', () => {
  const uploads: ['POST' | 'PUT', string][] = [
    ['POST', '/api/bill-payments/update'],
    ['POST', '/api/bill-payments/add-payment'],
    ['POST', '/api/closed-boxs/store'],
    ['POST', '/api/closed-boxs/update'],
    ['POST', '/api/closed-boxs/import'],
    ['POST', '/api/payment-methods/store'],
    ['POST', '/api/payment-methods/update'],
  ];
  const cutShort = '--x\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\x89PNG';

  it.each(uploads)('without a boundary on %s %s answers 400', async (method, url) => {
    const answer = await send(method, url, 'garbage', { 'content-type': 'multipart/form-data' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(BAD_FORM);
  });

  it.each(uploads)('cut short inside a file on %s %s answers 400', async (method, url) => {
    const answer = await send(method, url, cutShort, { 'content-type': 'multipart/form-data; boundary=x' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(BAD_FORM);
  });
});
