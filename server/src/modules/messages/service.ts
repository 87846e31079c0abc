import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Database, Executor } from '../../db/client';
import { iso, isoTimestamp } from '../../platform/envelope';
import type { RowSource } from '../../platform/export';
import { claimDue, oldestPendingAge, retryLater, startLoop } from '../../platform/queue';
import { redacted, redactSpentSecrets, secretColumns } from './secrets';
import type { MailContent, SecretSms } from './templates';
import { outboxKey, type MailAttachment, type MessageTransport } from './transport';
import { outbox, outboxAttachments } from './tables';

/**
 * Queues an e-mail with its attachments (stored beside it, so a restart or a retry sends the
 * same files); call it with the transaction of the change that causes it.
 */
export async function queueEmail(executor: Executor, to: string, content: MailContent, attachments: MailAttachment[] = []): Promise<number> {
  const [row] = await executor.insert(outbox).values(emailRow(to, content)).returning({ id: outbox.id });
  const id = row!.id;
  if (attachments.length)
    await executor
      .insert(outboxAttachments)
      .values(attachments.map((file) => ({ outboxId: id, filename: file.filename, contentType: file.contentType, content: file.content })));
  return id;
}

/** The outbox row of an e-mail and of an SMS, a secret's expiry included. */
const emailRow = (to: string, content: MailContent) =>
  ({ channel: 'email', to, subject: content.subject, bodyText: content.text, bodyHtml: content.html, ...secretColumns(content.secret) }) as const;
const smsRow = (to: string, message: string | SecretSms) =>
  ({ channel: 'sms', to, ...(typeof message === 'string' ? { bodyText: message } : { bodyText: message.text, ...secretColumns(message.secret) }) }) as const;

/** Messages without attachments queued in one statement: a batch of a reminder run. */
export async function queueMessages(executor: Executor, messages: ({ channel: 'email'; to: string; content: MailContent } | { channel: 'sms'; to: string; text: string })[]): Promise<void> {
  if (!messages.length) return;
  await executor.insert(outbox).values(messages.map((message) => (message.channel === 'email' ? emailRow(message.to, message.content) : smsRow(message.to, message.text))));
}

/** The attachments of the given messages, in the order they were queued. */
async function attachmentsOf(db: Executor, ids: number[]): Promise<Map<number, MailAttachment[]>> {
  const byMessage = new Map<number, MailAttachment[]>();
  if (!ids.length) return byMessage;
  const rows = await db.select().from(outboxAttachments).where(inArray(outboxAttachments.outboxId, ids)).orderBy(outboxAttachments.id);
  for (const row of rows) {
    const list = byMessage.get(row.outboxId) ?? [];
    list.push({ filename: row.filename, contentType: row.contentType, content: row.content });
    byMessage.set(row.outboxId, list);
  }
  return byMessage;
}

/**
 * Name, type and size of each message's attachments as a JSON list, without reading their content
 * (a correlated lookup on the attachments' outbox index, for the outbox list and the log). The
 * outer id is qualified: Drizzle writes columns unqualified in single-table selects, where `"id"`
 * would bind to the attachment's own id.
 */
const attachmentInfo = sql<OutboxAttachmentInfo[]>`(select coalesce(json_agg(json_build_object('filename', a.filename, 'content_type', a.content_type,
    'size', octet_length(a.content)) order by a.id), '[]'::json) from outbox_attachments a where a.outbox_id = ${sql.raw('"outbox"."id"')})`;

export async function queueSms(executor: Executor, to: string, message: string | SecretSms): Promise<number> {
  const [row] = await executor.insert(outbox).values(smsRow(to, message)).returning({ id: outbox.id });
  return row!.id;
}

export interface DispatchOptions {
  maxAttempts: number;
  /** Messages of a channel without transport stay pending and are written here once per process. */
  log?: (message: string, details: Record<string, unknown>) => void;
  batchSize?: number;
}

const loggedIds = new Set<number>();

/**
 * Without a transport, a message is logged whole so the administrator can read it (a code, a reset
 * link, an initial password always are); more than this many of one subject in a pass, such as the
 * reminder run at a demo's first start, make one line instead of eighteen bodies burying the start
 * banner (issue 34).
 */
const LOG_EACH_UP_TO = 3;

type WaitingMessage = typeof outbox.$inferSelect & { attachments: OutboxAttachmentInfo[] };

/** Writes the messages waiting for a transport to the log, once each: see LOG_EACH_UP_TO. */
function logWaiting(fresh: WaitingMessage[], log: NonNullable<DispatchOptions['log']>): void {
  const missing = (channel: string) => (channel === 'email' ? 'SMTP_URL' : 'SMS_GATEWAY_URL');
  const bursts = new Map<string, WaitingMessage[]>();
  for (const row of fresh) {
    loggedIds.add(row.id);
    const key = row.holdsSecret ? `secret ${row.id}` : `${row.channel} ${row.subject ?? ''}`;
    const rows = bursts.get(key) ?? [];
    rows.push(row);
    bursts.set(key, rows);
  }
  for (const rows of bursts.values()) {
    const [{ channel, subject }] = rows as [WaitingMessage];
    if (rows.length > LOG_EACH_UP_TO) {
      log(`${rows.length} mensajes ${channel} «${subject ?? 'SMS'}» en la bandeja de salida (sin ${missing(channel)} configurado)`, {
        outbox_ids: rows.map((row) => row.id),
        to: rows.map((row) => row.to),
      });
      continue;
    }
    for (const row of rows) {
      log(`Mensaje ${row.channel} en la bandeja de salida (sin ${missing(row.channel)} configurado)`, {
        outbox_id: row.id,
        to: row.to,
        subject: row.subject,
        body: row.bodyText,
        ...(row.attachments.length ? { attachments: row.attachments.map((file) => file.filename) } : {}),
      });
    }
  }
}

