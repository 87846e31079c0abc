import { agreementMessages } from '@recaudo/domain/payment-agreements';
import { clientMessages } from '@recaudo/domain/clients';
import { formatMoney } from '@recaudo/domain/format-money';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../auth/service';
import { reserveRecipients } from '../messages/quota';
import { queueEmail } from '../messages/service';
import { agreementMail } from '../messages/templates';
import { renderAgreementPdf } from './pdf';
import { agreementParties, getAgreement } from './queries';

/**
 * `payment-agreements/send-mail`: queues the agreement with its schedule ('Convenio de pago.pdf')
 * to the client's e-mail through the outbox, counted against the sender's hourly limit and logged
 * (`send_message`) in the same transaction.
 */
export async function sendAgreementMail(db: Database, auth: AuthContext, id: number, perHour: number): Promise<{ to: string }> {
  const agreement = await getAgreement(db, auth, id);
  const parties = await agreementParties(db, agreement);
  const to = parties.client.email?.trim();
  if (!to) throw new AppError('validation', clientMessages.noEmail, { id: [clientMessages.noEmail] });
  const mail = agreementMail({
    clientName: parties.client.name,
    address: parties.address,
    debtUsd: formatMoney(agreement.debt_usd, '$'),
    installments: agreement.installments.length,
  });
  const pdf = await renderAgreementPdf(agreement, parties);
  await db.transaction(async (tx) => {
    await reserveRecipients(tx, auth.user.id, 1, perHour);
    await queueEmail(tx, to, mail, [{ filename: agreementMessages.fileName, contentType: 'application/pdf', content: pdf }]);
    await recordAudit(tx, {
      module: 'payment_agreements',
      event: 'send_message',
      causerId: auth.user.id,
      subjectType: 'payment_agreements',
      subjectId: agreement.id,
      attributes: { type: 'email', title: mail.subject, message: mail.text, recipients: [to] },
    });
  });
  return { to };
}
