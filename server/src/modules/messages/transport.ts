import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** A file an e-mail carries (the outbox stores it with the message). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingEmail {
  /** The outbox row's delivery key (outboxKey): the same on every attempt. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
}

export interface OutgoingSms {
  /** The outbox row's delivery key (outboxKey): the same on every attempt. */
  key: string;
  to: string;
  message: string;
}

/** How messages leave the server; a channel without configuration is absent. */
export interface MessageTransport {
  email?: (message: OutgoingEmail) => Promise<void>;
  sms?: (message: OutgoingSms) => Promise<void>;
  close?: () => void;
}

/**
 * The key of one outbox row's delivery, made of the row alone (its id and creation time, so two
 * installations or a restored database do not reuse one): every attempt sends the same.
 */
export const outboxKey = (row: { id: number; createdAt: Date }) => `recaudo-outbox-${row.id}-${row.createdAt.getTime().toString(36)}`;

/** The domain of MAIL_FROM's address (`Recaudo <avisos@recaudo.test>` → recaudo.test), for the Message-ID. */
export function mailDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'recaudo.local';
}

/** SMTP through nodemailer when `SMTP_URL` is set; an HTTP gateway for SMS when `SMS_GATEWAY_URL` is set. */
export function createTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN'>): MessageTransport {
  const transport: MessageTransport = {};
  if (config.SMTP_URL) {
    const mailer = nodemailer.createTransport(config.SMTP_URL);
    const domain = mailDomain(config.MAIL_FROM);
    transport.email = async (message) => {
      await mailer.sendMail({
        // A retry after a lost acknowledgement carries the Message-ID of the first attempt, so the
        // receiving server (or the reader's mail program) sees the same message twice, not two.
        messageId: `<${message.key}@${domain}>`,
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        attachments: message.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
      });
    };
    transport.close = () => mailer.close();
  }
  if (config.SMS_GATEWAY_URL) {
    const url = config.SMS_GATEWAY_URL;
    transport.sms = async (message) => {
      const response = await fetch(url, {
        method: 'POST',
        // The gateway recognises a retry after a lost answer by its key and sends the SMS once.
        headers: { 'content-type': 'application/json', 'idempotency-key': message.key, ...(config.SMS_GATEWAY_TOKEN ? { authorization: `Bearer ${config.SMS_GATEWAY_TOKEN}` } : {}) },
        body: JSON.stringify({ to: message.to, message: message.message }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`La pasarela SMS respondió ${response.status}`);
    };
  }
  return transport;
}
