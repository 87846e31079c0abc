import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { afterResponseSettled } from '../../platform/after-response';
import { dispatchPending, queueEmail, queueSms } from './service';
import { outbox } from './tables';
import { EXPIRED_UNSENT, REDACTED_BODY } from './secrets';
import { clientMessageMail, sentPasswordMail, verificationCodeMail, verificationCodeSms } from './templates';
import { createTransport } from './transport';

/** A real SMTP server on a local port, with login, collecting what it receives. */
const received: { from: string; to: string[]; raw: string; user?: string }[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  onAuth(auth, _session, callback) {
    if (auth.username === 'recaudo' && auth.password === 'secreto') return callback(null, { user: auth.username });
    return callback(new Error('Credenciales inválidas'));
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw,
        user: typeof session.user === 'string' ? session.user : undefined,
      });
      callback();
    });
  },
});

/** A local SMS gateway: records the JSON it gets; answers 500 while `failing` is set. */
const sms: { to: string; message: string; authorization?: string }[] = [];
let failing = false;
const gateway = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    if (failing) {
      response.writeHead(500).end();
      return;
    }
    sms.push({ ...(JSON.parse(body) as { to: string; message: string }), authorization: request.headers.authorization });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});

let ctx: TestContext;
let smtpUrl = '';
let gatewayUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://recaudo:secreto@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
  ctx = await createTestContext({ SMTP_URL: smtpUrl, MAIL_FROM: 'Recaudo <avisos@recaudo.test>', SMS_GATEWAY_URL: gatewayUrl, SMS_GATEWAY_TOKEN: 'clave-sms' });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

const transport = () => createTransport(ctx.config);

