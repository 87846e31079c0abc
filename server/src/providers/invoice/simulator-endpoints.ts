import { randomBytes } from 'node:crypto';
import { simulatedPdf, simulatedXml } from './simulator-pdf';
import { cancellationIssues, DOCUMENT_TYPES, documentIssues, isHkaDate, type DocumentIssues } from './simulator-rules';
import { controlNumber, documentKey, NO_SERIES, type SimulatorStore, type StoredDocument } from './simulator-store';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An answer of the simulated printer: HTTP status and JSON body. */
export interface Answer {
  status: number;
  body: Body;
}

export interface EndpointContext {
  store: SimulatorStore;
  /** Currency codes the printer accepts (catalog 7; which bolívar code it takes is unconfirmed). */
  currencies: readonly string[];
  /** Milliseconds within which the same document or e-mail sent again answers code 99. */
  repeatWindowMs: number;
  /** Where the public verification page is served (no bearer). */
  publicBase: () => string;
}

const pad2 = (value: number) => String(value).padStart(2, '0');
/** Caracas date dd/mm/yyyy and time hh:mm:ss AM|PM, as the printer writes its assignment. */
export function caracasNow() {
  const now = new Date(Date.now() - 4 * 3600_000);
  const hours = now.getUTCHours();
  return {
    date: `${pad2(now.getUTCDate())}/${pad2(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`,
    time: `${pad2(hours % 12 || 12)}:${pad2(now.getUTCMinutes())}:${pad2(now.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`,
  };
}

const ok = (body: Body): Answer => ({ status: 200, body: { codigo: '200', ...body } });
export const refusal = (codigo: string, mensaje: string, validaciones: string[], status = 200): Answer => ({ status, body: { codigo, mensaje, validaciones } });
const notFound = () => refusal('203', 'Consulta no procesada', ['Documento no encontrado en nuestra base de datos']);
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A refusal for the issues found, or null: lengths first (HTTP 400), then formats (203). */
function refusalOf(issues: DocumentIssues): Answer | null {
  if (issues.length.length) return refusal('400', 'Error en la petición', issues.length, 400);
  if (issues.format.length) return refusal('203', 'Documento no procesado', issues.format);
  return null;
}

function rangeText(store: SimulatorStore, serie: string) {
  const range = store.rangeFor(serie);
  return range ? `Nros. de Control desde el ${controlNumber(range.prefijo, range.desde)} hasta ${controlNumber(range.prefijo, range.hasta)}` : '';
}

/** Emision's `resultado` and EstadoDocumento's `estado`: the assignment as the service documents it. */
function resultOf(ctx: EndpointContext, doc: StoredDocument) {
  return {
    imprentaDigital: 'THE FACTORY HKA VENEZUELA, C.A.',
    autorizado: 'Imprenta Digital Autorizada mediante Providencia SENIAT/INTI/2024/000102 (simulador)',
    serie: doc.serie,
    tipoDocumento: doc.tipoDocumento,
    numeroDocumento: doc.numeroDocumento,
    numeroControl: doc.numeroControl,
    transaccionId: doc.transaccionId,
    fechaAsignacion: doc.fechaAsignacion,
    horaAsignacion: doc.horaAsignacion,
    fechaAsignacionNumeroControl: doc.fechaAsignacion,
    horaAsignacionNumeroControl: doc.horaAsignacion,
    rangoAsignado: rangeText(ctx.store, doc.serie),
    urlConsulta: `${ctx.publicBase()}/consulta?doc=${doc.transaccionId}`,
  };
}

