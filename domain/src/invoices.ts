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

/** What a payment row needs for the action rules. */
export interface DocumentFacts {
  status: number;
  type_document: string;
  status_invoice_factory: number | null;
  is_apply_retention: boolean;
  is_retention_apply_success: boolean;
}

/** Spec 02 §4 document actions: 200 enables download and e-mail; notes on an issued type-01 invoice of an approved payment; retention once. */
export function documentActions(row: DocumentFacts) {
  const issued = row.status_invoice_factory === 200;
  const invoice = row.type_document === '01';
  return {
    details: issued,
    email: issued,
    notes: issued && invoice && row.status === 1,
    cancel: issued && invoice,
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
} as const;