/**
 * One pass of the dispatcher: claims due messages of the configured channels through the shared
 * queue (platform/queue: `for update skip locked`, a two-minute lease, the database's clock),
 * sends each outside any transaction, and records the result: sent, retried later with backoff,
 * or failed after the last attempt. Answers how many were sent.
 */
export async function dispatchPending(db: Database, transport: MessageTransport, options: DispatchOptions): Promise<{ sent: number; failed: number }> {
  const channels = [transport.email ? 'email' : null, transport.sms ? 'sms' : null].filter((channel): channel is 'email' | 'sms' => channel !== null);
  await redactSpentSecrets(db);
  if (options.log) {
    const idle = await db
      .select({ ...getTableColumns(outbox), attachments: attachmentInfo })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), channels.length ? sql`${outbox.channel} not in ${channels}` : undefined))
      .orderBy(outbox.id)
      .limit(100);
    logWaiting(
      idle.filter((row) => !loggedIds.has(row.id)),
      options.log,
    );
  }
  if (channels.length === 0) return { sent: 0, failed: 0 };
  const ids = await claimDue(db, 'outbox', { filter: sql`channel in ${channels}`, batch: options.batchSize ?? 20, leaseSeconds: 120 });
  if (!ids.length) return { sent: 0, failed: 0 };
  const claimed = await db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
  const files = await attachmentsOf(
    db,
    claimed.filter((row) => row.channel === 'email').map((row) => row.id),
  );
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      const key = outboxKey(row);
      if (row.channel === 'email')
        await transport.email!({ key, to: row.to, subject: row.subject ?? '', text: row.bodyText, html: row.bodyHtml, attachments: files.get(row.id) ?? [] });
      else await transport.sms!({ key, to: row.to, message: row.bodyText });
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, lastError: null, updatedAt: sql`now()`, ...(row.holdsSecret ? redacted : {}) })
        .where(eq(outbox.id, row.id));
      sent++;
    } catch (error) {
      await retryLater(db, 'outbox', row.id, options.maxAttempts, error);
      failed++;
    }
  }
  return { sent, failed };
}

/** The age in seconds of the oldest message waiting in the outbox, by the database's clock (for a health probe). */
export const oldestPendingAgeSeconds = (db: Executor) => oldestPendingAge(db, 'outbox');

/**
 * Runs `dispatchPending` every `intervalMs` in the server process until stopped; a pass never
 * overlaps the previous one.
 */
export function startDispatcher(
  db: Database,
  transport: MessageTransport,
  options: DispatchOptions & { intervalMs: number; onError?: (error: unknown) => void },
): { stop: () => Promise<void> } {
  const loop = startLoop(() => dispatchPending(db, transport, options), options);
  return {
    async stop() {
      await loop.stop();
      transport.close?.();
    },
  };
}

export interface OutboxAttachmentInfo {
  filename: string;
  content_type: string;
  size: number;
}

export interface OutboxRow {
  id: number;
  channel: string;
  to: string;
  subject: string | null;
  body_text: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  attachments: OutboxAttachmentInfo[];
}

/** The outbox, newest first; filters `channel`, `status` and `to`. */
export function outboxSource(db: Executor, query: ListQuery): RowSource<OutboxRow> {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const channel = text(query.filters.channel);
  const status = text(query.filters.status);
  const to = text(query.filters.to);
  const where = and(
    channel ? eq(outbox.channel, channel as 'email') : undefined,
    status ? eq(outbox.status, status as 'pending') : undefined,
    to ? sql`lower(${outbox.to}) = lower(${to})` : undefined,
  );
  return {
    async rows(limit, offset) {
      const base = db
        .select({ ...getTableColumns(outbox), attachments: attachmentInfo })
        .from(outbox)
        .where(where)
        .orderBy(desc(outbox.id))
        .offset(offset);
      const rows = limit === null ? await base : await base.limit(limit);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        to: row.to,
        subject: row.subject,
        body_text: row.bodyText,
        status: row.status,
        attempts: row.attempts,
        last_error: row.lastError,
        sent_at: isoTimestamp(row.sentAt),
        created_at: iso(row.createdAt),
        attachments: row.attachments.map((file) => ({ filename: file.filename, content_type: file.content_type, size: Number(file.size) })),
      }));
    },
    async count() {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(outbox)
        .where(where);
      return Number(row?.total ?? 0);
    },
  };
}