function emit(ctx: EndpointContext, body: Body): Answer {
  const doc = body.documentoElectronico as Body | undefined;
  const id = doc?.encabezado?.identificacionDocumento as Body | undefined;
  if (!doc || !id) return refusal('400', 'Error en la petición', ['La estructura del documento es inválida'], 400);
  const refused = refusalOf(documentIssues(doc, ctx.currencies));
  if (refused) return refused;
  const serie = text(id.serie);
  const existing = (id.transaccionId && ctx.store.byTransactionId(id.transaccionId)) || ctx.store.byRef(id.tipoDocumento, serie, id.numeroDocumento);
  if (existing) {
    if (existing.emittedAt && Date.now() - existing.emittedAt < ctx.repeatWindowMs)
      return refusal('99', 'El documento ya ha sido enviado previamente', [`Espere ${Math.ceil(ctx.repeatWindowMs / 1000)} segundos antes de reenviarlo`]);
    return refusal('201', 'Documento duplicado', [
      `El documento ${existing.numeroDocumento} ya fue emitido con el número de control ${existing.numeroControl}`,
    ]);
  }
  const key = documentKey(id.tipoDocumento, serie, id.numeroDocumento);
  const reserved = ctx.store.assigned.get(key);
  const control = reserved ?? ctx.store.takeControlNumber(serie);
  if (!control) return refusal('203', 'Documento no procesado', ['No posee rango de numeración disponible']);
  ctx.store.assigned.delete(key);
  const buyer = (doc.encabezado?.comprador ?? doc.encabezado?.sujetoRetenido) as Body;
  const totals = (doc.encabezado?.totales ?? doc.encabezado?.totalesRetencion) as Body;
  const when = caracasNow();
  const stored: StoredDocument = {
    transaccionId: text(id.transaccionId) || randomBytes(8).toString('hex'),
    tipoDocumento: text(id.tipoDocumento),
    serie,
    // Echoed as it was sent (a leading zero kept), as the printer does; found by its value (documentKey).
    numeroDocumento: text(id.numeroDocumento),
    numeroControl: control,
    fechaAsignacion: when.date,
    horaAsignacion: when.time,
    comprador: `${text(buyer.razonSocial)} (${text(buyer.tipoIdentificacion)}-${text(buyer.numeroIdentificacion)})`,
    subtotal: text(totals.subtotal ?? totals.totalBaseImponible),
    iva: text(totals.totalIVA),
    total: text(totals.montoTotalConIVA ?? totals.totalRetenido),
    anulado: false,
    emittedAt: Date.now(),
  };
  ctx.store.remember(stored);
  ctx.store.persist();
  return ok({ mensaje: 'Documento procesado correctamente', resultado: resultOf(ctx, stored) });
}

function state(ctx: EndpointContext, body: Body): Answer {
  const doc = body.transaccionId ? ctx.store.byTransactionId(body.transaccionId) : ctx.store.byRef(body.tipoDocumento, body.serie, body.numeroDocumento);
  if (!doc || (body.tipoDocumento && text(body.tipoDocumento) !== doc.tipoDocumento)) return { status: 200, body: { ...notFound().body, estado: null } };
  return ok({ mensaje: 'Consulta realizada', estado: { ...resultOf(ctx, doc), estadoDocumento: doc.anulado ? 'Anulada' : 'Enviada', anulado: doc.anulado } });
}

function cancel(ctx: EndpointContext, body: Body): Answer {
  const doc = ctx.store.byRef(body.tipoDocumento, body.serie, body.numeroDocumento);
  if (!doc) return notFound();
  const refused = refusalOf(cancellationIssues(body));
  if (refused) return refused;
  if (doc.anulado) return refusal('203', 'Documento no procesado', ['El documento ya se encuentra anulado']);
  const now = caracasNow();
  doc.anulado = true;
  doc.motivoAnulacion = text(body.motivoAnulacion);
  doc.fechaAnulacion = text(body.fechaAnulacion) || now.date;
  doc.horaAnulacion = text(body.horaAnulacion) || now.time.toLowerCase();
  ctx.store.persist();
  return ok({ mensaje: 'Documento anulado correctamente', validaciones: [] });
}

async function download(ctx: EndpointContext, body: Body): Promise<Answer> {
  const doc = ctx.store.byRef(body.tipoDocumento, body.serie, body.numeroDocumento);
  if (!doc) return notFound();
  const kind = text(body.tipoArchivo).toLowerCase() || 'pdf';
  if (kind === 'pdf') return ok({ mensaje: 'Archivo generado', archivo: (await simulatedPdf(doc)).toString('base64') });
  if (kind === 'xml') return ok({ mensaje: 'Archivo generado', archivo: Buffer.from(simulatedXml(doc)).toString('base64') });
  if (kind === 'json') return ok({ mensaje: 'Archivo generado', archivo: Buffer.from(JSON.stringify(resultOf(ctx, doc))).toString('base64') });
  return refusal('203', 'Consulta no procesada', ['tipoArchivo: valor no permitido (pdf, xml, json)']);
}

