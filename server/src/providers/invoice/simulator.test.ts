import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { idOf, invoice, post, raw, simulator, start } from '../../../test/hka-simulator-client';

/**
 * Contract tests: the request/answer pairs of shared/providers.md §2, §4 and §5 replayed over HTTP
 * against the simulator, with the exact types real clients compare (codigo 200 as a number on
 * Autenticacion, a string elsewhere; integers in numeraciones and UltimoDocumento).
 */

afterEach(() => simulator().close());

describe('HKA simulator: authentication and routing', () => {
  it('answers Autenticacion with codigo as the number 200 and a date-time expiracion; a wrong key is refused', async () => {
    const login = await start();
    expect(login).toMatchObject({
      status: 200,
      body: { codigo: 200, token: expect.any(String), expiracion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) },
    });
    expect((await raw('Autenticacion', { body: { usuario: 'recaudo', clave: 'otra' }, auth: false })).body).toMatchObject({ codigo: 403 });
    expect((await raw('UltimoDocumento', { body: { serie: '', tipoDocumento: '01' }, auth: false })).status).toBe(401);
  });

  it('answers 404 on unknown paths and 405 on a method the endpoint does not take', async () => {
    await start();
    expect((await raw('EmisionInventada', { body: {} })).status).toBe(404);
    expect((await raw('../Emision', { body: {} })).status).toBe(404);
    expect((await raw('Emision', { method: 'GET' })).status).toBe(405);
    expect((await raw('AplicarRetencion', { method: 'PUT', body: {} })).status).toBe(405);
    expect((await raw('emision', { body: invoice() })).body).toMatchObject({ codigo: '200' });
  });
});

