import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROLE_ID } from '@recaudo/domain/roles';
import { createTestContext, type TestContext } from '../../../test/harness';
import { afterResponseSettled } from '../../platform/after-response';
import { clients } from '../clients/tables';
import { auditLogs } from '../logs/tables';
import { outbox } from '../messages/tables';
import { users } from '../users/tables';

/** The registration of an identification that already belongs to a client (issue 31). */
let ctx: TestContext;
let seq = 0;
const nextIdentification = () => String(40_000_000 + seq++);
let ip = '';
const newIp = () => (ip = `10.30.${Math.floor(seq / 200)}.${(seq++ % 200) + 1}`);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, options: { body?: unknown; query?: Record<string, unknown> } = {}) => ctx.call(method, url, { ...options, ip });

async function messagesTo(to: string) {
  await afterResponseSettled();
  return ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

async function existingClient(values: Partial<typeof clients.$inferInsert> = {}) {
  const identification = nextIdentification();
  const [client] = await ctx.db
    .insert(clients)
    .values({ type: 0, name: 'María Pérez', identificationType: 'V', identification, email: `maria${identification}@correo.test`, phone: ['4141234567'], address: 'Calle 1', gender: 'F', birthDate: '1990-02-01', ...values })
    .returning();
  return client!;
}

const codeRequest = (identification: string, email: string) =>
  call('POST', '/api/auth/code-verification', { body: { identification_type: 'V', identification, email, phone: '+58 (424)-7654321' } });

const registration = (identification: string, email: string, token: string) => ({
  type: 0,
  identification_type: 'V',
  identification,
  name: 'Otra Persona',
  email,
  password: 'Mi-clave-2026',
  phone: '+58 (424)-7654321',
  gender: 'M',
  birth_date: '1985-05-05',
  address: 'Otra dirección',
  token,
});

const attemptsOn = (clientId: number) =>
  ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.description, 'registration_attempt'), eq(auditLogs.subjectId, clientId)))
    .orderBy(auditLogs.id);

