import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { M, markMonths, NOW, seedAddress, seedPlace } from '../../../test/solvency-fixture';
import { auditLogs } from '../logs/tables';
import { messageSends, outbox } from './tables';

/** Issue 31: messages need edit_client, carry at most 20 recipients, and count against an hourly limit per user. */
const PER_HOUR = 5;

let ctx: TestContext;
let sender: TestUser;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext({ MESSAGES_MAX_PER_HOUR: String(PER_HOUR) });
  sender = await ctx.staff({ permissions: ['clients', 'edit_client', 'solvencies', 'add_solvency'] });
});
afterAll(() => ctx.close());

const addresses = (count: number) => Array.from({ length: count }, () => `destino${seq++}@fuera.test`);
const send = (token: string, items: unknown[], message = 'Cuerpo del mensaje') =>
  ctx.call('POST', '/api/clients/send-message', { token, body: { type: 'email', title: 'Asunto', message, items } });
const queuedTo = async (recipients: string[]) => (await ctx.db.select({ to: outbox.to }).from(outbox)).filter((row) => recipients.includes(row.to)).length;

describe('POST /api/clients/send-message: who may send', () => {
  it('refuses a reader of clients (403) and queues nothing', async () => {
    const analyst = await ctx.staff({ permissions: ['clients', 'export_clients', 'payments'] });
    const recipients = addresses(3);
    const answer = await send(analyst.token, recipients);
    expect(answer).toMatchObject({ status: 403, body: { success: false, message: 'No tienes permiso para realizar esta acción.' } });
    expect(await queuedTo(recipients)).toBe(0);
  });

  it('refuses more than 20 recipients in one call with the Spanish message', async () => {
    const editor = await ctx.staff({ permissions: ['edit_client'] });
    const recipients = addresses(21);
    const answer = await send(editor.token, recipients);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.items).toEqual(['No se pueden enviar más de 20 mensajes a la vez.']);
    expect(await queuedTo(recipients)).toBe(0);
  });

  it('keeps sender, recipients, subject and body in the audit log', async () => {
    const editor = await ctx.staff({ permissions: ['edit_client'] });
    const recipients = addresses(2);
    expect((await send(editor.token, recipients, 'Texto auditado')).status).toBe(200);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.description, 'send_message'), eq(auditLogs.causerId, editor.id)));
    expect(entry?.properties).toMatchObject({ attributes: { type: 'email', title: 'Asunto', message: 'Texto auditado', recipients } });
  });
});

describe('the hourly limit of recipients per user', () => {
  it('answers 429 with the wait once the hour holds the limit, counts nothing refused, and spares other users', async () => {
    const user = await ctx.staff({ permissions: ['edit_client'] });
    const first = addresses(3);
    expect((await send(user.token, first)).body.data).toEqual({ sent: 3, dropped: 0 });
    const second = addresses(3);
    const refused = await send(user.token, second);
    expect(refused).toMatchObject({
      status: 429,
      body: { success: false, message: `Alcanzaste el límite de ${PER_HOUR} destinatarios por hora. Intenta de nuevo en 60 minutos.` },
    });
    expect(await queuedTo(second)).toBe(0);
    // What still fits in the hour goes out.
    expect((await send(user.token, addresses(2))).status).toBe(200);
    expect((await send(user.token, addresses(1))).status).toBe(429);
    const other = await ctx.staff({ permissions: ['edit_client'] });
    expect((await send(other.token, addresses(5))).status).toBe(200);
  });

  it('frees the recipients sent more than an hour ago, by the database clock', async () => {
    const user = await ctx.staff({ permissions: ['edit_client'] });
    expect((await send(user.token, addresses(5))).status).toBe(200);
    expect((await send(user.token, addresses(1))).status).toBe(429);
    await ctx.db
      .update(messageSends)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(messageSends.userId, user.id));
    expect((await send(user.token, addresses(5))).status).toBe(200);
    const rows = await ctx.db.select().from(messageSends).where(eq(messageSends.userId, user.id));
    expect(rows.map((row) => row.recipients)).toEqual([5]);
  });

  it('holds under concurrent calls of one user: exactly the limit goes out', async () => {
    const user = await ctx.staff({ permissions: ['edit_client'] });
    const batches = Array.from({ length: 10 }, () => addresses(1));
    const answers = await Promise.all(batches.map((recipients) => send(user.token, recipients)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(PER_HOUR);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10 - PER_HOUR);
    expect(await queuedTo(batches.flat())).toBe(PER_HOUR);
  });

  it('counts the solvency e-mail against the same limit', async () => {
    const place = await seedPlace(ctx);
    const client = await ctx.clientUser({ email: 'solvente@correo.test' });
    const address = await seedAddress(ctx, place, client.clientId!, M(-1));
    await markMonths(ctx, address, [M(-1), NOW]);
    const issued = await ctx.call('POST', '/api/solvencies/store', { token: sender.token, body: { client_id: client.clientId, addresses_payment_id: address } });
    expect(issued.status).toBe(200);
    expect((await send(sender.token, addresses(PER_HOUR))).status).toBe(200);
    const mail = await ctx.call('POST', '/api/solvencies/send-mail-solvency-pdf', { token: sender.token, body: { hash: issued.body.data.hash } });
    expect(mail.status).toBe(429);
    expect(mail.body.message).toMatch(/^Alcanzaste el límite de 5 destinatarios por hora\./);
    expect(await queuedTo(['solvente@correo.test'])).toBe(0);
  });
});
