import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { dispatchPending, queueEmail, queueSms } from './service';
import { outbox } from './tables';
import { clientMessageMail } from './templates';
import { createTransport, outboxKey } from './transport';

/**
 * A retry after a lost acknowledgement (issue 46): the receiver got and kept the message, its
 * answer never arrived, so the dispatcher sends it again. Each outbox row carries one Message-ID
 * (and one Idempotency-Key to the SMS gateway) on every attempt, so a deduplicating receiver
 * delivers it once.
 */

/** The SMTP server: keeps one message per Message-ID, counts every copy it received. */
const delivered = new Map<string, string>();
let copiesReceived = 0;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      copiesReceived++;
      const messageId = /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? `sin-id-${copiesReceived}`;
      if (!delivered.has(messageId)) delivered.set(messageId, raw);
      callback();
    });
  },
});

/**
 * Between the dispatcher and the SMTP server: while `loseAcks` is set it passes everything but
 * the server's 250 after the end of a message's data, and cuts the connection there instead.
 */
let loseAcks = true;
let acksLost = 0;
const lossyLink = net.createServer((client) => {
  const server = net.connect((smtp.server.address() as AddressInfo).port, '127.0.0.1');
  let dataSent = false;
  client.on('data', (chunk) => {
    if (chunk.toString('latin1').endsWith('\r\n.\r\n')) dataSent = true;
    server.write(chunk);
  });
  server.on('data', (chunk) => {
    if (dataSent && loseAcks && chunk.toString('latin1').startsWith('250')) {
      acksLost++;
      client.destroy();
      server.destroy();
      return;
    }
    client.write(chunk);
  });
  client.on('error', () => server.destroy());
  server.on('error', () => client.destroy());
  client.on('close', () => server.destroy());
  server.on('close', () => client.destroy());
});

/** The SMS gateway: sends one SMS per Idempotency-Key; while `loseAnswers`, it sends and then cuts the connection unanswered. */
const smsSent = new Map<string, { to: string; message: string }>();
const keysSeen: string[] = [];
let loseAnswers = true;
const gateway = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const key = String(request.headers['idempotency-key'] ?? '');
    keysSeen.push(key);
    if (!key || !smsSent.has(key)) smsSent.set(key || `sin-clave-${keysSeen.length}`, JSON.parse(body) as { to: string; message: string });
    if (loseAnswers) {
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});

let ctx: TestContext;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => lossyLink.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  ctx = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${(lossyLink.address() as AddressInfo).port}`,
    MAIL_FROM: 'Recaudo <avisos@recaudo.test>',
    SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => lossyLink.close(() => resolve()));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

const rowsOf = (ids: number[]) => ctx.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
/** The backoff has passed: the retry is due now. */
const dueNow = (ids: number[]) => ctx.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(inArray(outbox.id, ids));

describe('a lost acknowledgement', () => {
  it('from the SMTP server: the retry carries the same Message-ID and the receiver keeps one message per row', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push(await queueEmail(ctx.db, `vecino${n}@correo.test`, clientMessageMail('Aviso de corte', `Aviso ${n}`)));
    const first = await dispatchPending(ctx.db, createTransport(ctx.config), { maxAttempts: 5 });
    expect(first).toEqual({ sent: 0, failed: 3 });
    expect(acksLost).toBe(3);
    expect(copiesReceived).toBe(3);
    expect((await rowsOf(ids)).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);

    loseAcks = false;
    await dueNow(ids);
    expect(await dispatchPending(ctx.db, createTransport(ctx.config), { maxAttempts: 5 })).toEqual({ sent: 3, failed: 0 });
    // Every message arrived twice, each time with its row's Message-ID: one delivered per row.
    expect(copiesReceived).toBe(6);
    const rows = await rowsOf(ids);
    expect(rows.map((row) => ({ status: row.status, attempts: row.attempts }))).toEqual(Array(3).fill({ status: 'sent', attempts: 2 }));
    expect([...delivered.keys()].sort()).toEqual(rows.map((row) => `<${outboxKey(row)}@recaudo.test>`).sort());
    for (const row of rows) expect(delivered.get(`<${outboxKey(row)}@recaudo.test>`)).toContain(`To: ${row.to}`);
  });

  it('from the SMS gateway: the retry carries the same Idempotency-Key and one SMS per row is sent', async () => {
    const ids = [await queueSms(ctx.db, '04141112233', 'Recaudo: aviso uno'), await queueSms(ctx.db, '04241112233', 'Recaudo: aviso dos')];
    expect(await dispatchPending(ctx.db, createTransport(ctx.config), { maxAttempts: 5 })).toEqual({ sent: 0, failed: 2 });
    loseAnswers = false;
    await dueNow(ids);
    expect(await dispatchPending(ctx.db, createTransport(ctx.config), { maxAttempts: 5 })).toEqual({ sent: 2, failed: 0 });
    const rows = await rowsOf(ids);
    expect(rows.map((row) => ({ status: row.status, attempts: row.attempts }))).toEqual(Array(2).fill({ status: 'sent', attempts: 2 }));
    const keys = rows.map((row) => outboxKey(row));
    expect(keysSeen).toEqual([...keys, ...keys]);
    expect([...smsSent.entries()]).toEqual([
      [keys[0], { to: '04141112233', message: 'Recaudo: aviso uno' }],
      [keys[1], { to: '04241112233', message: 'Recaudo: aviso dos' }],
    ]);
  });
});