describe('outbox dispatcher', () => {
  it('delivers the registration code by e-mail to a real SMTP server and by SMS to the gateway', async () => {
    const answer = await ctx.call('POST', '/api/auth/code-verification', {
      body: { identification_type: 'V', identification: '44556677', email: 'nueva@correo.test', phone: '04141234567' },
      ip: '10.50.0.1',
    });
    expect(answer.status).toBe(200);
    // The code is queued once the answer has left.
    await afterResponseSettled();
    const result = await dispatchPending(ctx.db, transport(), { maxAttempts: 3 });
    expect(result.sent).toBe(2);
    const mail = received.find((item) => item.to.includes('nueva@correo.test'));
    expect(mail).toMatchObject({ from: 'avisos@recaudo.test', user: 'recaudo' });
    expect(mail!.raw).toContain('Subject: =?UTF-8?');
    const code = /verificaci=C3=B3n de Recaudo es: (\d{6})|verificación de Recaudo es: (\d{6})/.exec(mail!.raw);
    expect(code).not.toBeNull();
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: '04141234567', authorization: 'Bearer clave-sms' });
    expect(sms[0]!.message).toMatch(/^Recaudo: tu código de verificación es \d{6}\. Vence en 5 minutos\.$/);
    const rows = await ctx.db.select().from(outbox);
    expect(rows.every((row) => row.status === 'sent' && row.sentAt !== null && row.attempts === 1)).toBe(true);
    // Delivered, the code leaves the outbox (and every later backup).
    expect(rows.map((row) => ({ body: row.bodyText, html: row.bodyHtml, redacted: row.redactedAt !== null }))).toEqual([
      { body: REDACTED_BODY, html: null, redacted: true },
      { body: REDACTED_BODY, html: null, redacted: true },
    ]);
    expect((await dispatchPending(ctx.db, transport(), { maxAttempts: 3 })).sent).toBe(0);
  });

  it('a secret waiting without a transport stays readable until it expires, then is redacted and fails', async () => {
    const code = await queueEmail(ctx.db, 'espera@correo.test', verificationCodeMail('482913', 5));
    const password = await queueEmail(ctx.db, 'inicial@correo.test', sentPasswordMail('Ana', 'inicial@correo.test', 'Temporal-2026', 'http://x/login', true));
    const logged: Record<string, unknown>[] = [];
    await dispatchPending(ctx.db, {}, { maxAttempts: 3, log: (_message, details) => logged.push(details) });
    // The administrator reads the code once, from the log or the outbox, while it is valid.
    expect(logged.find((details) => details.outbox_id === code)?.body).toContain('482913');
    let [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, code));
    expect(row).toMatchObject({ status: 'pending', redactedAt: null });
    expect(row!.bodyText).toContain('482913');
    await ctx.db.update(outbox).set({ secretExpiresAt: sql`now() - interval '1 second'` }).where(eq(outbox.id, code));
    await dispatchPending(ctx.db, {}, { maxAttempts: 3 });
    [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, code));
    expect(row).toMatchObject({ status: 'failed', lastError: EXPIRED_UNSENT, bodyText: REDACTED_BODY, bodyHtml: null });
    // An initial password has no expiry of its own: it waits, readable, until sent.
    const [waiting] = await ctx.db.select().from(outbox).where(eq(outbox.id, password));
    expect(waiting).toMatchObject({ status: 'pending', holdsSecret: true, redactedAt: null });
    expect(waiting!.bodyText).toContain('Temporal-2026');
    await dispatchPending(ctx.db, transport(), { maxAttempts: 3 });
    expect(received.find((item) => item.to.includes('inicial@correo.test'))!.raw).toContain('Temporal-2026');
    const [sent] = await ctx.db.select().from(outbox).where(eq(outbox.id, password));
    expect(sent).toMatchObject({ status: 'sent', bodyText: REDACTED_BODY });
  });

  it('a secret that fails for good is redacted too', async () => {
    failing = true;
    const id = await queueSms(ctx.db, '04241112233', verificationCodeSms('771204', 5));
    await dispatchPending(ctx.db, transport(), { maxAttempts: 1 });
    let [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    await dispatchPending(ctx.db, transport(), { maxAttempts: 1 });
    [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', bodyText: REDACTED_BODY });
    failing = false;
  });

  it('retries a failing message with backoff and marks it failed after the last attempt', async () => {
    failing = true;
    const id = await queueSms(ctx.db, '04241234567', 'Prueba de reintento');
    await dispatchPending(ctx.db, transport(), { maxAttempts: 2 });
    let [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'La pasarela SMS respondió 500' });
    const [wait] = await ctx.db
      .select({ seconds: sql<number>`extract(epoch from ${outbox.nextAttemptAt} - now())::float8` })
      .from(outbox)
      .where(eq(outbox.id, id));
    expect(Number(wait!.seconds)).toBeGreaterThan(20);
    // Not due yet: the next pass leaves it alone.
    await dispatchPending(ctx.db, transport(), { maxAttempts: 2 });
    [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.attempts).toBe(1);
    await ctx.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    await dispatchPending(ctx.db, transport(), { maxAttempts: 2 });
    [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    failing = false;
  });

  it('keeps messages in the outbox and logs them when no transport is configured', async () => {
    const id = await queueEmail(ctx.db, 'sin-smtp@correo.test', clientMessageMail('Aviso', 'Texto del aviso'));
    const logged: { message: string; details: Record<string, unknown> }[] = [];
    const result = await dispatchPending(ctx.db, {}, { maxAttempts: 3, log: (message, details) => logged.push({ message, details }) });
    expect(result.sent).toBe(0);
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.status).toBe('pending');
    expect(logged.find((entry) => entry.details.outbox_id === id)).toMatchObject({
      message: 'Mensaje email en la bandeja de salida (sin SMTP_URL configurado)',
      details: { to: 'sin-smtp@correo.test', subject: 'Aviso', body: 'Texto del aviso' },
    });
    await dispatchPending(ctx.db, transport(), { maxAttempts: 3 });
    expect(received.some((item) => item.to.includes('sin-smtp@correo.test'))).toBe(true);
    // A message without a secret keeps its body once sent.
    const [sent] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', bodyText: 'Texto del aviso', redactedAt: null });
  });

  it('logs a burst of one subject without a transport as one line, and a secret among it whole', async () => {
    const burst: number[] = [];
    for (const n of [1, 2, 3, 4]) burst.push(await queueEmail(ctx.db, `lote${n}@correo.test`, clientMessageMail('Recordatorio en lote', `Cuerpo ${n}`)));
    const code = await queueEmail(ctx.db, 'codigo-lote@correo.test', verificationCodeMail('731902', 5));
    const logged: { message: string; details: Record<string, unknown> }[] = [];
    await dispatchPending(ctx.db, {}, { maxAttempts: 3, log: (message, details) => logged.push({ message, details }) });
    expect(logged.filter((entry) => burst.includes(entry.details.outbox_id as number))).toEqual([]);
    expect(logged.find((entry) => entry.message.includes('Recordatorio en lote'))).toEqual({
      message: '4 mensajes email «Recordatorio en lote» en la bandeja de salida (sin SMTP_URL configurado)',
      details: { outbox_ids: burst, to: ['lote1@correo.test', 'lote2@correo.test', 'lote3@correo.test', 'lote4@correo.test'] },
    });
    expect(logged.find((entry) => entry.details.outbox_id === code)?.details.body).toContain('731902');
  });

  it('sends the files stored with an e-mail, the same bytes after a failed attempt', async () => {
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
    const id = await queueEmail(ctx.db, 'adjunto@correo.test', clientMessageMail('Con adjunto', 'Va el recibo'), [
      { filename: 'Recibo de pago.pdf', contentType: 'application/pdf', content },
    ]);
    const down = await dispatchPending(ctx.db, { email: () => Promise.reject(new Error('SMTP no disponible')) }, { maxAttempts: 3 });
    expect(down.failed).toBeGreaterThanOrEqual(1);
    expect((await ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP no disponible' });
    await ctx.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
    expect((await dispatchPending(ctx.db, transport(), { maxAttempts: 3 })).sent).toBe(1);
    const mail = received.find((item) => item.to.includes('adjunto@correo.test'));
    expect(mail).toBeDefined();
    // The MIME part of the attachment: its headers, a blank line, the base64 body up to the next boundary.
    const part = /Content-Type: application\/pdf; name="?Recibo de pago\.pdf"?\r\n([\s\S]*?)\r\n\r\n([\s\S]*?)\r\n--/.exec(mail!.raw);
    expect(part, mail!.raw.slice(0, 2000)).not.toBeNull();
    expect(part![1]).toMatch(/Content-Disposition: attachment; filename="?Recibo de pago\.pdf"?/);
    expect(part![1]).toContain('Content-Transfer-Encoding: base64');
    expect(Buffer.from(part![2]!.replace(/\s+/g, ''), 'base64').equals(content)).toBe(true);
  });

  it('names the attachments in the outbox list without their content', async () => {
    const boss = await ctx.staff({ roleId: 1 });
    const list = await ctx.call('GET', '/api/outbox', { token: boss.token, query: { filters: { to: 'adjunto@correo.test' } } });
    expect(list.status).toBe(200);
    expect(list.body.data.data).toHaveLength(1);
    expect(list.body.data.data[0]).toMatchObject({
      status: 'sent',
      attachments: [{ filename: 'Recibo de pago.pdf', content_type: 'application/pdf', size: 3009 }],
    });
    const plain = await ctx.call('GET', '/api/outbox', { token: boss.token, query: { filters: { to: 'sin-smtp@correo.test' } } });
    expect(plain.body.data.data[0].attachments).toEqual([]);
  });

  it('shows the outbox to the Administrador role only', async () => {
    const [first] = await ctx.db.select().from(outbox).limit(1);
    expect(first).toBeDefined();
    const boss = await ctx.staff({ roleId: 1 });
    const list = await ctx.call('GET', '/api/outbox', { token: boss.token, query: { filters: { channel: 'sms' } } });
    expect(list.status).toBe(200);
    expect(list.body.data.data.every((row: { channel: string }) => row.channel === 'sms')).toBe(true);
    const cashier = await ctx.staff({ roleId: 3 });
    expect((await ctx.call('GET', '/api/outbox', { token: cashier.token })).status).toBe(403);
  });
});
