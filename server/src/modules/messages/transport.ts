import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** A file an e-mail carries (the outbox stores it with the message). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
}

export interface OutgoingSms {
  to: string;
  message: string;
}

/** How messages leave the server; a channel without configuration is absent. */
export interface MessageTransport {
  email?: (message: OutgoingEmail) => Promise<void>;
  sms?: (message: OutgoingSms) => Promise<void>;
  close?: () => void;
}

/** SMTP through nodemailer when `SMTP_URL` is set; an HTTP gateway for SMS when `SMS_GATEWAY_URL` is set. */
export function createTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN'>): MessageTransport {
  const transport: MessageTransport = {};
  if (config.SMTP_URL) {
    const mailer = nodemailer.createTransport(config.SMTP_URL);
    transport.email = async (message) => {
      await mailer.sendMail({
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
        headers: { 'content-type': 'application/json', ...(config.SMS_GATEWAY_TOKEN ? { authorization: `Bearer ${config.SMS_GATEWAY_TOKEN}` } : {}) },
        body: JSON.stringify({ to: message.to, message: message.message }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`La pasarela SMS respondió ${response.status}`);
    };
  }
  return transport;
}
