import { dayjs } from '@recaudo/domain/dates';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The printer's checks of a document (providers.md §2.4, §2.7, §4, §5), at least as strict as the
 * real service: a format or catalog error is a business refusal (203, HTTP 200); a field longer
 * than allowed is HTTP 400 with the same `{codigo, mensaje, validaciones}` body, as one public
 * client saw. The lengths are not published; docs/providers.md lists them as unconfirmed.
 */
export interface DocumentIssues {
  /** Refusals of format, catalog or arithmetic: code 203. */
  format: string[];
  /** Fields over their length: HTTP 400, code 400. */
  length: string[];
}

export const FIELD_LIMITS = {
  serie: 20,
  transaccionId: 50,
  numeroIdentificacion: 20,
  razonSocial: 250,
  direccion: 250,
  correo: 100,
  telefono: 20,
  descripcion: 500,
  codigoPLU: 20,
  comentarioFacturaAfectada: 500,
  motivoAnulacion: 250,
} as const;

export const IDENTIFICATION_TYPES = ['V', 'E', 'J', 'G', 'P', 'C'];
export const DOCUMENT_TYPES = ['01', '02', '03', '04', '05'];
export const HKA_TIME = /^(0[1-9]|1[0-2]):[0-5]\d:[0-5]\d (am|pm)$/i;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** dd/mm/yyyy and a real calendar day. */
export const isHkaDate = (value: unknown) => /^\d{2}\/\d{2}\/\d{4}$/.test(text(value)) && dayjs(text(value), 'DD/MM/YYYY', true).isValid();

export function checkLength(issues: string[], field: string, value: unknown, limit: number) {
  if (text(value).length > limit) issues.push(`${field}: longitud máxima ${limit}`);
}

function checkDate(issues: string[], field: string, value: unknown, required: boolean) {
  if (!required && text(value) === '') return;
  if (!isHkaDate(value)) issues.push(`${field}: formato dd/mm/aaaa`);
}

const list = (value: unknown): Body[] => (Array.isArray(value) ? (value as Body[]) : []);

/** Sums we send to the cent: stricter than HKA's ±10 Bs, so a wrong IGTF figure of a few bolívares is caught too. */
const CENT = 0.005;

/**
 * The IGTF of a document (providers.md §2.4, §7): its `impuestosSubtotal` entry is base × rate
 * (±1 Bs: the tax is computed in foreign currency and converted), `totalIGTF` and `totalIGTF_VES`
 * are that tax, `totalAPagar` is the total with VAT plus it, and payment lines in foreign currency
 * add up to it within one unit of that currency (validation 1016).
 */
function igtfIssues(totals: Body): string[] {
  const issues: string[] = [];
  const entry = list(totals.impuestosSubtotal).find((tax) => text(tax.codigoTotalImp) === 'IGTF');
  const igtf = entry ? Number(entry.valorTotalImp) : 0;
  if (entry) {
    if (!Number.isFinite(igtf) || Math.abs((Number(entry.baseImponibleImp) * Number(entry.alicuotaImp)) / 100 - igtf) > 1)
      issues.push('IGTF: valorTotalImp no corresponde a baseImponibleImp × alicuotaImp');
    if (Math.abs(Number(totals.totalIGTF) - igtf) > CENT || Math.abs(Number(totals.totalIGTF_VES) - igtf) > CENT) issues.push('totalIGTF: no corresponde al impuesto IGTF');
  } else if (text(totals.totalIGTF) && Number(totals.totalIGTF) !== 0) issues.push('totalIGTF: falta el impuesto IGTF en impuestosSubtotal');
  const toPay = text(totals.totalAPagar);
  if (toPay && Math.abs(Number(totals.montoTotalConIVA) + igtf - Number(toPay)) > CENT) issues.push('totales: totalAPagar no corresponde a montoTotalConIVA + IGTF');
  return issues;
}

/** Payment lines in foreign currency, at `totalesOtraMoneda.tipoCambio`, add up to `totalAPagar` within one unit of it (validation 1016). */
function foreignPaymentIssues(payments: Body[], totals: Body, other: Body | undefined): string[] {
  const rate = Number(other?.tipoCambio);
  if (!payments.some((payment) => text(payment.moneda) && text(payment.moneda) !== 'VES')) return [];
  if (!Number.isFinite(rate) || rate <= 0) return ['formasPago: un pago en divisas necesita totalesOtraMoneda.tipoCambio'];
  const sum = payments.reduce((total, payment) => total + Number(payment.monto) * (text(payment.moneda) === 'VES' || !text(payment.moneda) ? 1 : rate), 0);
  return Math.abs(sum - Number(totals.totalAPagar)) > rate ? ['formasPago: la suma de los pagos no corresponde a totalAPagar'] : [];
}