describe('HKA simulator: Emision and EstadoDocumento', () => {
  beforeEach(() => start({ rangeFrom: 646, rangeTo: 100_000 }));

  it('issues with the documented resultado, transaccionId included; EstadoDocumento echoes it', async () => {
    const body = invoice();
    const issued = await post('Emision', body);
    expect(issued).toEqual({
      codigo: '200',
      mensaje: 'Documento procesado correctamente',
      resultado: expect.objectContaining({
        imprentaDigital: 'THE FACTORY HKA VENEZUELA, C.A.',
        autorizado: expect.stringContaining('Providencia'),
        serie: '',
        tipoDocumento: '01',
        numeroDocumento: idOf(body).numeroDocumento,
        numeroControl: '00-00000646',
        transaccionId: idOf(body).transaccionId,
        fechaAsignacion: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        horaAsignacion: expect.stringMatching(/^\d{2}:\d{2}:\d{2} (AM|PM)$/),
        fechaAsignacionNumeroControl: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        horaAsignacionNumeroControl: expect.stringMatching(/^\d{2}:\d{2}:\d{2} (AM|PM)$/),
        rangoAsignado: 'Nros. de Control desde el 00-00000646 hasta 00-00100000',
      }),
    });
    const state = await post('EstadoDocumento', { tipoDocumento: '01', transaccionId: idOf(body).transaccionId });
    expect(state).toMatchObject({
      codigo: '200',
      estado: { transaccionId: idOf(body).transaccionId, numeroControl: '00-00000646', estadoDocumento: 'Enviada' },
    });
    expect(await post('EstadoDocumento', { tipoDocumento: '01', serie: '', numeroDocumento: idOf(body).numeroDocumento })).toMatchObject({
      estado: { transaccionId: idOf(body).transaccionId },
    });
    expect(await post('EstadoDocumento', { tipoDocumento: '01', transaccionId: 'NOEXISTE' })).toEqual({
      codigo: '203',
      mensaje: 'Consulta no procesada',
      estado: null,
      validaciones: ['Documento no encontrado en nuestra base de datos'],
    });
  });

  it('answers code 99 when the same document comes again within the window, 201 after it', async () => {
    await simulator().close();
    await start({ repeatWindowMs: 300 });
    const body = invoice();
    await post('Emision', body);
    expect(await post('Emision', body)).toMatchObject({ codigo: '99', mensaje: 'El documento ya ha sido enviado previamente' });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await post('Emision', body)).toMatchObject({ codigo: '201', mensaje: 'Documento duplicado' });
    expect(simulator().documents).toHaveLength(1);
  });

  it('binds keys without regard to case: a credit note in PascalCase is issued', async () => {
    const first = invoice();
    await post('Emision', first);
    const note = {
      DocumentoElectronico: {
        Encabezado: {
          IdentificacionDocumento: {
            TipoDocumento: '02',
            NumeroDocumento: '1',
            Serie: '',
            SerieFacturaAfectada: '',
            NumeroFacturaAfectada: idOf(first).numeroDocumento,
            FechaFacturaAfectada: '20/05/2025',
            MontoFacturaAfectada: '116.00',
            FechaEmision: '21/05/2025',
            HoraEmision: '09:00:00 AM',
            Moneda: 'VES',
            TransaccionId: 'NOTA1',
          },
          Comprador: { TipoIdentificacion: 'J', NumeroIdentificacion: '123456789', RazonSocial: 'Comercial Los Pinos' },
          Totales: { NroItems: '1', Subtotal: '10.00', TotalIVA: '1.60', MontoTotalConIVA: '11.60' },
        },
        DetallesItems: [{ NumeroLinea: '1', Descripcion: 'Ajuste', ValorTotalItem: '11.60' }],
      },
    };
    expect(await post('Emision', note)).toMatchObject({ codigo: '200', resultado: { tipoDocumento: '02', transaccionId: 'NOTA1' } });
  });

  it('refuses what the service refuses: 12-hour times, dd/mm/yyyy dates, currency, nroItems, identification types', async () => {
    const refusals: [ReturnType<typeof invoice>, string][] = [
      [invoice({ id: { horaEmision: '14:49:11' } }), 'horaEmision: formato hh:mm:ss am|pm'],
      [invoice({ id: { horaEmision: '2:49:11 pm' } }), 'horaEmision: formato hh:mm:ss am|pm'],
      [invoice({ id: { fechaVencimiento: '2025-05-20' } }), 'fechaVencimiento: formato dd/mm/aaaa'],
      [invoice({ id: { fechaEmision: '31/02/2025' } }), 'fechaEmision: formato dd/mm/aaaa'],
      [invoice({ id: { moneda: 'BSF' } }), 'moneda: código no permitido (BSF)'],
      [invoice({ totals: { nroItems: '2' } }), 'nroItems: debe ser igual al número de detallesItems (1)'],
      [invoice({ buyer: { tipoIdentificacion: 'S' } }), 'tipoIdentificacion: valor no permitido (V, E, J, G, P, C)'],
      [invoice({ id: { transaccionId: 'RC-1' } }), 'transaccionId: solo caracteres alfanuméricos'],
      [invoice({ id: { tipoDocumento: '02' } }), 'numeroFacturaAfectada es requerido para notas'],
    ];
    for (const [body, validation] of refusals) {
      const answer = await raw('Emision', { body });
      expect(answer.status, validation).toBe(200);
      expect(answer.body, validation).toMatchObject({ codigo: '203', mensaje: 'Documento no procesado', validaciones: expect.arrayContaining([validation]) });
    }
    expect(simulator().documents).toHaveLength(0);
  });

  it('takes a document with IGTF that adds up and refuses one whose IGTF sums do not (issue 49)', async () => {
    await start();
    // $ 10 cash for $ 7,25 at 36,50: total 264,63, IGTF 3 % of 7,25 = 0,22 → 8,03; paid $ 7,47 after $ 2,53 of change.
    const igtf = { codigoTotalImp: 'IGTF', alicuotaImp: '3.00', baseImponibleImp: '264.63', valorTotalImp: '8.03' };
    const totals = {
      montoGravadoTotal: '0.00',
      montoExentoTotal: '264.63',
      subtotal: '264.63',
      totalIVA: '0.00',
      montoTotalConIVA: '264.63',
      totalAPagar: '272.66',
      totalIGTF: '8.03',
      totalIGTF_VES: '8.03',
      impuestosSubtotal: [{ codigoTotalImp: 'E', alicuotaImp: '0.00', baseImponibleImp: '264.63', valorTotalImp: '0.00' }, igtf],
      formasPago: [{ descripcion: 'Efectivo', fecha: '20/05/2025', forma: '08', monto: '7.47', moneda: 'USD' }],
    };
    const withIgtf = (changes: Record<string, unknown>) => {
      const body = invoice({ totals: { ...totals, ...changes } });
      Object.assign(body.documentoElectronico.encabezado, { totalesOtraMoneda: { moneda: 'USD', tipoCambio: '36.5000' } });
      return body;
    };
    const good = await raw('Emision', { body: withIgtf({}) });
    expect(good.body, JSON.stringify(good.body)).toMatchObject({ codigo: '200' });
    const refusals: [Record<string, unknown>, string][] = [
      [{ totalAPagar: '264.63' }, 'totales: totalAPagar no corresponde a montoTotalConIVA + IGTF'],
      [{ totalIGTF: '7.00' }, 'totalIGTF: no corresponde al impuesto IGTF'],
      [{ impuestosSubtotal: [totals.impuestosSubtotal[0], { ...igtf, valorTotalImp: '12.00' }], totalIGTF: '12.00', totalIGTF_VES: '12.00', totalAPagar: '276.63' }, 'IGTF: valorTotalImp no corresponde a baseImponibleImp × alicuotaImp'],
      [{ formasPago: [{ descripcion: 'Efectivo', fecha: '20/05/2025', forma: '08', monto: '5.00', moneda: 'USD' }] }, 'formasPago: la suma de los pagos no corresponde a totalAPagar'],
    ];
    for (const [changes, validation] of refusals) {
      const answer = await raw('Emision', { body: withIgtf(changes) });
      expect(answer.body, validation).toMatchObject({ codigo: '203', validaciones: expect.arrayContaining([validation]) });
    }
  });

  it('answers a field over its length with HTTP 400 and the business body', async () => {
    const answer = await raw('Emision', { body: invoice({ buyer: { direccion: 'x'.repeat(251) } }) });
    expect(answer).toEqual({ status: 400, body: { codigo: '400', mensaje: 'Error en la petición', validaciones: ['direccion: longitud máxima 250'] } });
  });

  it('runs out of control numbers: 203 "No posee rango de numeración disponible"', async () => {
    await simulator().close();
    await start({ rangeFrom: 1, rangeTo: 1 });
    expect(await post('Emision', invoice())).toMatchObject({ codigo: '200', resultado: { numeroControl: '00-00000001' } });
    expect(await post('Emision', invoice())).toEqual({
      codigo: '203',
      mensaje: 'Documento no procesado',
      validaciones: ['No posee rango de numeración disponible'],
    });
  });

  it('serves urlConsulta as a public page, without a bearer', async () => {
    const issued = await post('Emision', invoice());
    const page = await fetch(issued.resultado.urlConsulta as string);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('00-00000646');
    expect((await fetch(`${simulator().publicUrl}/consulta?doc=NOEXISTE`)).status).toBe(404);
  });
});

