import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatMonth } from '@recaudo/domain/format';
import { receiptMessages } from '@recaudo/domain/payment-receipts';
import { PAYMENT_STATUS } from '@recaudo/domain/payments';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { AuthContext } from '../auth/service';
import { reserveRecipients } from '../messages/quota';
import { queueEmail } from '../messages/service';
import { paymentReceiptMail } from '../messages/templates';
import { currencyOf, documentNumberOf, paymentByHash, verificationUrl } from './receipt';
import { renderReceiptPdf } from './receipt-pdf';

/**
 * `payments/send-mail-payment-pdf`: queues the receipt e-mail to the client's address with the
 * verification link and the receipt's PDF attached ('Recibo de pago.pdf', rendered now, so the
 * message keeps the receipt as it was sent), and logs it (`send_message`) in the same
 * transaction. Not gated beyond seeing the payment (spec 02 §6), but counted against the
 * sender's hourly limit of recipients; a client without e-mail answers 422.
 */
export async function sendPaymentReceipt(db: Database, auth: AuthContext, hash: string, appUrl: string, perHour: number): Promise<{ to: string }> {
  const row = await paymentByHash(db, hash, auth);
  if (!row) throw notFound(receiptMessages.hashNotFound);
  const to = row.client.email?.trim();
  if (!to) throw new AppError('validation', receiptMessages.noEmail, { hash: [receiptMessages.noEmail] });
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
  // Rendered before the transaction: no lock is held while pdfkit works.
  const pdf = await renderReceiptPdf(row, { verifyUrl: verificationUrl(appUrl, row.hash) });
  await db.transaction(async (tx) => {
    await reserveRecipients(tx, auth.user.id, 1, perHour);
    await queueEmail(tx, to, mail, [{ filename: receiptMessages.fileName, contentType: 'application/pdf', content: pdf }]);
    await recordAudit(tx, {
      module: 'payments',
      event: 'send_message',
      causerId: auth.user.id,
      subjectType: 'payments',
      subjectId: row.id,
      attributes: { type: 'email', title: mail.subject, message: mail.text, recipients: [to] },
    });
  });
  return { to };
}
