import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reminderMessages } from '@recaudo/domain/reminders';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { loadConfig } from '../../config';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { M, seedAddress, seedPlace, type Place } from '../../../test/solvency-fixture';
import { clients } from '../clients/tables';
import { setRates } from '../../../test/rates';
import { auditLogs } from '../logs/tables';
import { dispatchPending } from '../messages/service';
import { outbox } from '../messages/tables';
import { createTransport } from '../messages/transport';
import { startReminderSchedule } from './schedule';
import { currentPeriod, reminderEntries, reminderPreviewPage, runReminders } from './service';
import { reminders } from './tables';

/**
 * The monthly reminders (issue 33): who gets one, what it says, and that each client gets one per
 * period across a run cut midway, two concurrent runs and a run started again.
 */

/** A real SMTP catcher and SMS gateway, collecting what the dispatcher delivers. */
const mails: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
      callback();
    });
  },
});
const texts: { to: string; message: string }[] = [];
const gateway = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    texts.push(JSON.parse(body) as { to: string; message: string });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});

let ctx: TestContext;
let admin: TestUser;
let staff: TestUser;
let ana: TestUser;
let beto: TestUser;
let carla: TestUser;
let place: Place;
const addresses: Record<string, number> = {};
const APP_URL = 'https://recaudo.test';
const options = () => ({ minMonths: 1, appUrl: APP_URL, sms: true });

const preview = (token = admin.token) => ctx.call('GET', '/api/reminders/preview', { token });
const run = (token = admin.token) => ctx.call('POST', '/api/reminders/run', { token });
const outboxTo = (to: string) => ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  ctx = await createTestContext({
    APP_URL,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    MAIL_FROM: 'Recaudo <avisos@recaudo.test>',
    SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
    REMINDER_MIN_MONTHS: '1',
  });
  admin = await ctx.staff({ roleId: ADMIN_ROLE_ID });
  staff = await ctx.staff({ permissions: ['clients'] });
  place = await seedPlace(ctx);
  ana = await ctx.clientUser({ name: 'Ana Deudora', identificationType: 'V', identification: '30111222', email: 'ana@correo.test', phone: ['4141234567'] });
  beto = await ctx.clientUser({ name: 'Beto Debe Uno', identificationType: 'V', identification: '30222333', email: 'beto@correo.test' });
  carla = await ctx.clientUser({ name: 'Carla No Quiere', identificationType: 'V', identification: '30333444', email: 'carla@correo.test' });
  const dario = await ctx.clientUser({ name: 'Darío Al Día', identificationType: 'V', identification: '30444555', email: 'dario@correo.test' });
  const eva = await ctx.clientUser({ name: 'Eva Sin Contacto', identificationType: 'V', identification: '30555666' });
  addresses.anaThree = await seedAddress(ctx, place, ana.clientId!, M(-2));
  addresses.anaOne = await seedAddress(ctx, place, ana.clientId!, M(0));
  addresses.beto = await seedAddress(ctx, place, beto.clientId!, M(0));
  addresses.carla = await seedAddress(ctx, place, carla.clientId!, M(-4));
  addresses.dario = await seedAddress(ctx, place, dario.clientId!, M(1));
  addresses.eva = await seedAddress(ctx, place, eva.clientId!, M(-1));
  await setRates(ctx.db, { usd: '40.00' });
});

afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe('settings', () => {
  it('default to the 5th at 09:00 Caracas and one month, `off` stops the schedule, and a minimum below one is refused', () => {
    expect(loadConfig({})).toMatchObject({ REMINDER_CRON: '0 9 5 * *', REMINDER_MIN_MONTHS: 1 });
    expect(loadConfig({ REMINDER_CRON: '' }).REMINDER_CRON).toBe('0 9 5 * *');
    expect(loadConfig({ REMINDER_CRON: 'off' }).REMINDER_CRON).toBeNull();
    expect(loadConfig({ REMINDER_MIN_MONTHS: '3' }).REMINDER_MIN_MONTHS).toBe(3);
    expect(() => loadConfig({ REMINDER_MIN_MONTHS: '0' })).toThrow(/REMINDER_MIN_MONTHS/);
  });
});

describe('permissions', () => {
  it('refuses the preview and the run to staff who are not Administrador, to clients and without a login', async () => {
    for (const token of [staff.token, ana.token]) {
      expect((await preview(token)).status).toBe(403);
      expect((await run(token)).status).toBe(403);
    }
    expect((await ctx.call('GET', '/api/reminders/preview')).status).toBe(401);
    expect(await ctx.db.select().from(reminders)).toEqual([]);
  });

  it('lets only a client user opt out, validating the body', async () => {
    expect((await ctx.call('POST', '/api/reminders/opt-out', { token: admin.token, body: { opt_out: true } })).status).toBe(403);
    const bad = await ctx.call('POST', '/api/reminders/opt-out', { token: carla.token, body: { opt_out: 'sí' } });
    expect(bad.status).toBe(422);
    expect(bad.body.success).toBe(false);
  });
});