/** Every issue of an Emision's `documentoElectronico` (read through `caseless`). */
export function documentIssues(doc: Body, currencies: readonly string[]): DocumentIssues {
  const format: string[] = [];
  const length: string[] = [];
  const id = doc.encabezado?.identificacionDocumento as Body;
  const buyer = (doc.encabezado?.comprador ?? doc.encabezado?.sujetoRetenido) as Body;
  const totals = (doc.encabezado?.totales ?? doc.encabezado?.totalesRetencion) as Body;
  const tipo = text(id.tipoDocumento);
  if (!DOCUMENT_TYPES.includes(tipo)) format.push('tipoDocumento: valor no permitido (catálogo 1)');
  if (!/^\d{1,19}$/.test(text(id.numeroDocumento))) format.push('numeroDocumento: debe tener entre 1 y 19 dígitos');
  if (id.serie === undefined || id.serie === null) format.push('serie es requerido');
  checkLength(length, 'serie', id.serie, FIELD_LIMITS.serie);
  checkDate(format, 'fechaEmision', id.fechaEmision, true);
  checkDate(format, 'fechaVencimiento', id.fechaVencimiento, false);
  if (!HKA_TIME.test(text(id.horaEmision))) format.push('horaEmision: formato hh:mm:ss am|pm');
  if (!currencies.includes(text(id.moneda))) format.push(`moneda: código no permitido (${text(id.moneda) || 'vacío'})`);
  const transaction = text(id.transaccionId);
  if (transaction && !/^[A-Za-z0-9]+$/.test(transaction)) format.push('transaccionId: solo caracteres alfanuméricos');
  checkLength(length, 'transaccionId', transaction, FIELD_LIMITS.transaccionId);

  if (!buyer) format.push('comprador es requerido');
  else {
    if (!IDENTIFICATION_TYPES.includes(text(buyer.tipoIdentificacion))) format.push('tipoIdentificacion: valor no permitido (V, E, J, G, P, C)');
    if (!/^[0-9A-Za-z]+$/.test(text(buyer.numeroIdentificacion))) format.push('numeroIdentificacion es requerido (solo dígitos y letras)');
    if (!text(buyer.razonSocial).trim()) format.push('razonSocial es requerido');
    checkLength(length, 'numeroIdentificacion', buyer.numeroIdentificacion, FIELD_LIMITS.numeroIdentificacion);
    checkLength(length, 'razonSocial', buyer.razonSocial, FIELD_LIMITS.razonSocial);
    checkLength(length, 'direccion', buyer.direccion, FIELD_LIMITS.direccion);
    for (const mail of list(buyer.correo)) checkLength(length, 'correo', mail, FIELD_LIMITS.correo);
    for (const phone of list(buyer.telefono)) checkLength(length, 'telefono', phone, FIELD_LIMITS.telefono);
  }

  if (tipo === '05') {
    if (!totals) format.push('totalesRetencion es requerido');
    if (!list(doc.detallesRetencion).length) format.push('detallesRetencion es requerido');
    return { format, length };
  }
  if (!totals) {
    format.push('totales es requerido');
    return { format, length };
  }
  const items = list(doc.detallesItems);
  if (!items.length) format.push('detallesItems es requerido');
  if (text(totals.nroItems) !== String(items.length)) format.push(`nroItems: debe ser igual al número de detallesItems (${items.length})`);
  for (const item of items) {
    checkLength(length, 'detallesItems.descripcion', item.descripcion, FIELD_LIMITS.descripcion);
    checkLength(length, 'detallesItems.codigoPLU', item.codigoPLU, FIELD_LIMITS.codigoPLU);
  }
  const subtotal = Number(totals.subtotal);
  if (!Number.isFinite(subtotal) || Math.abs(subtotal + Number(totals.totalIVA) - Number(totals.montoTotalConIVA)) > 10)
    format.push('totales: montoTotalConIVA no corresponde a subtotal + totalIVA');
  format.push(...igtfIssues(totals));
  const payments = list(totals.formasPago);
  if (payments.length > 5) format.push('formasPago: máximo 5');
  for (const payment of payments) {
    checkDate(format, 'formasPago.fecha', payment.fecha, false);
    if (text(payment.moneda) && !currencies.includes(text(payment.moneda))) format.push(`formasPago.moneda: código no permitido (${text(payment.moneda)})`);
  }
  const other = doc.encabezado?.totalesOtraMoneda as Body | undefined;
  format.push(...foreignPaymentIssues(payments, totals, other));
  if (other && !currencies.includes(text(other.moneda))) format.push(`totalesOtraMoneda.moneda: código no permitido (${text(other.moneda) || 'vacío'})`);
  if (tipo === '02' || tipo === '03') {
    if (!text(id.numeroFacturaAfectada)) format.push('numeroFacturaAfectada es requerido para notas');
    checkDate(format, 'fechaFacturaAfectada', id.fechaFacturaAfectada, true);
    if (!text(id.montoFacturaAfectada)) format.push('montoFacturaAfectada es requerido para notas');
    checkLength(length, 'comentarioFacturaAfectada', id.comentarioFacturaAfectada, FIELD_LIMITS.comentarioFacturaAfectada);
  }
  if (tipo === '04' && !['0', '1'].includes(text(doc.guiaDespacho?.esGuiaDespacho))) format.push('guiaDespacho.esGuiaDespacho es requerido para el tipo 04');
  return { format, length };
}

/** Anular's own checks: its reason, and its date and time when sent. */
export function cancellationIssues(body: Body): DocumentIssues {
  const format: string[] = [];
  const length: string[] = [];
  if (!text(body.motivoAnulacion).trim()) format.push('motivoAnulacion es requerido');
  checkLength(length, 'motivoAnulacion', body.motivoAnulacion, FIELD_LIMITS.motivoAnulacion);
  checkDate(format, 'fechaAnulacion', body.fechaAnulacion, false);
  if (text(body.horaAnulacion) && !HKA_TIME.test(text(body.horaAnulacion))) format.push('horaAnulacion: formato hh:mm:ss am|pm');
  return { format, length };
}
