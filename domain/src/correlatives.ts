import { z } from 'zod';
import { digitsText, recordId, requiredText } from './validation';

/**
 * Correlatives: invoice series with their last invoice, credit-note and debit-note numbers.
 * Numbers are digits kept as text so leading zeros survive ("00000123").
 */
export const correlativeFieldsSchema = z.object({
  serie: requiredText('Serie', 20),
  number: digitsText('Número de factura'),
  number_credit_note: digitsText('Número de nota de crédito'),
  number_debit_note: digitsText('Número de nota de débito'),
});
export const updateCorrelativeSchema = correlativeFieldsSchema.extend({ id: recordId() });
export type CorrelativeInput = z.infer<typeof correlativeFieldsSchema>;

export const correlativeMessages = {
  created: 'Correlativo creado',
  updated: 'Correlativo actualizado',
  deleted: 'Correlativo eliminado',
  notFound: 'No se ha encontrado el correlativo',
  duplicateSerie: 'Ya existe un correlativo con esa serie.',
  hasUsers: (count: number) => `No se puede eliminar el correlativo porque está asignado a ${count} ${count === 1 ? 'usuario' : 'usuarios'}.`,
} as const;

/**
 * Numbering continuity report (issue 35): every number a series issued, per document type, with
 * its state; a number never missing, a cancelled one shown as cancelled, gaps shown as rows.
 */
export const CONTINUITY_STATUS = {
  issued: 'Emitido',
  cancelled: 'Anulado',
  queued: 'En cola',
  printer_error: 'Error de la imprenta',
  not_sent: 'Sin imprenta digital',
  payment_rejected: 'Pago rechazado',
  missing: 'Faltante',
} as const;
export type ContinuityStatus = keyof typeof CONTINUITY_STATUS;

export const CONTINUITY_TYPES = ['01', '02', '03', '04'] as const;
export type ContinuityType = (typeof CONTINUITY_TYPES)[number];

export const continuityQuerySchema = z.object({
  type_document: z.enum(CONTINUITY_TYPES, { error: 'El tipo de documento debe ser 01, 02, 03 o 04.' }).optional(),
});

export const continuityMessages = {
  clean: 'Sin saltos ni duplicados',
  empty: 'Sin documentos',
  gap: (from: string, to: string) => (from === to ? `Falta el número ${from}` : `Faltan los números ${from} a ${to}`),
  duplicate: (number: string, times: number) => `El número ${number} aparece ${times} veces`,
} as const;

/** A row of the continuity report: a numbered document, or a gap (`status` missing, `number` to `number_to`). */
export interface ContinuityRow {
  type_document: ContinuityType;
  number: string;
  /** A gap's last missing number; null on a document. */
  number_to: string | null;
  control_number: string | null;
  date: string | null;
  status: ContinuityStatus;
  /** The printer's code (legal_documents.status), null while queued or without a digital document. */
  printer_status: number | null;
  payment_id: number | null;
  document_id: number | null;
  duplicate: boolean;
}

export interface ContinuitySummary {
  type_document: ContinuityType;
  /** The series' counter of the type: the last number it handed out. */
  counter: string;
  first: string | null;
  last: string | null;
  count: number;
  cancelled: number;
  /** Numbers between first and last that no document holds. */
  missing: number;
  /** The first gaps (up to the server's list limit) of the type, as ranges. */
  gaps: { from: string; to: string }[];
  duplicates: { number: string; times: number }[];
}
