import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simulatedPdf } from './simulator-pdf';

/**
 * A simulator of The Factory HKA's "Imprenta Digital" API (providers.md §2) served over a real
 * HTTP port: login and bearer tokens, control numbers `00-XXXXXXXX` from a range, document numbers
 * unique per type and series, the business codes of §2.6 (200, 201 duplicate, 203 with
 * `validaciones`, 204 without control numbers …), a real PDF, and failures on request for tests.
 */

export type SimulatedFailure =
  /** Hold the answer longer than any client waits; `process` first stores the document as the real service may. */
  { kind: 'timeout'; process?: boolean; holdMs?: number } | { kind: 'http500' } | { kind: 'code'; code: string; message?: string; validations?: string[] };

interface StoredDocument {
  transaccionId: string;
  tipoDocumento: string;
  serie: string;
  numeroDocumento: string;
  numeroControl: string;
  fechaAsignacion: string;
  horaAsignacion: string;
  comprador: string;
  subtotal: string;
  iva: string;
  total: string;
  anulado: boolean;
  motivoAnulacion?: string;
}

export interface InvoiceSimulator {
  url: string;
  /** Documents issued, in order. */
  documents: StoredDocument[];
  /** Every call received: endpoint and body. */
  calls: { endpoint: string; body: Record<string, unknown> }[];
  mails: { numeroDocumento: string; correos: string[] }[];
  retentions: Record<string, unknown>[];
  failNext(endpoint: string, failure: SimulatedFailure): void;
  /** Makes every token issued so far invalid (the next call gets HTTP 401). */
  expireTokens(): void;
  close(): Promise<void>;
}

const pad2 = (value: number) => String(value).padStart(2, '0');
function caracasNow() {
  const now = new Date(Date.now() - 4 * 3600_000);
  const hours = now.getUTCHours();
  return {
    date: `${pad2(now.getUTCDate())}/${pad2(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`,
    time: `${pad2(hours % 12 || 12)}:${pad2(now.getUTCMinutes())}:${pad2(now.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`,
  };
}

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface SimulatorOptions {
  user?: string;
  password?: string;
  port?: number;
  rangeFrom?: number;
  rangeTo?: number;
  /** A JSON file keeping the issued documents across restarts (the demo server's); in memory without it. */
  stateFile?: string;
}

