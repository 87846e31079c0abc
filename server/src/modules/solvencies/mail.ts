import { formatDate, formatMonth } from '@recaudo/domain/format';
import { solvencyMessages } from '@recaudo/domain/solvencies';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { AuthContext } from '../auth/service';
import { reserveRecipients } from '../messages/quota';
import { queueEmail } from '../messages/service';
import { solvencyMail } from '../messages/templates';
import { renderSolvencyPdf } from './pdf';
import { solvencyByHash } from './queries';
import { solvencyVerificationUrl } from './verification';

/**
 * `solvencies/send-mail-solvency-pdf`: queues the certificate e-mail to the client's address with
 * 'Solvencia.pdf' attached through the outbox (sent after commit by the dispatcher, once), and
 * logs it (`send_message`) in the same transaction. Not gated beyond reaching the certificate,
 * but counted against the sender's hourly limit of recipients.
 */
export async function sendSolvencyMail(db: Database, auth: AuthContext, hash: string, appUrl: string, perHour: number): Promise<{ to: string }> {
  const row = await solvencyByHash(db, hash, auth);
  if (!row) throw notFound(solvencyMessages.hashNotFound);
  const to = row.client.email?.trim();
  if (!to) throw new AppError('validation', solvencyMessages.noEmail, { hash: [solvencyMessages.noEmail] });
  const verifyUrl = solvencyVerificationUrl(appUrl, row.hash);
  const mail = solvencyMail({
    clientName: row.client.name,
    address: row.address_payment.address,
    solventToDate: formatMonth(row.solvent_to_date),
    issuedOn: formatDate(row.created_at),
    verifyUrl,
  });
  const pdf = await renderSolvencyPdf(row, { verifyUrl });
  await db.transaction(async (tx) => {
    await reserveRecipients(tx, auth.user.id, 1, perHour);
    await queueEmail(tx, to, mail, [{ filename: solvencyMessages.fileName, contentType: 'application/pdf', content: pdf }]);
    await recordAudit(tx, {
      module: 'solvencies',
      event: 'send_message',
      causerId: auth.user.id,
      subjectType: 'solvencies',
      subjectId: row.id,
      attributes: { type: 'email', title: mail.subject, message: mail.text, recipients: [to] },
    });
  });
  return { to };
}