describe('HKA simulator: numbering endpoints', () => {
  beforeEach(() => start({ rangeFrom: 1, rangeTo: 500 }));

  it('UltimoDocumento: 203 with validaciones before any document, then the number as an integer', async () => {
    const none = await post('UltimoDocumento', { serie: '', tipoDocumento: '01' });
    expect(none).toMatchObject({ codigo: '203' });
    expect(none.validaciones.length).toBeGreaterThan(0);
    const body = invoice({ id: { numeroDocumento: '329' } });
    await post('Emision', body);
    expect(await post('UltimoDocumento', { serie: '', tipoDocumento: '01' })).toEqual({ codigo: '200', mensaje: 'Consulta realizada', numeroDocumento: 329 });
    expect(await post('UltimoDocumento', { serie: 'B', tipoDocumento: '01' })).toMatchObject({ codigo: '203' });
  });

  it('Emision echoes numeroDocumento exactly as it was sent, a leading zero kept, and finds the document by its value', async () => {
    const issued = await post('Emision', invoice({ id: { numeroDocumento: '00330' } }));
    expect(issued.resultado.numeroDocumento).toBe('00330');
    expect(await post('EstadoDocumento', { tipoDocumento: '01', serie: '', numeroDocumento: '330' })).toMatchObject({ codigo: '200', estado: { numeroDocumento: '00330' } });
    expect(await post('UltimoDocumento', { serie: '', tipoDocumento: '01' })).toMatchObject({ numeroDocumento: 330 });
  });

  it('ConsultaNumeraciones: the range with serie "NO APLICA" and integer desde, hasta, correlativo', async () => {
    await post('Emision', invoice());
    expect(await post('ConsultaNumeraciones', { serie: '', tipoDocumento: '01', prefix: '' })).toEqual({
      codigo: '200',
      mensaje: 'Consulta realizada',
      numeraciones: [
        {
          titulo: 'Rango de números de control',
          serie: 'NO APLICA',
          tipoDocumento: '01',
          prefijo: '00',
          desde: 1,
          hasta: 500,
          correlativo: 1,
          estado: 'Activo',
        },
      ],
    });
  });

  it('AsignarNumeraciones reserves control numbers that Emision then uses', async () => {
    const reserved = await post('AsignarNumeraciones', {
      detalleAsignacion: [{ serie: '', tipoDocumento: '01', numeroDocumentoInicio: 900, numeroDocumentoFin: 902 }],
    });
    expect(reserved).toMatchObject({
      codigo: '200',
      asignaciones: [{ numeroDocumento: 900, numeroControl: '00-00000001' }, { numeroDocumento: 901 }, { numeroDocumento: 902, numeroControl: '00-00000003' }],
    });
    expect(await post('Emision', invoice())).toMatchObject({ resultado: { numeroControl: '00-00000004' } });
    expect(await post('Emision', invoice({ id: { numeroDocumento: '901' } }))).toMatchObject({ resultado: { numeroControl: '00-00000002' } });
    expect(
      await post('AsignarNumeraciones', { detalleAsignacion: [{ serie: '', tipoDocumento: '01', numeroDocumentoInicio: 5, numeroDocumentoFin: 4 }] }),
    ).toMatchObject({ codigo: '203' });
  });
});

