import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { afterResponseSettled } from '../../platform/after-response';
import { clients } from '../clients/tables';
import type * as messageService from '../messages/service';
import { outbox } from '../messages/tables';

/**
 * The public registration and reset calls answer alike whatever exists behind them (issue 31).
 * Queuing a message can be held shut, to show the answer never waits on the work that depends
 * on whether an e-mail or a client is known.
 */
const mailGate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  return {
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
    passed: () => gate,
  };
});

vi.mock('../messages/service', async (importOriginal) => {
  const original = await importOriginal<typeof messageService>();
  return {
    ...original,
    queueEmail: async (...args: Parameters<typeof original.queueEmail>) => {
      await mailGate.passed();
      return original.queueEmail(...args);
    },
  };
});

let ctx: TestContext;
let seq = 0;
const nextIdentification = () => String(60_000_000 + seq++);
let ip = '';
const newIp = () => (ip = `10.40.${Math.floor(seq / 200)}.${(seq++ % 200) + 1}`);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (method: 'POST', url: string, body: unknown) => ctx.call(method, url, { body, ip });

/** The answer's keys and value types, without the values. */
const shapeOf = (value: unknown): unknown =>
  value === null || typeof value !== 'object' ? (value === null ? null : typeof value) : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));

/** Fails instead of hanging when the answer waits on the held work. */
const answeredWhileHeld = <T>(request: Promise<T>) =>
  Promise.race([request, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the answer waited on the held work')), 5000))]);

async function latestMailTo(to: string) {
  await afterResponseSettled();
  const [row] = await ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

describe('auth/verify-identification', () => {
  it('answers the same to an unknown identification, a client without user and a client with a user: no personal data', async () => {
    newIp();
    const holder = await ctx.clientUser();
    const [withUser] = await ctx.db.select().from(clients).where(eq(clients.id, holder.clientId!));
    const [withoutUser] = await ctx.db
      .insert(clients)
      .values({ type: 0, name: 'Ana Privada', identificationType: 'V', identification: nextIdentification(), email: 'ana@correo.test', phone: ['4141234567'], address: 'Calle 9' })
      .returning();
    const answers = await Promise.all(
      [nextIdentification(), withoutUser!.identification, withUser!.identification].map((identification) =>
        call('POST', '/api/auth/verify-identification', { type: 0, identification_type: 'V', identification }),
      ),
    );
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { success: true, message: 'Identificación verificada', data: null } });
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
  });
});

describe('auth/code-verification', () => {
  it('answers a registered and an unregistered e-mail alike, before the mail that tells them apart is queued', async () => {
    newIp();
    const holder = await ctx.clientUser();
    const fresh = `libre${seq}@correo.test`;
    mailGate.hold();
    const known = await answeredWhileHeld(call('POST', '/api/auth/code-verification', { identification_type: 'V', identification: nextIdentification(), email: holder.email }));
    mailGate.release();
    newIp();
    const unknown = await call('POST', '/api/auth/code-verification', { identification_type: 'V', identification: nextIdentification(), email: fresh });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(shapeOf(known.body)).toEqual(shapeOf(unknown.body));
    expect({ ...known.body, data: null }).toEqual({ ...unknown.body, data: null });
    expect((await latestMailTo(holder.email))!.subject).toBe('Intento de registro en Recaudo');
    expect((await latestMailTo(fresh))!.subject).toBe('Código de verificación de Recaudo');
  });

  it("answers an existing client's and an unknown identification with the same keys", async () => {
    newIp();
    const [client] = await ctx.db
      .insert(clients)
      .values({ type: 0, name: 'Eva Cliente', identificationType: 'V', identification: nextIdentification(), email: 'eva@correo.test', phone: ['4141234567'] })
      .returning();
    mailGate.hold();
    const existing = await answeredWhileHeld(call('POST', '/api/auth/code-verification', { identification_type: 'V', identification: client!.identification, email: `x${seq}@correo.test` }));
    mailGate.release();
    const unknown = await call('POST', '/api/auth/code-verification', { identification_type: 'V', identification: nextIdentification(), email: `y${seq}@correo.test` });
    expect(shapeOf(existing.body)).toEqual(shapeOf(unknown.body));
    expect(existing.body.data.sent_to).toEqual({ email: 'e•••@correo.test', phone: null });
  });
});

describe('auth/send-token', () => {
  it('answers a known and an unknown e-mail alike, before the reset link is made and queued', async () => {
    newIp();
    const user = await ctx.staff();
    mailGate.hold();
    const known = await answeredWhileHeld(call('POST', '/api/auth/send-token', { email: user.email }));
    mailGate.release();
    const unknown = await call('POST', '/api/auth/send-token', { email: `nadie${seq}@correo.test` });
    expect(known).toMatchObject({ status: 200, body: { success: true, message: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.', data: null } });
    expect(unknown.body).toEqual(known.body);
    expect((await latestMailTo(user.email))!.subject).toBe('Restablecer tu contraseña de Recaudo');
    expect(await latestMailTo(`nadie${seq}@correo.test`)).toBeUndefined();
  });
});