function sendMail(ctx: EndpointContext, body: Body): Answer {
  const doc = ctx.store.byRef(body.tipoDocumento, body.serie, body.numeroDocumento);
  if (!doc) return notFound();
  const correos = Array.isArray(body.correos) ? (body.correos as unknown[]).map(String).filter(Boolean) : [];
  if (!correos.length) return refusal('203', 'Documento no procesado', ['correos es requerido']);
  const same = correos.slice().sort().join(',');
  const repeated = ctx.store.mails.find(
    (mail) =>
      mail.numeroDocumento === doc.numeroDocumento &&
      mail.tipoDocumento === doc.tipoDocumento &&
      mail.serie === doc.serie &&
      mail.correos.slice().sort().join(',') === same,
  );
  if (repeated && Date.now() - repeated.sentAt < ctx.repeatWindowMs) return refusal('99', 'El correo ya ha sido enviado previamente', []);
  ctx.store.mails.push({
    messageId: randomBytes(12).toString('hex'),
    numeroDocumento: doc.numeroDocumento,
    tipoDocumento: doc.tipoDocumento,
    serie: doc.serie,
    correos,
    fecha: caracasNow().date,
    sentAt: Date.now(),
  });
  ctx.store.persist();
  return ok({ mensaje: 'Correo enviado a la cola de envío', validaciones: [] });
}

function mailTrace(ctx: EndpointContext, body: Body): Answer {
  const doc = ctx.store.byRef(body.tipoDocumento, body.serie, body.numeroDocumento);
  if (!doc) return notFound();
  const rastreos = ctx.store.mails
    .filter((mail) => mail.numeroDocumento === doc.numeroDocumento && mail.tipoDocumento === doc.tipoDocumento && mail.serie === doc.serie)
    .flatMap((mail) => mail.correos.map((correo) => ({ messageId: mail.messageId, correo, status: 'Entregado', fecha: mail.fecha })));
  return ok({ mensaje: 'Consulta realizada', rastreos });
}

function lastDocument(ctx: EndpointContext, body: Body): Answer {
  if (!DOCUMENT_TYPES.includes(text(body.tipoDocumento))) return refusal('203', 'Consulta no procesada', ['tipoDocumento: valor no permitido (catálogo 1)']);
  const last = ctx.store.lastNumber(text(body.tipoDocumento), text(body.serie));
  if (last === null) return refusal('203', 'Consulta no procesada', ['No existen documentos emitidos para el tipo de documento y la serie indicados']);
  return ok({ mensaje: 'Consulta realizada', numeroDocumento: last });
}

function numberings(ctx: EndpointContext, body: Body): Answer {
  const serie = text(body.serie);
  const tipo = text(body.tipoDocumento);
  if (tipo && !DOCUMENT_TYPES.includes(tipo)) return refusal('203', 'Consulta no procesada', ['tipoDocumento: valor no permitido (catálogo 1)']);
  const ranges = ctx.store.ranges.filter((range) => !serie || range.serie === NO_SERIES || range.serie === serie);
  if (!ranges.length) return refusal('201', 'No se encontraron registros', []);
  const numeraciones = ranges.map((range) => ({
    titulo: range.titulo,
    serie: range.serie,
    tipoDocumento: tipo || '01',
    prefijo: range.prefijo,
    desde: range.desde,
    hasta: range.hasta,
    correlativo: range.correlativo,
    estado: range.correlativo >= range.hasta ? 'Agotado' : 'Activo',
  }));
  return ok({ mensaje: 'Consulta realizada', numeraciones });
}

function assignNumbers(ctx: EndpointContext, body: Body): Answer {
  const details = Array.isArray(body.detalleAsignacion) ? (body.detalleAsignacion as Body[]) : [];
  if (!details.length) return refusal('203', 'Documento no procesado', ['detalleAsignacion es requerido']);
  const issues: string[] = [];
  for (const detail of details) {
    const from = Number(detail.numeroDocumentoInicio);
    const to = Number(detail.numeroDocumentoFin);
    if (!DOCUMENT_TYPES.includes(text(detail.tipoDocumento))) issues.push('tipoDocumento: valor no permitido (catálogo 1)');
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || to < from)
      issues.push('numeroDocumentoInicio y numeroDocumentoFin: rango inválido');
  }
  if (issues.length) return refusal('203', 'Documento no procesado', issues);
  const asignaciones: StoredReservation[] = [];
  for (const detail of details) {
    const serie = text(detail.serie);
    for (let number = Number(detail.numeroDocumentoInicio); number <= Number(detail.numeroDocumentoFin); number++) {
      const key = documentKey(detail.tipoDocumento, serie, number);
      if (ctx.store.assigned.has(key) || ctx.store.byRef(detail.tipoDocumento, serie, number)) continue;
      const control = ctx.store.takeControlNumber(serie);
      if (!control) {
        ctx.store.persist();
        return refusal('204', 'Error generando número de control', ['No posee rango de numeración disponible']);
      }
      ctx.store.assigned.set(key, control);
      asignaciones.push({ serie, tipoDocumento: text(detail.tipoDocumento), numeroDocumento: number, numeroControl: control });
    }
  }
  // The reservation is the lot EstadoLote follows: its documents are pending until each is emitted.
  const idLote = randomBytes(6).toString('hex');
  ctx.store.lots.push({ idLote, fechaCreacion: caracasNow().date, documentos: asignaciones.map((item) => ({ ...item, numeroDocumento: String(item.numeroDocumento) })) });
  ctx.store.persist();
  return ok({ mensaje: 'Asignación realizada', validaciones: [], idLote, asignaciones });
}