describe('a run', () => {
  it('opting out from the portal is stored, audited, and shown to staff in the client detail', async () => {
    const answer = await ctx.call('POST', '/api/reminders/opt-out', { token: carla.token, body: { opt_out: true } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(reminderMessages.optedOut);
    const [row] = await ctx.db.select({ optOut: clients.remindersOptOut }).from(clients).where(eq(clients.id, carla.clientId!));
    expect(row!.optOut).toBe(true);
    const audit = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.subjectType, 'clients'), eq(auditLogs.subjectId, carla.clientId!), eq(auditLogs.description, 'updated')));
    expect(audit.map((entry) => entry.properties)).toEqual([{ old: { reminders_opt_out: false }, attributes: { reminders_opt_out: true } }]);
    const detail = await ctx.call('GET', `/api/clients/${carla.clientId}`, { token: staff.token });
    expect(detail.body.data.reminders_opt_out).toBe(true);
  });

  it('previews each owing client with contact, what each address owes and the total; not the opted out, the paid up nor those without contact', async () => {
    const answer = await preview();
    expect(answer.status).toBe(200);
    const { data } = answer.body;
    expect(data.period).toBe(await currentPeriod(ctx.db));
    expect(data.min_months).toBe(1);
    expect(data.reminders).toEqual([
      {
        client: { id: ana.clientId, name: 'Ana Deudora', identification_type: 'V', identification: '30111222' },
        email: 'ana@correo.test',
        sms: '04141234567',
        months_owed: 4,
        owed_usd: '20.00',
        owed_bs: '800.00',
        surcharge_usd: '0.00',
        surcharge_bs: '0.00',
        addresses: [
          { address_payment_id: addresses.anaThree, address: expect.any(String), months_owed: 3, owed_usd: '15.00', owed_bs: '600.00', surcharge_usd: '0.00', surcharge_bs: '0.00', installment: null },
          { address_payment_id: addresses.anaOne, address: expect.any(String), months_owed: 1, owed_usd: '5.00', owed_bs: '200.00', surcharge_usd: '0.00', surcharge_bs: '0.00', installment: null },
        ],
      },
      {
        client: { id: beto.clientId, name: 'Beto Debe Uno', identification_type: 'V', identification: '30222333' },
        email: 'beto@correo.test',
        sms: null,
        months_owed: 1,
        owed_usd: '5.00',
        owed_bs: '200.00',
        surcharge_usd: '0.00',
        surcharge_bs: '0.00',
        addresses: [{ address_payment_id: addresses.beto, address: expect.any(String), months_owed: 1, owed_usd: '5.00', owed_bs: '200.00', surcharge_usd: '0.00', surcharge_bs: '0.00', installment: null }],
      },
    ]);
  });

  it('counts and totals every client of the run, and pages them by client id', async () => {
    const first = (await preview()).body.data;
    expect({ total: first.total, owed_usd: first.owed_usd, owed_bs: first.owed_bs, page: first.page, per_page: first.per_page }).toEqual({ total: 2, owed_usd: '25.00', owed_bs: '1000.00', page: 1, per_page: 10 });
    const second = await ctx.call('GET', '/api/reminders/preview', { token: admin.token, query: { page: 2, per_page: 1 } });
    expect(second.status).toBe(200);
    expect(second.body.data.total).toBe(2);
    expect(second.body.data.reminders.map((entry: { client: { id: number } }) => entry.client.id)).toEqual([beto.clientId]);
    expect((await ctx.call('GET', '/api/reminders/preview', { token: admin.token, query: { page: 3, per_page: 1 } })).body.data.reminders).toEqual([]);
    expect((await ctx.call('GET', '/api/reminders/preview', { token: admin.token, query: { per_page: 500 } })).status).toBe(422);
  });

  it('leaves out clients owing fewer than the minimum months, in the run and in the preview\'s count alike', async () => {
    const period = await currentPeriod(ctx.db);
    const entries = await reminderEntries(ctx.db, period, { ...options(), minMonths: 2 });
    expect(entries.map((entry) => entry.client.id)).toEqual([ana.clientId]);
    const page = await reminderPreviewPage(ctx.db, period, { ...options(), minMonths: 2 }, { page: 1, perPage: 10 });
    expect({ total: page.total, owed_usd: page.owed_usd, clients: page.reminders.map((entry) => entry.client.id) }).toEqual({ total: 1, owed_usd: '20.00', clients: [ana.clientId] });
  });

  it('cut midway, then run twice at once and once more: one reminder per client and period, exactly what the preview showed', async () => {
    const shown = (await preview()).body.data.reminders as { client: { id: number }; email: string; sms: string | null; owed_usd: string }[];
    // The run stops after its first batch (one client), as a shutdown between batches would.
    let checks = 0;
    const cut = { get aborted() { return checks++ >= 1; } } as AbortSignal;
    expect(await runReminders(ctx.db, { ...options(), batch: 1, signal: cut })).toMatchObject({ sent: 1 });
    expect((await preview()).body.data.reminders.map((entry: { client: { id: number } }) => entry.client.id)).toEqual([beto.clientId]);

    const [first, second] = await Promise.all([run(), run()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.data.sent + second.body.data.sent).toBe(1);
    expect([first.body.message, second.body.message].sort()).toEqual([reminderMessages.ran(0), reminderMessages.ran(1)].sort());
    expect((await run()).body.data.sent).toBe(0);

    const rows = await ctx.db.select().from(reminders).orderBy(reminders.clientId);
    expect(rows.map((row) => [row.clientId, row.period, row.email, row.sms, row.owedUsd])).toEqual(
      shown.map((entry) => [entry.client.id, first.body.data.period, entry.email, entry.sms, entry.owed_usd]),
    );
    const anaMail = await outboxTo('ana@correo.test');
    expect(anaMail).toHaveLength(1);
    expect(anaMail[0]!.subject).toBe('Recordatorio de pago - Recaudo');
    expect(anaMail[0]!.bodyText).toContain('Te recordamos que tienes 4 meses por pagar:');
    expect(anaMail[0]!.bodyText).toContain(': 3 meses, $ 15,00 (BS 600,00)');
    expect(anaMail[0]!.bodyText).toContain('Total: $ 20,00 (BS 800,00).');
    expect(anaMail[0]!.bodyText).toContain(`${APP_URL}/dashboard`);
    const anaSms = await outboxTo('04141234567');
    expect(anaSms.map((row) => [row.channel, row.bodyText])).toEqual([['sms', `Recaudo: tienes 4 meses por pagar, $ 20,00 (BS 800,00). Paga en ${APP_URL}/dashboard`]]);
    expect(await outboxTo('beto@correo.test')).toHaveLength(1);
    expect(await outboxTo('carla@correo.test')).toEqual([]);
    expect(await outboxTo('dario@correo.test')).toEqual([]);
  });

  it('reaches the real SMTP catcher and SMS gateway once each, however often the dispatcher passes', async () => {
    const transport = createTransport(ctx.config);
    await dispatchPending(ctx.db, transport, { maxAttempts: 3 });
    await dispatchPending(ctx.db, transport, { maxAttempts: 3 });
    expect(mails.map((mail) => mail.to).sort()).toEqual([['ana@correo.test'], ['beto@correo.test']]);
    expect(mails.every((mail) => mail.raw.includes('Subject: Recordatorio de pago - Recaudo'))).toBe(true);
    expect(texts).toEqual([{ to: '04141234567', message: `Recaudo: tienes 4 meses por pagar, $ 20,00 (BS 800,00). Paga en ${APP_URL}/dashboard` }]);
  });

  it('records each reminder in the audit log as a message to its client, and each manual run', async () => {
    const messages = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.description, 'send_message'), eq(auditLogs.subjectType, 'clients'), inArray(auditLogs.subjectId, [ana.clientId!, beto.clientId!])))
      .orderBy(auditLogs.id);
    const period = await currentPeriod(ctx.db);
    // One entry per reminder, its channels together, what it said in a line (the bodies are in the outbox).
    expect(messages.map((entry) => [entry.subjectId, (entry.properties as { attributes: Record<string, unknown> }).attributes])).toEqual([
      [ana.clientId, { type: 'email, sms', title: 'Recordatorio de pago - Recaudo', message: '4 meses por pagar, $ 20,00 (BS 800,00)', reminder: period, recipients: ['ana@correo.test', '04141234567'] }],
      [beto.clientId, expect.objectContaining({ type: 'email', reminder: period, recipients: ['beto@correo.test'] })],
    ]);
    expect(messages[0]!.causerId).toBeNull();
    expect(messages[1]!.causerId).toBe(admin.id);
    const runs = await ctx.db.select().from(auditLogs).where(eq(auditLogs.logName, 'reminders'));
    expect(runs).toHaveLength(3);
    expect(runs.every((entry) => entry.causerId === admin.id)).toBe(true);
  });

  it('opting back in is stored and the preview then lists nothing already reminded this period', async () => {
    const answer = await ctx.call('POST', '/api/reminders/opt-out', { token: carla.token, body: { opt_out: false } });
    expect(answer.body.message).toBe(reminderMessages.optedIn);
    const listed = (await preview()).body.data.reminders.map((entry: { client: { id: number } }) => entry.client.id);
    expect(listed).toEqual([carla.clientId]);
  });

  it('a process starting after this month\'s scheduled time runs the period once, for those not reminded yet', async () => {
    // The 1st at 00:00 Caracas has always passed this month: the schedule catches up on start.
    const logged: string[] = [];
    const schedule = startReminderSchedule(ctx.db, { ...options(), cron: '0 0 1 * *', log: (message) => logged.push(message), onError: (error) => logged.push(String(error)) });
    await vi.waitFor(async () => expect(await outboxTo('carla@correo.test')).toHaveLength(1));
    await schedule.stop();
    expect(logged).toEqual([`Recordatorios de pago de ${await currentPeriod(ctx.db)}: 1 enviados a la cola`]);
    expect(schedule.next()).toBeNull();
    expect(await ctx.db.select().from(reminders)).toHaveLength(3);
  });
});
