import { inArray } from 'drizzle-orm';
import { clientMessages, MESSAGE_EMAIL_PATTERN, MESSAGE_PHONE_PATTERN, type SendMessageInput } from '@recaudo/domain/clients';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, fieldError } from '../../platform/errors';
import type { AuthContext } from '../auth/service';
import { reserveRecipients } from '../messages/quota';
import { queueEmail, queueSms } from '../messages/service';
import { clientMessageMail } from '../messages/templates';
import { optionColumns } from './queries';
import { clients } from './tables';

/** The spec's message phone: 0 plus the 10 digits. */
export const messagePhone = (phone: string) =>
  `0${phone
    .replace(/\D/g, '')
    .replace(/^58(?=\d{10}$)/, '')
    .replace(/^0/, '')}`;

/**
 * `clients/send-message`: items are addresses (kept only when they match the type's pattern)
 * or client ids (their e-mail, or 0 plus their first phone). A single client without the
 * contact answers the spec's "no tiene" message. One outbox entry per recipient; the recipients
 * count against the sender's hourly limit, and the audit entry keeps sender, recipients, title and body.
 */
export async function sendClientMessage(db: Database, auth: AuthContext, input: SendMessageInput, perHour: number) {
  const clientIds = input.items.flatMap((item) => (typeof item === 'number' ? [item] : typeof item === 'object' ? [item.id] : []));
  const typed = input.items.filter((item): item is string => typeof item === 'string');
  const found = clientIds.length ? await db.select(optionColumns).from(clients).where(inArray(clients.id, clientIds)) : [];
  const missingContact: number[] = [];
  const candidates: string[] = [...typed];
  for (const client of found) {
    const address = input.type === 'email' ? client.email : client.phone[0] ? messagePhone(client.phone[0]) : null;
    if (address) candidates.push(address);
    else missingContact.push(client.id);
  }
  const valid =
    input.type === 'email'
      ? candidates.map((item) => item.trim().toLowerCase()).filter((item) => MESSAGE_EMAIL_PATTERN.test(item))
      : candidates.map((item) => messagePhone(item)).filter((item) => MESSAGE_PHONE_PATTERN.test(item));
  const recipients = [...new Set(valid)];
  if (recipients.length === 0) {
    if (missingContact.length) throw new AppError('validation', input.type === 'email' ? clientMessages.noEmail : clientMessages.noPhone);
    throw fieldError('items', clientMessages.noValidRecipients);
  }
  await db.transaction(async (tx) => {
    await reserveRecipients(tx, auth.user.id, recipients.length, perHour);
    for (const to of recipients) {
      if (input.type === 'email') await queueEmail(tx, to, clientMessageMail(input.title ?? 'Mensaje de Recaudo', input.message));
      else await queueSms(tx, to, input.title ? `${input.title}: ${input.message}` : input.message);
    }
    await recordAudit(tx, {
      module: 'clients',
      event: 'send_message',
      causerId: auth.user.id,
      subjectType: 'clients',
      subjectId: found.length === 1 ? found[0]!.id : null,
      attributes: { type: input.type, title: input.title, message: input.message, recipients },
    });
  });
  return { sent: recipients.length, dropped: input.items.length - recipients.length };
}