type StoredReservation = { serie: string; tipoDocumento: string; numeroDocumento: number; numeroControl: string };

/** dd/mm/yyyy as yyyy-mm-dd, so that dates compare as text. */
const sortable = (date: string) => date.split('/').reverse().join('-');
/** ListadoDocumentos answers this many documents a page. */
export const LISTING_PAGE_SIZE = 50;

/**
 * ListadoDocumentos: the documents of a type annulled between two dates (dd/mm/yyyy, both
 * included), optionally of one series, a page at a time (`numPagina`, from 1). An empty period is
 * code 200 with no documents: the public clients take any other code as a failure.
 */
function annulledList(ctx: EndpointContext, body: Body): Answer {
  const issues: string[] = [];
  if (!DOCUMENT_TYPES.includes(text(body.tipoDocumento))) issues.push('tipoDocumento: valor no permitido (catálogo 1)');
  for (const field of ['fechaInicio', 'fechaFin']) if (!isHkaDate(body[field])) issues.push(`${field}: formato dd/mm/aaaa`);
  const page = text(body.numPagina) === '' ? 1 : Number(body.numPagina);
  if (!Number.isSafeInteger(page) || page < 1) issues.push('numPagina: debe ser un entero mayor que 0');
  if (!issues.length && sortable(text(body.fechaInicio)) > sortable(text(body.fechaFin))) issues.push('fechaInicio no puede ser posterior a fechaFin');
  if (issues.length) return refusal('203', 'Consulta no procesada', issues);
  const [from, to, serie] = [sortable(text(body.fechaInicio)), sortable(text(body.fechaFin)), text(body.serie)];
  const annulled = ctx.store.documents.filter((doc) => {
    const day = sortable(doc.fechaAnulacion ?? doc.fechaAsignacion);
    return doc.anulado && doc.tipoDocumento === text(body.tipoDocumento) && (!serie || doc.serie === serie) && day >= from && day <= to;
  });
  const documentos = annulled.slice((page - 1) * LISTING_PAGE_SIZE, page * LISTING_PAGE_SIZE).map((doc) => ({
    serie: doc.serie,
    tipoDocumento: doc.tipoDocumento,
    numeroDocumento: doc.numeroDocumento,
    numeroControl: doc.numeroControl,
    fechaAsignacion: doc.fechaAsignacion,
    fechaAnulacion: doc.fechaAnulacion ?? '',
    horaAnulacion: doc.horaAnulacion ?? '',
    motivoAnulacion: doc.motivoAnulacion ?? '',
    estadoDocumento: 'Anulada',
  }));
  return ok({
    mensaje: 'Consulta realizada',
    numPagina: page,
    totalPaginas: Math.ceil(annulled.length / LISTING_PAGE_SIZE),
    totalRegistros: annulled.length,
    documentos,
  });
}

