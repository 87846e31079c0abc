import { paymentFieldLabels } from './payments';
/**
 * Legal documents (spec 02 §1, §4): the printer's status codes as the badge shows them, and the
 * rules that enable each document action.
 */

export type BadgeColor = 'success' | 'warning' | 'danger' | 'secondary' | 'processing';

/** Spec 02 §4 legal-document status: label and colour per code; 900 also when no invoice applies. */
export const INVOICE_STATUS: Record<number, { label: string; color: BadgeColor }> = {
  100: { label: 'Error procesando', color: 'warning' },
  200: { label: 'Procesado', color: 'success' },
  201: { label: 'Duplicado', color: 'danger' },
  202: { label: 'Verificar información', color: 'danger' },
  203: { label: 'No procesado', color: 'danger' },
  204: { label: 'Error generando número de control', color: 'danger' },
  205: { label: 'No cumple con las validaciones mínimas', color: 'danger' },
  210: { label: 'Información mínima registrada', color: 'warning' },
  400: { label: 'Error en la estructura de la solicitud', color: 'danger' },
  401: { label: 'No autorizado', color: 'danger' },
  500: { label: 'Error del servidor', color: 'danger' },
  800: { label: 'Anulado', color: 'danger' },
  900: { label: 'No aplica', color: 'secondary' },
};

/** A queued document (null) is shown as waiting for the printer; an unknown code as "Desconocido". */
export function invoiceStatus(code: number | null): { label: string; color: BadgeColor } {
  if (code === null) return { label: 'En cola', color: 'processing' };
  return INVOICE_STATUS[code] ?? { label: 'Desconocido', color: 'warning' };
}

export const DOCUMENT_TYPES = { '01': 'Factura', '02': 'Nota de crédito', '03': 'Nota de débito', '04': 'Nota de entrega' } as const;

/** What each call to the digital printer did, for the invoice records modal; an unknown call keeps its name. */
const PRINTER_OPERATIONS: Record<string, string> = {
  Autenticacion: 'Autenticación',
  Emision: 'Emisión',
  EstadoDocumento: 'Consulta de estado',
  Anular: 'Anulación',
  DescargaArchivo: 'Descarga del PDF',
  'Correo/Enviar': 'Envío por correo',
  AplicarRetencion: 'Aplicación de retención',
};

export const printerOperation = (endpoint: string) => PRINTER_OPERATIONS[endpoint.replace(/^\/?(api\/)?/, '')] ?? endpoint;

/** The document a payment itself is issued as (invoice or delivery note); 02/03 are notes on an invoice. */
export const isPaymentDocument = (type: string): type is '01' | '04' => type === '01' || type === '04';

/** A payment's own document in a label: 'factura', or 'nota de entrega' for type 04. */
/** A legal document named as the viewer's title and its file: "Factura 00-00000012" (issue 51). */
export const legalDocumentName = (payment: { type_document: string; number: string | null }) =>
  [payment.type_document === '04' ? DOCUMENT_TYPES['04'] : DOCUMENT_TYPES['01'], payment.number].filter(Boolean).join(' ');

export const documentNoun = (typeDocument: string) => (typeDocument === '04' ? 'nota de entrega' : 'factura');

/** What a payment row needs for the action rules. */
export interface DocumentFacts {
  status: number;
  type_document: string;
  status_invoice_factory: number | null;
  is_apply_retention: boolean;
  is_retention_apply_success: boolean;
}

/**
 * Spec 02 §4 document actions: 200 enables download, e-mail and cancellation (an invoice or a
 * delivery note); notes on an issued type-01 invoice of an approved payment; retention once, on
 * an invoice.
 */
export function documentActions(row: DocumentFacts) {
  const issued = row.status_invoice_factory === 200;
  const invoice = row.type_document === '01';
  return {
    details: issued,
    email: issued,
    notes: issued && invoice && row.status === 1,
    cancel: issued && isPaymentDocument(row.type_document),
    retention: issued && invoice && row.is_apply_retention && !row.is_retention_apply_success,
  };
}

