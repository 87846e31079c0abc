import { z } from 'zod';
import { clientMessages } from './clients';
import type { Month } from './months';
import { paymentMessages } from './payments';
import { messages, recordId } from './validation';

/**
 * Solvency certificates (spec 02 §3 Solvency, §7 Solvencies; DESIGN §5) and their public
 * verification (spec 03, `GET verify-solvency/{hash}`).
 */
export const solvencyMessages = {
  created: 'Solvencia generada',
  deleted: 'Solvencia eliminada',
  mailSent: 'Solvencia enviada al correo del cliente',
  notFound: 'La solvencia no existe',
  addressNotFound: 'La dirección de pago no existe',
  clientNotFound: 'El cliente no existe',
  addressIncomplete: 'La dirección de pago está incompleta: completa su ubicación (residencial: comunidad y parroquia; comercial: actividad económica)',
  owing: (months: number) => `La dirección no está solvente: debe ${months} ${months === 1 ? 'mes' : 'meses'}`,
  pending: 'La dirección no está solvente: tiene meses cubiertos por un pago que aún está Procesando',
  noEmail: clientMessages.noEmail,
  fileName: 'Solvencia.pdf',
  exportName: 'Solvencias',
  deleteConfirm: '¿Seguro de eliminar la solvencia?',
  /** Spec 03 error catalogue: the not-found text of the public pages and its title. */
  hashNotFound: paymentMessages.hashNotFound,
  hashNotFoundTitle: 'Error!',
  pageTitle: 'Verificación de solvencia',
  valid: 'Solvencia válida',
  revoked: 'Esta solvencia ya no es válida',
} as const;

/** Why a certificate stopped being valid (kept by the database when it happens). */
export type SolvencyRevocation = 'payment_rejected' | 'payment_deleted' | 'payment_changed' | 'month_unmarked' | 'balance_reversed';

export const REVOCATION_REASONS: Record<SolvencyRevocation, string> = {
  payment_rejected: 'Un pago en el que se basaba fue rechazado',
  payment_deleted: 'Un pago en el que se basaba fue eliminado',
  payment_changed: 'Un pago en el que se basaba cambió sus meses',
  month_unmarked: 'Un mes en el que se basaba fue desmarcado',
  balance_reversed: 'Un mes cubierto con abonos en el que se basaba volvió a deberse: se revirtió un abono',
};

/** The public page of a certificate; the QR code of the PDF carries it. */
export const verifySolvencyPath = (hash: string) => `/verify-solvency/${encodeURIComponent(hash)}`;

/** Hashes are 64 hex characters (256 random bits). */
export const SOLVENCY_HASH_PATTERN = /^[0-9a-f]{64}$/i;

const hashField = z
  .string({ error: messages.required('hash') })
  .trim()
  .min(1, messages.required('hash'))
  .max(128, paymentMessages.hashNotFound);

/** `POST solvencies/store`. */
export const createSolvencySchema = z.object({
  client_id: recordId('Cliente'),
  addresses_payment_id: recordId('Dirección de pago'),
});
export type CreateSolvencyInput = z.infer<typeof createSolvencySchema>;

/** `POST solvencies/send-mail-solvency-pdf`. */
export const sendSolvencyMailSchema = z.object({ hash: hashField });

/** The solvency of one address now, as the server decides it (DESIGN §5). */
export interface AddressSolvency {
  solvent: boolean;
  months_to_pay: number;
  /** A covered month still waits on a payment Procesando. */
  pending: boolean;
  /** Last month of the unbroken covered run from the start month; null when the start month is owed. */
  solvent_to_date: Month | null;
  /** Why not solvent, in Spanish; null when solvent. */
  reason: string | null;
}

/** The reason an address is not solvent, or null (owing is said first). */
export const notSolventReason = (monthsToPay: number, pending: boolean): string | null =>
  monthsToPay > 0 ? solvencyMessages.owing(monthsToPay) : pending ? solvencyMessages.pending : null;

export interface SolvencyRow {
  id: number;
  client_id: number;
  addresses_payment_id: number;
  type: 0 | 1;
  solvent_to_date: Month;
  is_valid: boolean;
  revoked_at: string | null;
  revoked_reason: string | null;
  hash: string;
  created_at: string;
  created_by: number | null;
  client: { id: number; name: string; email: string | null; identification_type: string; identification: string };
  address_payment: { id: number; address: string; state: string | null; municipality: string | null; parish: string | null; community: string | null; economic_activity: string | null };
}

/** What `GET verify-solvency/{hash}` answers: only what the public page shows. */
export interface SolvencyVerification {
  client: { name: string; identification_type: string; identification: string };
  type: 0 | 1;
  address: string;
  location: string;
  created_at: string;
  solvent_to_date: Month;
  is_valid: boolean;
  revoked_at: string | null;
  revoked_reason: string | null;
}