describe("an existing client's identification", () => {
  it('sends the code only to the e-mail on file, shown masked: a stranger with their own e-mail gets nowhere and the client stays as it was', async () => {
    newIp();
    const client = await existingClient();
    const stranger = `extrano${client.identification}@correo.test`;
    const answer = await codeRequest(client.identification, stranger);
    expect(answer.body).toEqual({
      success: true,
      message: 'Te enviamos un código de verificación.',
      data: { token: expect.any(String), expires_in: 300, sent_to: { email: 'm•••@correo.test', phone: null } },
    });
    expect(await messagesTo(stranger)).toEqual([]);
    const [mail] = await messagesTo(client.email!);
    expect(mail!.bodyText).toMatch(/Tu código de verificación de Recaudo es: \d{6}/);

    // Without the code the token registers nothing, and guessing ends after five tries.
    const unverified = await call('POST', '/api/auth/register', { body: registration(client.identification, stranger, answer.body.data.token) });
    expect(unverified).toMatchObject({ status: 422, body: { errors: { token: ['Debes verificar el código enviado a tu correo antes de registrarte.'] } } });
    const right = /es: (\d{6})/.exec(mail!.bodyText)![1]!;
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification: client.identification, token: answer.body.data.token, code: wrong } });
    }
    const locked = await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification: client.identification, token: answer.body.data.token, code: right } });
    expect(locked.status).toBe(429);

    const [after] = await ctx.db.select().from(clients).where(eq(clients.id, client.id));
    expect(after).toMatchObject({ email: client.email, phone: ['4141234567'], name: 'María Pérez', address: 'Calle 1' });
    expect(await ctx.db.select().from(users).where(eq(users.clientId, client.id))).toEqual([]);
    expect((await attemptsOn(client.id)).map((row) => row.properties)).toEqual([
      { attributes: { email: stranger, phone: '4247654321', ip, outcome: `código enviado a ${client.email}` } },
    ]);
  });

  it("lets the holder of the e-mail on file register, shows the client's data only once the code is verified, and changes nothing of the client", async () => {
    newIp();
    const client = await existingClient();
    const login = `nuevo${client.identification}@correo.test`;
    const answer = await codeRequest(client.identification, login);
    const code = /es: (\d{6})/.exec((await messagesTo(client.email!))[0]!.bodyText)![1]!;
    const verified = await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification: client.identification, token: answer.body.data.token, code } });
    expect(verified.body).toEqual({
      success: true,
      message: 'Código verificado',
      data: { client: { type: 0, name: 'María Pérez', email: client.email, phone: '4141234567', address: 'Calle 1', birth_date: '1990-02-01', gender: 'F' } },
    });
    const registered = await call('POST', '/api/auth/register', { body: registration(client.identification, login, answer.body.data.token) });
    expect(registered).toMatchObject({ status: 200, body: { data: { client_id: client.id } } });
    const [user] = await ctx.db.select().from(users).where(eq(users.id, registered.body.data.user_id));
    // The user carries the client's name (client users can't rename themselves) and their own login.
    expect(user).toMatchObject({ roleId: CLIENT_ROLE_ID, clientId: client.id, name: 'María Pérez', email: login, phone: ['4247654321'] });
    const [after] = await ctx.db.select().from(clients).where(eq(clients.id, client.id));
    expect(after).toMatchObject({ email: client.email, phone: ['4141234567'], name: 'María Pérez', address: 'Calle 1', gender: 'F', birthDate: '1990-02-01' });
    expect((await call('POST', '/api/auth/login', { body: { email: login, password: 'Mi-clave-2026' } })).body.data.user.client_id).toBe(client.id);
  });

  it('answers a client that already has a user the same way, and mails its contact a notice instead of a code', async () => {
    newIp();
    const holder = await ctx.clientUser({ email: `titular${seq}@correo.test`, phone: ['4161112233'] });
    const [client] = await ctx.db.select().from(clients).where(eq(clients.id, holder.clientId!));
    const answer = await codeRequest(client!.identification, `intruso${seq}@correo.test`);
    expect(answer).toMatchObject({ status: 200, body: { data: { expires_in: 300, sent_to: { email: 't•••@correo.test', phone: null } } } });
    const [notice] = await messagesTo(client!.email!);
    expect(notice).toMatchObject({ subject: 'Intento de registro en Recaudo' });
    expect(notice!.bodyText).toContain('Alguien intentó registrarse en Recaudo con tu identificación, pero ya tiene un usuario');
    expect(notice!.bodyText).not.toMatch(/\d{6}/);
    expect((await attemptsOn(client!.id)).at(-1)!.properties).toMatchObject({ attributes: { outcome: 'ya tiene usuario' } });
  });

  it('refuses a client without a contact on file (no e-mail, and no SMS configured for its phone) with the office message', async () => {
    newIp();
    const office = 'No tenemos un correo ni un teléfono registrados para esta identificación, así que no podemos enviarte el código. Comunícate con la oficina para completar tu registro.';
    for (const values of [{ email: null, phone: [] }, { email: null, phone: ['4141234567'] }]) {
      const client = await existingClient(values);
      const answer = await codeRequest(client.identification, `alguien${client.identification}@correo.test`);
      expect(answer).toMatchObject({ status: 422, body: { success: false, message: office, errors: { identification: [office] } } });
      expect(await messagesTo(`alguien${client.identification}@correo.test`)).toEqual([]);
      expect((await attemptsOn(client.id)).map((row) => row.properties)).toMatchObject([{ attributes: { outcome: 'sin contacto registrado' } }]);
      // Staff still give such a client its user.
      const staff = await ctx.staff({ permissions: ['users', 'add_user'] });
      const created = await ctx.call('POST', '/api/users/store', {
        token: staff.token,
        body: { client_id: client.id, name: 'María Pérez', email: `oficina${client.identification}@correo.test`, password: 'Clave-oficina-1' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect((await ctx.db.select().from(users).where(eq(users.id, created.body.data.id)))[0]).toMatchObject({ clientId: client.id });
    }
  });
});

describe('the resend wait', () => {
  it('holds one live code per requester for an identification and for a destination, without keeping anyone else out', async () => {
    newIp();
    const identification = nextIdentification();
    const email = `espera${identification}@correo.test`;
    expect((await codeRequest(identification, email)).status).toBe(200);
    const sameIdentification = await codeRequest(identification, `otro${email}`);
    expect(sameIdentification.status).toBe(429);
    expect(sameIdentification.body.message).toMatch(/^Ya te enviamos un código\. Podrás pedir otro en 0[45]:\d{2}\.$/);
    expect((await codeRequest(nextIdentification(), email)).status).toBe(429);

    // Another person is not held back by those requests: not for the identification, not for the e-mail.
    newIp();
    expect((await codeRequest(identification, `propio${email}`)).status).toBe(200);
    newIp();
    expect((await codeRequest(nextIdentification(), email)).status).toBe(200);
  });

  it("lets the owner of an existing client get a code while a stranger's code for it is live", async () => {
    newIp();
    const client = await existingClient();
    expect((await codeRequest(client.identification, `extrano${client.identification}@correo.test`)).status).toBe(200);
    expect((await codeRequest(client.identification, `extrano2${client.identification}@correo.test`)).status).toBe(429);
    newIp();
    expect((await codeRequest(client.identification, `duena${client.identification}@correo.test`)).status).toBe(200);
    expect(await messagesTo(client.email!)).toHaveLength(2);
  });
});

describe('with SMS configured', () => {
  let sms: TestContext;
  beforeAll(async () => {
    sms = await createTestContext({ SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' });
  });
  afterAll(() => sms.close());

  it("sends an SMS to the client's first phone, masked, when the client has no e-mail", async () => {
    const [client] = await sms.db
      .insert(clients)
      .values({ type: 0, name: 'Pedro Sin Correo', identificationType: 'V', identification: '50000001', email: null, phone: ['4141234567', '4247654321'] })
      .returning();
    const answer = await sms.call('POST', '/api/auth/code-verification', {
      body: { identification_type: 'V', identification: client!.identification, email: 'pedro@correo.test', phone: '04241112233' },
      ip: '10.31.0.1',
    });
    expect(answer).toMatchObject({ status: 200, body: { data: { sent_to: { email: null, phone: '+58 (414) •••-••67' } } } });
    await afterResponseSettled();
    const sent = await sms.db.select().from(outbox).orderBy(outbox.id);
    expect(sent.map((row) => [row.channel, row.to])).toEqual([['sms', '04141234567']]);
    expect(sent[0]!.bodyText).toMatch(/^Recaudo: tu código de verificación es \d{6}\. Vence en 5 minutos\.$/);
  });
});
