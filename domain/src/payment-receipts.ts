import { z } from 'zod';
import { clientMessages } from './clients';
import type { Month } from './months';
import { paymentMessages, type PaymentStatus } from './payments';
import { messages } from './validation';

/**
 * Payment receipts (spec 02 §7 `payments/generate-payment-pdf/{hash}`, `payments/send-mail-payment-pdf`)
 * and their public verification (spec 03 "Public verification pages", `GET verify-payment/{hash}`).
 */
export const receiptMessages = {
  fileName: 'Recibo de pago.pdf',
  /** Spec 03 error catalogue: the not-found text and its title. */
  hashNotFound: paymentMessages.hashNotFound,
  hashNotFoundTitle: 'Error!',
  mailSent: 'Recibo enviado al correo del cliente',
  noEmail: clientMessages.noEmail,
  pageTitle: 'Verificación de pago',
} as const;

/** A payment's document number as printed: "A-00000239" (series and number), or null before it has one. */
export const documentNumberOf = (row: { serie: { serie: string } | null; number_correlative: string | null }) =>
  row.number_correlative ? `${row.serie ? `${row.serie.serie}-` : ''}${row.number_correlative}` : null;

/** A downloaded or mailed receipt names its document (issue 51): "Recibo A-00000239.pdf". */
export const receiptFileName = (row: Parameters<typeof documentNumberOf>[0]) => {
  const number = documentNumberOf(row);
  return number ? `Recibo ${number}.pdf` : receiptMessages.fileName;
};

/** The public page of a receipt; the QR code of the PDF carries it. */
export const verifyPaymentPath = (hash: string) => `/verify-payment/${encodeURIComponent(hash)}`;

/** `POST payments/send-mail-payment-pdf`. */
export const sendPaymentMailSchema = z.object({
  hash: z
    .string({ error: messages.required('hash') })
    .trim()
    .min(1, messages.required('hash'))
    .max(128, receiptMessages.hashNotFound),
});
export type SendPaymentMailInput = z.infer<typeof sendPaymentMailSchema>;

/**
 * What `GET verify-payment/{hash}` answers: only what the public page shows (spec 03: client data,
 * payment method, amount, dates, status, paid months). No e-mail, phones, address, notes or ids.
 * `dollar_amount_payment` is in `currency`, the foreign currency of the payment's rate.
 */
export interface PaymentVerification {
  number_correlative: string | null;
  serie: string | null;
  status: PaymentStatus;
  client: { name: string; identification_type: string; identification: string };
  payment_method: { name: string };
  amount_payment: string;
  dollar_amount_payment: string;
  currency: '$' | '€';
  date_payment: string;
  date_bill: string | null;
  created_at: string;
  months_payment: Month[];
}