export async function startInvoiceSimulator(options: SimulatorOptions = {}): Promise<InvoiceSimulator> {
  const user = options.user ?? 'recaudo';
  const password = options.password ?? 'simulador';
  const rangeTo = options.rangeTo ?? 100_000;
  let nextControl = options.rangeFrom ?? 1;
  const tokens = new Set<string>();
  const failures = new Map<string, SimulatedFailure[]>();
  const byTransaction = new Map<string, StoredDocument>();
  const byNumber = new Map<string, StoredDocument>();
  const held = new Set<NodeJS.Timeout>();
  const sim: InvoiceSimulator = {
    url: '',
    documents: [],
    calls: [],
    mails: [],
    retentions: [],
    failNext(endpoint, failure) {
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), failure]);
    },
    expireTokens: () => tokens.clear(),
    close: () =>
      new Promise((resolve) => {
        for (const timer of held) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const numberKey = (tipo: string, serie: string, numero: string) => `${tipo}|${serie}|${Number(numero)}`;
  const remember = (doc: StoredDocument) => {
    byTransaction.set(doc.transaccionId, doc);
    byNumber.set(numberKey(doc.tipoDocumento, doc.serie, doc.numeroDocumento), doc);
  };
  if (options.stateFile && fs.existsSync(options.stateFile)) {
    const saved = JSON.parse(fs.readFileSync(options.stateFile, 'utf8')) as { nextControl: number; documents: StoredDocument[] };
    nextControl = saved.nextControl;
    sim.documents.push(...saved.documents);
    saved.documents.forEach(remember);
  }
  const persist = () => {
    if (!options.stateFile) return;
    // With DATABASE_URL nothing else creates DATA_DIR.
    fs.mkdirSync(path.dirname(options.stateFile), { recursive: true });
    // Written aside and renamed: another process starting on the same DATA_DIR reads the file
    // whole or not at all (it once read half of it and stopped on "Unexpected end of JSON input").
    const written = `${options.stateFile}.${process.pid}.tmp`;
    fs.writeFileSync(written, JSON.stringify({ nextControl, documents: sim.documents }));
    fs.renameSync(written, options.stateFile);
  };
  const fail = (code: string, mensaje: string, validaciones: string[]) => ({ codigo: code, mensaje, validaciones });

  function emit(body: Body) {
    const doc = body.documentoElectronico as Body | undefined;
    const id = doc?.encabezado?.identificacionDocumento as Body | undefined;
    const totals = doc?.encabezado?.totales as Body | undefined;
    const buyer = doc?.encabezado?.comprador as Body | undefined;
    if (!doc || !id || !totals || !buyer) return fail('400', 'Error en la petición', ['La estructura del documento es inválida']);
    const issues: string[] = [];
    if (!/^\d{1,19}$/.test(String(id.numeroDocumento ?? ''))) issues.push('numeroDocumento: debe tener entre 1 y 19 dígitos');
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(String(id.fechaEmision ?? ''))) issues.push('fechaEmision: formato dd/mm/aaaa');
    if (!buyer.numeroIdentificacion) issues.push('comprador.numeroIdentificacion es requerido');
    if (id.transaccionId && !/^[A-Za-z0-9]+$/.test(String(id.transaccionId))) issues.push('transaccionId: solo caracteres alfanuméricos');
    const subtotal = Number(totals.subtotal);
    const iva = Number(totals.totalIVA);
    if (!Number.isFinite(subtotal) || Math.abs(subtotal + iva - Number(totals.montoTotalConIVA)) > 10)
      issues.push('totales: montoTotalConIVA no corresponde a subtotal + totalIVA');
    if (['02', '03'].includes(String(id.tipoDocumento)) && !id.numeroFacturaAfectada) issues.push('numeroFacturaAfectada es requerido para notas');
    const guide = doc.guiaDespacho as Body | undefined;
    if (String(id.tipoDocumento) === '04' && !['0', '1'].includes(String(guide?.esGuiaDespacho))) issues.push('guiaDespacho.esGuiaDespacho es requerido para el tipo 04');
    if (issues.length) return fail('203', 'Documento no procesado', issues);
    const existing =
      (id.transaccionId && byTransaction.get(String(id.transaccionId))) || byNumber.get(numberKey(id.tipoDocumento, id.serie ?? '', id.numeroDocumento));
    if (existing)
      return fail('201', 'Documento duplicado', [`El documento ${existing.numeroDocumento} ya fue emitido con el número de control ${existing.numeroControl}`]);
    if (nextControl > rangeTo) return fail('203', 'Documento no procesado', ['No posee rango de numeración disponible']);
    const when = caracasNow();
    const stored: StoredDocument = {
      transaccionId: String(id.transaccionId ?? randomBytes(8).toString('hex')),
      tipoDocumento: String(id.tipoDocumento),
      serie: String(id.serie ?? ''),
      numeroDocumento: String(id.numeroDocumento),
      numeroControl: `00-${String(nextControl++).padStart(8, '0')}`,
      fechaAsignacion: when.date,
      horaAsignacion: when.time,
      comprador: `${buyer.razonSocial ?? ''} (${buyer.tipoIdentificacion ?? ''}-${buyer.numeroIdentificacion})`,
      subtotal: String(totals.subtotal),
      iva: String(totals.totalIVA),
      total: String(totals.montoTotalConIVA),
      anulado: false,
    };
    remember(stored);
    sim.documents.push(stored);
    persist();
    return { codigo: '200', mensaje: 'Documento procesado correctamente', resultado: resultOf(stored) };
  }

  const resultOf = (doc: StoredDocument) => ({
    imprentaDigital: 'THE FACTORY HKA VENEZUELA, C.A.',
    serie: doc.serie,
    tipoDocumento: doc.tipoDocumento,
    numeroDocumento: doc.numeroDocumento,
    numeroControl: doc.numeroControl,
    fechaAsignacion: doc.fechaAsignacion,
    horaAsignacion: doc.horaAsignacion,
    urlConsulta: `${sim.url}/consulta?doc=${doc.transaccionId}`,
  });

  const find = (body: Body) => byNumber.get(numberKey(String(body.tipoDocumento), String(body.serie ?? ''), String(body.numeroDocumento)));
  const notFound = () => fail('203', 'Consulta no procesada', ['Documento no encontrado en nuestra base de datos']);

  async function answer(endpoint: string, body: Body): Promise<Body> {
    switch (endpoint) {
      case 'Emision':
        return emit(body);
      case 'EstadoDocumento': {
        const doc = byTransaction.get(String(body.transaccionId ?? '')) ?? find(body);
        if (!doc) return { ...notFound(), estado: null };
        return { codigo: '200', mensaje: 'Consulta realizada', estado: { ...resultOf(doc), estadoDocumento: doc.anulado ? 'Anulada' : 'Enviada' } };
      }
      case 'Anular': {
        const doc = find(body);
        if (!doc) return notFound();
        if (doc.anulado) return fail('203', 'Documento no procesado', ['El documento ya se encuentra anulado']);
        if (!body.motivoAnulacion) return fail('203', 'Documento no procesado', ['motivoAnulacion es requerido']);
        doc.anulado = true;
        doc.motivoAnulacion = String(body.motivoAnulacion);
        persist();
        return { codigo: '200', mensaje: 'Documento anulado correctamente', validaciones: [] };
      }
      case 'DescargaArchivo': {
        const doc = find(body);
        if (!doc) return notFound();
        const file = await simulatedPdf(doc);
        return { codigo: '200', mensaje: 'Archivo generado', archivo: file.toString('base64') };
      }
      case 'Correo/Enviar': {
        const doc = find(body);
        if (!doc) return notFound();
        const correos = Array.isArray(body.correos) ? body.correos.map(String) : [];
        if (!correos.length) return fail('203', 'Documento no procesado', ['correos es requerido']);
        sim.mails.push({ numeroDocumento: doc.numeroDocumento, correos });
        return { codigo: '200', mensaje: 'Correo enviado a la cola de envío', validaciones: [] };
      }
      case 'AplicarRetencion': {
        const doc = [...byNumber.values()].find((item) => item.numeroControl === body.numeroControl);
        if (!doc) return notFound();
        sim.retentions.push(body);
        return { codigo: '200', mensaje: 'Retención registrada', validaciones: [] };
      }
      default:
        return fail('404', 'Recurso no encontrado', []);
    }
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      void (async () => {
        const send = (status: number, body: unknown) => {
          if (response.destroyed) return;
          response.writeHead(status, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        const endpoint = (request.url ?? '')
          .replace(/^\/api\//, '')
          .replace(/^\//, '')
          .split('?')[0]!;
        let body: Body = {};
        try {
          body = raw ? (JSON.parse(raw) as Body) : {};
        } catch {
          return send(400, fail('400', 'Error en la petición', ['JSON inválido']));
        }
        if (endpoint === 'Autenticacion') {
          if (body.usuario !== user || body.clave !== password) return send(200, { codigo: 403, mensaje: 'Usuario o clave inválidos' });
          const token = randomBytes(24).toString('hex');
          tokens.add(token);
          return send(200, { codigo: 200, mensaje: 'Autenticación exitosa', token, expiracion: new Date(Date.now() + 12 * 3600_000).toISOString() });
        }
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        if (!token || !tokens.has(token)) return send(401, { codigo: '401', mensaje: 'No autorizado' });
        sim.calls.push({ endpoint, body });
        const failure = failures.get(endpoint)?.shift();
        if (failure?.kind === 'http500') return send(500, { mensaje: 'Error interno del servidor' });
        if (failure?.kind === 'code') return send(200, fail(failure.code, failure.message ?? 'Documento no procesado', failure.validations ?? []));
        if (failure?.kind === 'timeout') {
          const result = failure.process ? await answer(endpoint, body) : null;
          const timer = setTimeout(() => {
            held.delete(timer);
            send(200, result ?? fail('100', 'Error procesando', []));
          }, failure.holdMs ?? 60_000);
          held.add(timer);
          return;
        }
        send(200, await answer(endpoint, body));
      })().catch(() => {
        // A simulator fault answers like a printer outage instead of ending the server process.
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ mensaje: 'Error interno del servidor' }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return sim;
}