/** EstadoLote: where each document of a reservation (AsignarNumeraciones' `idLote`) stands. */
function lotState(ctx: EndpointContext, body: Body): Answer {
  if (!text(body.idLote)) return refusal('203', 'Consulta no procesada', ['idLote es requerido']);
  const lot = ctx.store.lots.find((item) => item.idLote === text(body.idLote));
  if (!lot) return refusal('203', 'Consulta no procesada', ['Lote no encontrado en nuestra base de datos']);
  const documentos = lot.documentos.map((item) => {
    const doc = ctx.store.byRef(item.tipoDocumento, item.serie, item.numeroDocumento);
    const estadoDocumento = !doc ? 'Pendiente' : doc.anulado ? 'Anulada' : 'Enviada';
    return { ...item, numeroDocumento: doc?.numeroDocumento ?? item.numeroDocumento, estadoDocumento, fechaAsignacion: doc?.fechaAsignacion ?? '' };
  });
  const procesados = documentos.filter((item) => item.estadoDocumento !== 'Pendiente').length;
  return ok({
    mensaje: 'Consulta realizada',
    lote: {
      idLote: lot.idLote,
      fechaCreacion: lot.fechaCreacion,
      estadoLote: procesados === documentos.length ? 'Procesado' : 'En proceso',
      totalDocumentos: documentos.length,
      procesados,
      pendientes: documentos.length - procesados,
      documentos,
    },
  });
}

/** AplicarRetencion: POST registers, GET reads, DELETE removes the retention of an issued document. */
function retention(ctx: EndpointContext, body: Body, method: string): Answer {
  const doc = ctx.store.documents.find((item) => item.numeroControl === text(body.numeroControl));
  if (!doc) return notFound();
  const index = ctx.store.retentions.findIndex((item) => item.numeroControl === doc.numeroControl);
  if (method === 'GET') return index < 0 ? notFound() : ok({ mensaje: 'Consulta realizada', retencion: ctx.store.retentions[index] });
  if (method === 'DELETE') {
    if (index < 0) return refusal('203', 'Documento no procesado', ['El documento no tiene retención registrada']);
    ctx.store.retentions.splice(index, 1);
    ctx.store.persist();
    return ok({ mensaje: 'Retención eliminada', validaciones: [] });
  }
  if (index >= 0) return refusal('201', 'Retención duplicada', ['El documento ya tiene una retención registrada']);
  if (!/^\d+(\.\d{1,2})?$/.test(text(body.totalRetencion))) return refusal('203', 'Documento no procesado', ['totalRetencion: monto inválido']);
  ctx.store.retentions.push({ ...JSON.parse(JSON.stringify(body)) });
  ctx.store.persist();
  return ok({ mensaje: 'Retención registrada', validaciones: [] });
}

type Handler = (ctx: EndpointContext, body: Body, method: string) => Answer | Promise<Answer>;

/** Each path (lower case, as ASP.NET routes ignore case) with the only HTTP methods it answers. */
export const ENDPOINTS: Record<string, { methods: string[]; handle: Handler }> = {
  emision: { methods: ['POST'], handle: emit },
  estadodocumento: { methods: ['POST'], handle: state },
  anular: { methods: ['POST'], handle: cancel },
  descargaarchivo: { methods: ['POST'], handle: download },
  'correo/enviar': { methods: ['POST'], handle: sendMail },
  'correo/rastreo': { methods: ['POST'], handle: mailTrace },
  ultimodocumento: { methods: ['POST'], handle: lastDocument },
  consultanumeraciones: { methods: ['POST'], handle: numberings },
  asignarnumeraciones: { methods: ['POST'], handle: assignNumbers },
  aplicarretencion: { methods: ['POST', 'GET', 'DELETE'], handle: retention },
  listadodocumentos: { methods: ['POST'], handle: annulledList },
  estadolote: { methods: ['POST'], handle: lotState },
};

/** The public verification page of a document (urlConsulta), as the buyer opens it: no login. */
export function publicPage(ctx: EndpointContext, transaccionId: string): { status: number; html: string } {
  const doc = ctx.store.byTransactionId(transaccionId);
  const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  if (!doc) return { status: 404, html: '<!doctype html><html lang="es"><body><h1>Documento no encontrado</h1></body></html>' };
  const rows = [
    ['Tipo de documento', doc.tipoDocumento],
    ['Serie', doc.serie || NO_SERIES],
    ['Número', doc.numeroDocumento],
    ['Número de control', doc.numeroControl],
    ['Fecha de asignación', `${doc.fechaAsignacion} ${doc.horaAsignacion}`],
    ['Cliente', doc.comprador],
    ['Total', `${doc.total} Bs`],
    ['Estado', doc.anulado ? 'Anulada' : 'Enviada'],
  ];
  const body = rows.map(([label, value]) => `<tr><th>${escape(label!)}</th><td>${escape(value!)}</td></tr>`).join('');
  return {
    status: 200,
    html: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Consulta de documento</title></head><body><h1>THE FACTORY HKA VENEZUELA (simulador)</h1><table>${body}</table></body></html>`,
  };
}
