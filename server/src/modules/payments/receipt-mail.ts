import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatMonth } from '@recaudo/domain/format';
import { documentNumberOf, receiptFileName, receiptMessages } from '@recaudo/domain/payment-receipts';
import { PAYMENT_STATUS } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { AuthContext } from '../auth/service';
import { reserveRecipients } from '../messages/quota';
import { queueEmail } from '../messages/service';
import { paymentReceiptMail, type MailContent } from '../messages/templates';
import { loadPayments } from './queries';
import { currencyOf, paymentByHash, verificationUrl } from './receipt';
import { renderReceiptPdf } from './receipt-pdf';

/**
 * `payments/send-mail-payment-pdf`: queues the receipt e-mail to the client's address with the
 * verification link and the receipt's PDF attached ('Recibo de pago.pdf', rendered now, so the
 * message keeps the receipt as it was sent), and logs it (`send_message`) in the same
 * transaction. Not gated beyond seeing the payment (spec 02 §6), but counted against the
 * sender's hourly limit of recipients; a client without e-mail answers 422.
 */
export async function sendPaymentReceipt(db: Database, auth: AuthContext, hash: string, appUrl: string, perHour: number, testMode = false): Promise<{ to: string }> {
  const row = await paymentByHash(db, hash, auth);
  if (!row) throw notFound(receiptMessages.hashNotFound);
  const to = row.client.email?.trim();
  if (!to) throw new AppError('validation', receiptMessages.noEmail, { hash: [receiptMessages.noEmail] });
  // Rendered before the transaction: no lock is held while pdfkit works.
  const { mail, pdf } = await receiptMessage(row, appUrl, testMode);
  await db.transaction(async (tx) => {
    await reserveRecipients(tx, auth.user.id, 1, perHour);
    await queueReceipt(tx, auth, row, to, mail, pdf);
  });
  return { to };
}

/**
 * The receipt of a payment approved in this transaction without staff (a self-validated Pago
 * Móvil, issue 33): queued with the payment's commit, so it goes out once; a client without
 * e-mail gets it in the portal only. Not counted against the hourly limit: nobody chose to send it.
 */
export async function queueReceiptMail(tx: Executor, auth: AuthContext, paymentId: number, appUrl: string, testMode = false): Promise<void> {
  const [row] = await loadPayments(tx, [paymentId]);
  const to = row?.client.email?.trim();
  if (!row || !to) return;
  const { mail, pdf } = await receiptMessage(row, appUrl, testMode);
  await queueReceipt(tx, auth, row, to, mail, pdf);
}

async function receiptMessage(row: PaymentRow, appUrl: string, testMode: boolean) {
  const currency = currencyOf(row);
  const mail = paymentReceiptMail({
    clientName: row.client.name,
    documentNumber: documentNumberOf(row),
    datePayment: formatDate(row.date_payment),
    amount: formatMoney(row.amount_payment),
    foreignAmount: formatMoney(row.dollar_amount_payment, currency),
    months: row.months_payment.map((month) => formatMonth(month)).join(', '),
    method: row.payment_method.name,
    status: PAYMENT_STATUS[row.status],
    verifyUrl: verificationUrl(appUrl, row.hash),
    portalUrl: `${appUrl.replace(/\/+$/, '')}/payments-receipt`,
  });
  const pdf = await renderReceiptPdf(row, { verifyUrl: verificationUrl(appUrl, row.hash), testMode });
  return { mail, pdf };
}

async function queueReceipt(tx: Executor, auth: AuthContext, row: PaymentRow, to: string, mail: MailContent, pdf: Buffer) {
  await queueEmail(tx, to, mail, [{ filename: receiptFileName(row), contentType: 'application/pdf', content: pdf }]);
  await recordAudit(tx, {
    module: 'payments',
    event: 'send_message',
    causerId: auth.user.id,
    subjectType: 'payments',
    subjectId: row.id,
    attributes: { type: 'email', title: mail.subject, message: mail.text, recipients: [to] },
  });
}