export const invoiceMessages = {
  required: 'Necesitas completar el campo',
  futureDate: 'La fecha no puede ser posterior a hoy.',
  noEmails: 'Debes indicar al menos un correo válido.',
  notIssued: 'El pago no tiene una factura emitida.',
  notesNotAllowed: 'Solo se generan notas sobre una factura emitida de un pago aprobado.',
  retentionNotAllowed: 'La retención solo se aplica a una factura marcada para retención y aún no aplicada.',
  cancelled: 'Factura anulada',
  retentionApplied: 'Retención aplicada',
  mailQueued: 'Factura enviada por correo',
  noteQueued: 'Nota enviada a la imprenta digital',
  printerRejected: 'La imprenta digital rechazó la operación',
  printerUnavailable: 'La imprenta digital no respondió. Intenta de nuevo en unos minutos.',
  rangeExhausted:
    'No quedan números de control en el rango asignado por la imprenta digital. Solicita un nuevo rango a The Factory HKA antes de emitir documentos, o guarda el pago sin factura digital.',
  /** Fewer than INVOICE_RANGE_WARNING control numbers left. */
  rangeLow: (left: number) => `Quedan ${left} números de control en el rango de la imprenta digital. Solicita un nuevo rango a The Factory HKA antes de que se agote.`,
  numberTaken: (number: string, control: string) => `La imprenta digital ya tiene el documento ${number} con otra transacción (número de control ${control}).`,
  /** `available` is the invoice's total minus its earlier credit notes, already formatted ("BS 1.234,56"). */
  creditNoteExceeds: (available: string) =>
    `Las notas de crédito no pueden superar el total de la factura. Disponible para acreditar: ${available}.`,
  debitNoteExceeds: (total: string) => `La nota de débito no puede superar el total de la factura (${total}).`,
} as const;

/* ---------------- What an invoice fixes on its payment ---------------- */

/** Printer answers after which it keeps no document (providers.md §2.6): the payment may be corrected and its invoice is sent again. */
export const PRINTER_REFUSALS: readonly number[] = [202, 203, 205, 400];

/**
 * Why a payment's invoice data can't change: `issued` (200, 201 duplicate, 210 minimum
 * information — the printer holds the document), `pending` (queued, or retried/failed without a
 * final answer: the printer may hold it), `cancelled` (800). Null when no invoice binds it.
 */
export type InvoiceLock = 'issued' | 'pending' | 'cancelled';

export function invoiceLock(row: { apply_invoice_factory: boolean; status_invoice_factory: number | null }): InvoiceLock | null {
  const code = row.status_invoice_factory;
  if (!row.apply_invoice_factory || (code !== null && PRINTER_REFUSALS.includes(code))) return null;
  if (code === 800) return 'cancelled';
  if (code === 200 || code === 201 || code === 210) return 'issued';
  return 'pending';
}

/**
 * The payment fields an invoice states (buyer, address, months, payment form, rate, retention,
 * bill date, that it is digital and its control number), in the form's names with their labels.
 * Amounts follow from them and are kept as stored; serie and document number are fixed elsewhere
 * (serieLocked; number_correlative is never an input).
 */
export const INVOICE_STATED_FIELDS = {
  client_id: 'Cliente',
  address_payment_id: 'Dirección de pago',
  months_payment: 'Meses',
  payment_method_id: 'Método de pago',
  exchange_rate: 'Tasa de cambio',
  exchange_rate_id: 'Moneda de la tasa',
  is_apply_retention: 'Aplicar retención',
  date_bill: 'Fecha de factura',
  send_invoice: paymentFieldLabels.send_invoice,
  number: paymentFieldLabels.number,
  tenders: 'Líneas de cobro',
  igtf_amount: 'IGTF',
} as const;
export type InvoiceStatedField = keyof typeof INVOICE_STATED_FIELDS;

/** "a", "a y b", "a, b y c". */
const spanishList = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`);

/** The refusal (server, naming the changed fields) and the panel's hint (naming them all). */
export function invoiceLockMessage(lock: InvoiceLock, fields: readonly InvoiceStatedField[]): string {
  const names = spanishList(fields.map((field) => INVOICE_STATED_FIELDS[field]));
  if (lock === 'issued') return `La factura de este pago ya fue emitida: no se puede cambiar ${names}. Para corregirla genera una nota de crédito o de débito, o anula la factura.`;
  if (lock === 'pending')
    return `La factura de este pago está en proceso en la imprenta digital: no se puede cambiar ${names}. Cuando se emita, corrígela con una nota de crédito o de débito, o anúlala.`;
  return `La factura de este pago fue anulada: no se puede cambiar ${names}. Para cobrar de nuevo, rechaza este pago y registra uno nuevo.`;
}