describe('HKA simulator: files, e-mail, retention, cancellation', () => {
  let ref: { serie: string; tipoDocumento: string; numeroDocumento: string };
  let control: string;
  beforeEach(async () => {
    await start({ repeatWindowMs: 200 });
    const body = invoice();
    control = (await post('Emision', body)).resultado.numeroControl as string;
    ref = { serie: '', tipoDocumento: '01', numeroDocumento: idOf(body).numeroDocumento };
  });

  it('DescargaArchivo: PDF by default and in any case, XML as XML, in Base64 under archivo', async () => {
    for (const tipoArchivo of [undefined, 'pdf', 'PDF']) {
      const file = await post('DescargaArchivo', { ...ref, tipoArchivo });
      expect(
        Buffer.from(file.archivo as string, 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // No simulated document is a legal one: its printed copy says so on every page.
    const printed = pdfText(Buffer.from((await post('DescargaArchivo', ref)).archivo as string, 'base64')).text;
    expect(printed).toContain('SIN VALIDEZ — MODO DE PRUEBA');
    expect(printed).toContain(`Nº de control ${control}`);
    const xml = Buffer.from((await post('DescargaArchivo', { ...ref, tipoArchivo: 'XML' })).archivo as string, 'base64').toString();
    expect(xml).toMatch(/^<\?xml version="1.0"/);
    expect(xml).toContain(`<NumeroControl>${control}</NumeroControl>`);
    expect(await post('DescargaArchivo', { ...ref, tipoArchivo: 'docx' })).toMatchObject({ codigo: '203' });
  });

  it('Correo/Enviar then Correo/Rastreo; the same e-mail again within the window is code 99', async () => {
    expect(await post('Correo/Enviar', { ...ref, correos: ['a@example.com', 'b@example.com'] })).toMatchObject({ codigo: '200' });
    expect(await post('Correo/Enviar', { ...ref, correos: ['b@example.com', 'a@example.com'] })).toMatchObject({
      codigo: '99',
      mensaje: 'El correo ya ha sido enviado previamente',
    });
    const trace = await post('Correo/Rastreo', ref);
    expect(trace).toMatchObject({ codigo: '200', rastreos: [{ correo: 'a@example.com', status: 'Entregado' }, { correo: 'b@example.com' }] });
    expect(trace.rastreos[0].messageId).toEqual(expect.any(String));
    expect(await post('Correo/Rastreo', { ...ref, numeroDocumento: '99999' })).toMatchObject({ codigo: '203' });
  });

  it('AplicarRetencion: POST registers once, GET reads it, DELETE removes it', async () => {
    const retention = {
      tipoDocumento: '01',
      numeroControl: control,
      numeroComprobante: '20250500000001',
      fechaComprobante: '21/05/2025',
      totalRetencion: '12.00',
    };
    expect(await post('AplicarRetencion', retention)).toMatchObject({ codigo: '200', mensaje: 'Retención registrada' });
    expect(await post('AplicarRetencion', retention)).toMatchObject({ codigo: '201' });
    expect((await raw(`AplicarRetencion?numeroControl=${control}`, { method: 'GET' })).body).toMatchObject({
      codigo: '200',
      retencion: { totalRetencion: '12.00' },
    });
    expect((await raw('AplicarRetencion', { method: 'DELETE', body: { tipoDocumento: '01', numeroControl: control } })).body).toMatchObject({
      codigo: '200',
      mensaje: 'Retención eliminada',
    });
    expect(simulator().retentions).toHaveLength(0);
    expect((await raw('AplicarRetencion', { method: 'DELETE', body: { tipoDocumento: '01', numeroControl: control } })).body).toMatchObject({ codigo: '203' });
  });

  it('Anular takes hh:mm:ss am|pm in either case and dd/mm/yyyy, and refuses other formats', async () => {
    expect(await post('Anular', { ...ref, motivoAnulacion: 'Error', fechaAnulacion: '2025-05-21', horaAnulacion: '10:00:00 am' })).toMatchObject({
      codigo: '203',
      validaciones: ['fechaAnulacion: formato dd/mm/aaaa'],
    });
    expect(await post('Anular', { ...ref, motivoAnulacion: 'Error', fechaAnulacion: '21/05/2025', horaAnulacion: '22:00:00' })).toMatchObject({
      codigo: '203',
      validaciones: ['horaAnulacion: formato hh:mm:ss am|pm'],
    });
    expect(await post('Anular', { ...ref, motivoAnulacion: 'Error', fechaAnulacion: '21/05/2025', horaAnulacion: '10:00:00 PM' })).toMatchObject({
      codigo: '200',
    });
    expect(await post('EstadoDocumento', { tipoDocumento: '01', transaccionId: simulator().documents[0]!.transaccionId })).toMatchObject({
      estado: { estadoDocumento: 'Anulada' },
    });
  });

  it('keeps its state in the file across restarts', async () => {
    await simulator().close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hka-sim-'));
    const file = path.join(dir, 'invoice-simulator.json');
    try {
      await start({ stateFile: file });
      await post('Emision', invoice());
      await simulator().close();
      await start({ stateFile: file });
      expect(await post('ConsultaNumeraciones', {})).toMatchObject({ numeraciones: [{ correlativo: 1 }] });
      expect(simulator().documents).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
