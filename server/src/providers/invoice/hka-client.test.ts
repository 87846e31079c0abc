import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHkaClient } from './hka-client';

/**
 * The adapter reads what the service may send however it spells it (providers.md §4): keys in any
 * case, `codigo` as a number or a string, business bodies on HTTP 400, integers as text.
 */
let server: http.Server;
let url: string;
let next: { status: number; body: unknown } | null = null;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const answer = request.url?.endsWith('/Autenticacion')
        ? { status: 200, body: { CODIGO: 200, Token: 'ficha', Expiracion: '2026-12-31T23:59:59' } }
        : (next ?? { status: 404, body: {} });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const client = () => createHkaClient({ url, user: 'u', password: 'p', timeoutMs: 1000 });
const ref = { serie: '', tipoDocumento: '01' as const, numeroDocumento: '5' };

describe('HKA client reading answers', () => {
  it('reads PascalCase keys and a numeric codigo on an emission', async () => {
    next = {
      status: 200,
      body: {
        Codigo: 200,
        Mensaje: 'Documento procesado correctamente',
        Resultado: { NumeroControl: '00-00000646', UrlConsulta: 'https://x/?doc=1', TransaccionId: 'RC1' },
      },
    };
    expect(await client().emit({})).toMatchObject({
      code: '200',
      message: 'Documento procesado correctamente',
      controlNumber: '00-00000646',
      url: 'https://x/?doc=1',
      transactionId: 'RC1',
    });
  });

  it('reads EstadoDocumento in upper case and UltimoDocumento with the number as text', async () => {
    next = { status: 200, body: { CODIGO: '200', ESTADO: { NUMEROCONTROL: '00-00000021', TRANSACCIONID: 'RC9', ESTADODOCUMENTO: 'Enviada' } } };
    expect(await client().state('01', 'RC9')).toMatchObject({ code: '200', controlNumber: '00-00000021', transactionId: 'RC9' });
    next = { status: 200, body: { codigo: 200, numeroDocumento: '329' } };
    expect(await client().lastDocument('01', '')).toMatchObject({ code: '200', documentNumber: '329' });
  });

  it('reads numeraciones with integers as numbers or text', async () => {
    next = {
      status: 200,
      body: { codigo: '200', Numeraciones: [{ Serie: 'NO APLICA', TipoDocumento: '01', Desde: '1', Hasta: 100000, Correlativo: '99950', Estado: 'Activo' }] },
    };
    expect((await client().numberings('01', '')).ranges).toEqual([
      { serie: 'NO APLICA', tipoDocumento: '01', from: 1, to: 100000, last: 99950, state: 'Activo' },
    ]);
  });

  it('keeps the business body of an HTTP 400, a single validación as text, and code 99', async () => {
    next = { status: 400, body: { codigo: '400', mensaje: 'Error en la petición', validaciones: ['direccion: longitud máxima 250'] } };
    expect(await client().emit({})).toMatchObject({ code: '400', message: 'Error en la petición', validations: ['direccion: longitud máxima 250'] });
    next = { status: 200, body: { codigo: 203, mensaje: 'Documento no procesado', validaciones: 'No posee rango de numeración disponible' } };
    expect(await client().emit({})).toMatchObject({ code: '203', validations: ['No posee rango de numeración disponible'] });
    next = { status: 200, body: { codigo: 99, mensaje: 'El correo ya ha sido enviado previamente' } };
    expect(await client().sendMail(ref, ['a@example.com'])).toMatchObject({ code: '99' });
  });

  it('gives the HTTP status as the code when there is no business body', async () => {
    next = { status: 500, body: { mensaje: 'Error interno del servidor' } };
    expect(await client().download(ref)).toMatchObject({ code: '500', message: 'Error interno del servidor' });
    next = null;
    expect(await client().download(ref)).toMatchObject({ code: '404' });
  });
});
