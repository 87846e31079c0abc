import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { idOf, invoice, post, raw, simulator, start } from '../../../test/hka-simulator-client';
import { LISTING_PAGE_SIZE } from './simulator-endpoints';

/**
 * ListadoDocumentos and EstadoLote as the public Odoo client calls them (providers.md §2.3, §5):
 * POST with the bearer, HTTP 200 and a string `codigo` of 200 when answered, anything else being
 * an error to that client.
 */

beforeEach(() => start());
afterEach(() => simulator().close());

/** Emits an invoice numbered `numero` (as sent) and answers its reference. */
async function emitted(numero: string, serie = '') {
  const body = invoice({ id: { numeroDocumento: numero, serie } });
  expect(await post('Emision', body)).toMatchObject({ codigo: '200' });
  return { serie, tipoDocumento: '01', numeroDocumento: idOf(body).numeroDocumento };
}
const annul = async (ref: { serie: string; tipoDocumento: string; numeroDocumento: string }, fechaAnulacion: string) =>
  expect(await post('Anular', { ...ref, motivoAnulacion: 'Cliente equivocado', fechaAnulacion, horaAnulacion: '09:15:00 am' })).toMatchObject({ codigo: '200' });

describe('ListadoDocumentos', () => {
  it('lists the documents of a type annulled in the period, both days included, numbers echoed as sent', async () => {
    const before = await emitted('0101');
    const first = await emitted('0102');
    const last = await emitted('0103');
    const kept = await emitted('0104');
    await annul(before, '19/05/2025');
    await annul(first, '20/05/2025');
    await annul(last, '21/05/2025');
    const answer = await raw('ListadoDocumentos', { body: { tipoDocumento: '01', fechaInicio: '20/05/2025', fechaFin: '21/05/2025' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      codigo: '200',
      mensaje: 'Consulta realizada',
      numPagina: 1,
      totalPaginas: 1,
      totalRegistros: 2,
      documentos: [
        {
          serie: '',
          tipoDocumento: '01',
          numeroDocumento: '0102',
          numeroControl: expect.stringMatching(/^00-\d{8}$/),
          fechaAsignacion: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
          fechaAnulacion: '20/05/2025',
          horaAnulacion: '09:15:00 am',
          motivoAnulacion: 'Cliente equivocado',
          estadoDocumento: 'Anulada',
        },
        expect.objectContaining({ numeroDocumento: '0103', fechaAnulacion: '21/05/2025', estadoDocumento: 'Anulada' }),
      ],
    });
    expect(JSON.stringify(answer.body)).not.toContain(kept.numeroDocumento);
    // Another type, another series or a period without annulments: code 200, no documents.
    for (const body of [
      { tipoDocumento: '02', fechaInicio: '20/05/2025', fechaFin: '21/05/2025' },
      { tipoDocumento: '01', fechaInicio: '20/05/2025', fechaFin: '21/05/2025', serie: 'B' },
      { tipoDocumento: '01', fechaInicio: '01/06/2025', fechaFin: '30/06/2025' },
    ])
      expect(await post('ListadoDocumentos', body)).toEqual({ codigo: '200', mensaje: 'Consulta realizada', numPagina: 1, totalPaginas: 0, totalRegistros: 0, documentos: [] });
  });

  it('pages by numPagina', async () => {
    for (let n = 1; n <= LISTING_PAGE_SIZE + 1; n++) await annul(await emitted(String(500 + n)), '20/05/2025');
    const page = (numPagina: unknown) => post('ListadoDocumentos', { tipoDocumento: '01', fechaInicio: '20/05/2025', fechaFin: '20/05/2025', numPagina });
    const [one, two, three] = [await page(1), await page('2'), await page(3)];
    expect(one).toMatchObject({ codigo: '200', numPagina: 1, totalPaginas: 2, totalRegistros: LISTING_PAGE_SIZE + 1 });
    expect(one.documentos).toHaveLength(LISTING_PAGE_SIZE);
    expect(two).toMatchObject({ numPagina: 2, documentos: [{ numeroDocumento: String(500 + LISTING_PAGE_SIZE + 1) }] });
    expect(three).toMatchObject({ codigo: '200', numPagina: 3, documentos: [] });
  });

  it('refuses a bad type, date or page with code 203 and its validations; without the bearer, 401', async () => {
    expect(await post('ListadoDocumentos', { tipoDocumento: '09', fechaInicio: '2025-05-20', fechaFin: '31/02/2025', numPagina: 0 })).toEqual({
      codigo: '203',
      mensaje: 'Consulta no procesada',
      validaciones: ['tipoDocumento: valor no permitido (catálogo 1)', 'fechaInicio: formato dd/mm/aaaa', 'fechaFin: formato dd/mm/aaaa', 'numPagina: debe ser un entero mayor que 0'],
    });
    expect(await post('ListadoDocumentos', { tipoDocumento: '01', fechaInicio: '21/05/2025', fechaFin: '20/05/2025' })).toMatchObject({
      codigo: '203',
      validaciones: ['fechaInicio no puede ser posterior a fechaFin'],
    });
    expect((await raw('ListadoDocumentos', { body: { tipoDocumento: '01', fechaInicio: '20/05/2025', fechaFin: '20/05/2025' }, auth: false })).status).toBe(401);
    expect((await raw('ListadoDocumentos', { method: 'GET' })).status).toBe(405);
  });
});

describe('EstadoLote', () => {
  it('follows a reservation of AsignarNumeraciones: pending until each document is emitted, then sent or annulled', async () => {
    const reserved = await post('AsignarNumeraciones', { detalleAsignacion: [{ serie: '', tipoDocumento: '01', numeroDocumentoInicio: 700, numeroDocumentoFin: 701 }] });
    expect(reserved).toMatchObject({ codigo: '200', idLote: expect.stringMatching(/^[0-9a-f]{12}$/) });
    const lot = () => post('EstadoLote', { idLote: reserved.idLote });
    const [seven, sevenOne] = reserved.asignaciones as { numeroControl: string }[];
    expect(await lot()).toEqual({
      codigo: '200',
      mensaje: 'Consulta realizada',
      lote: {
        idLote: reserved.idLote,
        fechaCreacion: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        estadoLote: 'En proceso',
        totalDocumentos: 2,
        procesados: 0,
        pendientes: 2,
        documentos: [
          { serie: '', tipoDocumento: '01', numeroDocumento: '700', numeroControl: seven!.numeroControl, estadoDocumento: 'Pendiente', fechaAsignacion: '' },
          { serie: '', tipoDocumento: '01', numeroDocumento: '701', numeroControl: sevenOne!.numeroControl, estadoDocumento: 'Pendiente', fechaAsignacion: '' },
        ],
      },
    });
    // The number as the client sent it on emission ("0700") is the one echoed back.
    const first = await emitted('0700');
    expect(await lot()).toMatchObject({ lote: { estadoLote: 'En proceso', procesados: 1, pendientes: 1, documentos: [{ numeroDocumento: '0700', estadoDocumento: 'Enviada' }, { estadoDocumento: 'Pendiente' }] } });
    await emitted('701');
    await annul(first, '22/05/2025');
    expect(await lot()).toMatchObject({
      lote: { estadoLote: 'Procesado', procesados: 2, pendientes: 0, documentos: [{ estadoDocumento: 'Anulada', numeroControl: seven!.numeroControl }, { estadoDocumento: 'Enviada' }] },
    });
  });

  it('an unknown or missing lot is code 203 with its reason', async () => {
    expect(await post('EstadoLote', { idLote: 'noexiste' })).toEqual({ codigo: '203', mensaje: 'Consulta no procesada', validaciones: ['Lote no encontrado en nuestra base de datos'] });
    expect(await post('EstadoLote', {})).toEqual({ codigo: '203', mensaje: 'Consulta no procesada', validaciones: ['idLote es requerido'] });
  });
});
