import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesRegistration } from '@recaudo/domain/auth';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../../test/harness';
import { afterResponseSettled } from '../../platform/after-response';
import { clients } from '../clients/tables';
import { auditLogs } from '../logs/tables';
import { outbox } from '../messages/tables';
import { users } from '../users/tables';
import { accessTokens, passwordResets, verificationCodes } from './tables';

let ctx: TestContext;
let seq = 0;
const nextIdentification = () => String(30_000_000 + seq++);
/** Each test speaks from its own address so the per-IP limits of one test don't touch another. */
let ip = '';
const newIp = () => (ip = `10.20.${Math.floor(seq / 200)}.${(seq++ % 200) + 1}`);

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://recaudo.example.test' });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, options: { body?: unknown; query?: Record<string, unknown>; token?: string } = {}) =>
  ctx.call(method, url, { ...options, ip });

async function latestMailTo(to: string) {
  await afterResponseSettled();
  const [row] = await ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

async function requestCode(identification: string, email: string, identificationType = 'V') {
  const answer = await call('POST', '/api/auth/code-verification', { body: { identification_type: identificationType, identification, email, phone: '+58 (414)-1234567' } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const mail = await latestMailTo(email);
  const code = /es: (\d{6})/.exec(mail!.bodyText)![1]!;
  return { token: answer.body.data.token as string, code };
}

const registration = (identification: string, email: string, token: string, overrides: Record<string, unknown> = {}) => ({
  type: 0,
  identification_type: 'V',
  identification,
  name: 'Luisa Registrada',
  email,
  password: 'Mi-clave-2026',
  phone: '+58 (414)-1234567',
  gender: 'F',
  birth_date: '1992-03-04',
  token,
  ...overrides,
});

describe('registration wizard', () => {
  it('registers a new residential client end to end and lets the user log in', async () => {
    newIp();
    const identification = nextIdentification();
    const email = `luisa${identification}@correo.test`;
    const check = await call('POST', '/api/auth/verify-identification', { body: { type: 0, identification_type: 'V', identification } });
    expect(check).toMatchObject({ status: 200, body: { success: true, message: 'Identificación verificada', data: null } });
    const { token, code } = await requestCode(identification, email);
    const [stored] = await ctx.db.select().from(verificationCodes).where(eq(verificationCodes.identification, identification));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.tokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
    const verified = await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification, token, code } });
    expect(verified).toMatchObject({ status: 200, body: { success: true, message: 'Código verificado', data: { client: null } } });
    const registered = await call('POST', '/api/auth/register', { body: registration(identification, email, token) });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ roleId: 4, name: 'Luisa Registrada', phone: ['4141234567'] });
    const [client] = await ctx.db.select().from(clients).where(eq(clients.id, user!.clientId!));
    expect(client).toMatchObject({ type: 0, identificationType: 'V', identification, email, phone: ['4141234567'], gender: 'F', birthDate: '1992-03-04' });
    const login = await call('POST', '/api/auth/login', { body: { email, password: 'Mi-clave-2026' } });
    expect(login.body.data.user).toMatchObject({ type: 'client', client_id: client!.id });
    const reused = await call('POST', '/api/auth/register', { body: registration(identification, `otro${email}`, token) });
    expect(reused.body.errors.token).toEqual(['Debes verificar el código enviado a tu correo antes de registrarte.']);
  });

  it('answers a registered e-mail like any other, mails its owner a notice instead of a code, and refuses it at registration', async () => {
    newIp();
    const holder = await ctx.clientUser();
    const identification = nextIdentification();
    const taken = await call('POST', '/api/auth/code-verification', { body: { identification_type: 'V', identification, email: holder.email } });
    expect(taken).toMatchObject({ status: 200, body: { success: true, message: 'Te enviamos un código de verificación.', data: { sent_to: { email: holder.email, phone: null } } } });
    const notice = await latestMailTo(holder.email);
    expect(notice).toMatchObject({ subject: 'Intento de registro en Recaudo' });
    expect(notice!.bodyText).toContain('Alguien intentó registrarse en Recaudo con este correo, pero ya tiene una cuenta');
    expect(notice!.bodyText).not.toMatch(/\d{6}/);
    const registered = await call('POST', '/api/auth/register', { body: registration(identification, holder.email, taken.body.data.token) });
    expect(registered.body.errors.token).toEqual(['Debes verificar el código enviado a tu correo antes de registrarte.']);
  });

  it('refuses the second of two people racing for one new identification: their code proved only their own e-mail', async () => {
    newIp();
    const identification = nextIdentification();
    const first = await requestCode(identification, `a${identification}@correo.test`);
    await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification, ...first } });
    newIp();
    const second = await requestCode(identification, `b${identification}@correo.test`);
    await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification, ...second } });
    const firstRegistered = await call('POST', '/api/auth/register', { body: registration(identification, `a${identification}@correo.test`, first.token) });
    expect(firstRegistered.status, JSON.stringify(firstRegistered.body)).toBe(200);
    const dup = await call('POST', '/api/auth/register', { body: registration(identification, `b${identification}@correo.test`, second.token) });
    expect(dup).toMatchObject({ status: 422, body: { errors: { token: ['Los datos de esta identificación cambiaron después de enviarte el código. Solicita un código nuevo.'] } } });
    const [client] = await ctx.db.select().from(clients).where(eq(clients.identification, identification));
    expect(client!.email).toBe(`a${identification}@correo.test`);
    const attempts = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.description, 'registration_attempt'), eq(auditLogs.subjectId, client!.id)));
    expect(attempts.map((row) => row.properties)).toEqual([
      { attributes: { email: `b${identification}@correo.test`, phone: '4141234567', ip, outcome: 'código no enviado a su contacto' } },
    ]);
  });

  it('validates step 1 and step 2 with the spec rules', async () => {
    newIp();
    const step1 = await call('POST', '/api/auth/verify-identification', { body: { type: 0, identification_type: '', identification: '-12' } });
    expect(step1.body.errors).toMatchObject({
      identification_type: ['El campo Tipo de identificación es obligatorio.'],
      identification: ['El campo Identificación solo debe contener dígitos.'],
    });
    const wrongType = await call('POST', '/api/auth/verify-identification', { body: { type: 1, identification_type: 'V', identification: '0012' } });
    expect(wrongType.body.errors.identification_type).toEqual(['El Tipo de identificación no corresponde a un cliente comercial (J, G, FP o C).']);
    const step2 = await call('POST', '/api/auth/register', { body: registration('123', 'correo-malo', 'x', { name: '', password: '', phone: '4131234567', gender: null, birth_date: null }) });
    expect(step2.body.errors).toMatchObject({
      name: ['El campo Nombre es obligatorio.'],
      email: ['El formato de Correo es inválido.'],
      password: ['El campo Contraseña es obligatorio.'],
      phone: ['El formato de Teléfono es inválido'],
    });
    const person = await call('POST', '/api/auth/register', { body: registration('123', 'a@correo.test', 'x', { gender: null, birth_date: '' }) });
    expect(person.body.errors).toMatchObject({ gender: ['El campo Género es obligatorio.'], birth_date: ['El campo Fecha de nacimiento es obligatorio.'] });
    const future = await call('POST', '/api/auth/register', { body: registration('123', 'a@correo.test', 'x', { birth_date: '2999-12-31' }) });
    expect(future.body.errors.birth_date).toEqual(['El campo Fecha de nacimiento debe ser una fecha anterior o igual a hoy.']);
    const shortCode = await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification: '1', token: 'x', code: '123' } });
    expect(shortCode.body.errors.code).toEqual(['El Código debe tener 6 dígitos.']);
  });
});

describe('verification codes', () => {
  it('refuses a resend before the code expired and allows it after', async () => {
    newIp();
    const identification = nextIdentification();
    const email = `reenvio${identification}@correo.test`;
    await requestCode(identification, email);
    const early = await call('POST', '/api/auth/code-verification', { body: { identification_type: 'V', identification, email } });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Ya te enviamos un código\. Podrás pedir otro en 0[45]:\d{2}\.$/);
    await ctx.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.identification, identification));
    const { code } = await requestCode(identification, email);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('refuses a wrong code, then every try after the fifth wrong one', async () => {
    newIp();
    const identification = nextIdentification();
    const { token, code } = await requestCode(identification, `intentos${identification}@correo.test`);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification, token, code: wrong } });
      expect(answer).toMatchObject({ status: 422, body: { message: 'El código es incorrecto.' } });
    }
    const locked = await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification, token, code } });
    expect(locked).toMatchObject({ status: 429, body: { message: 'Demasiados intentos con este código. Solicita uno nuevo cuando termine la cuenta regresiva.' } });
    const [row] = await ctx.db.select().from(verificationCodes).where(eq(verificationCodes.identification, identification));
    expect(row?.verifiedAt).toBeNull();
  });

  it('refuses an expired code and a token of another identification', async () => {
    newIp();
    const identification = nextIdentification();
    const { token, code } = await requestCode(identification, `expira${identification}@correo.test`);
    const foreign = await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification: '1', token, code } });
    expect(foreign.body.message).toBe('El código no es válido. Solicita uno nuevo.');
    await ctx.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.identification, identification));
    const expired = await call('GET', '/api/auth/code-verification', { query: { identification_type: 'V', identification, token, code } });
    expect(expired).toMatchObject({ status: 422, body: { message: 'El código ha expirado. Solicita uno nuevo.' } });
    const registered = await call('POST', '/api/auth/register', { body: registration(identification, `expira${identification}@correo.test`, token) });
    expect(registered.status).toBe(422);
  });

  it('limits the calls per IP', async () => {
    newIp();
    let last = { status: 0, body: {} as { message?: string } };
    for (let attempt = 0; attempt <= ctx.config.PUBLIC_MAX_REQUESTS_PER_IP; attempt++) {
      last = await call('POST', '/api/auth/verify-identification', { body: { identification_type: 'V', identification: '1' } });
    }
    // The wait is counted by the database's clock from the oldest call in the window.
    expect(last).toMatchObject({ status: 429, body: { message: messagesRegistration.tooManyRequests(ctx.config.LOGIN_FAILURE_WINDOW_MINUTES) } });
    newIp();
    expect((await call('POST', '/api/auth/verify-identification', { body: { identification_type: 'V', identification: '1' } })).status).toBe(200);
  });
});

describe('forgotten password', () => {
  const sendToken = (email: string) => call('POST', '/api/auth/send-token', { body: { email } });

  async function resetLinkFor(email: string) {
    expect((await sendToken(email)).status).toBe(200);
    const mail = await latestMailTo(email);
    const match = /https:\/\/recaudo\.example\.test\/pass-change\/([A-Za-z0-9_-]+)/.exec(mail!.bodyText);
    return match![1]!;
  }

  it('answers known and unknown e-mails alike and e-mails a link only to the known one', async () => {
    newIp();
    const user = await ctx.staff();
    const known = await sendToken(user.email);
    const unknown = await sendToken('nadie@correo.test');
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.');
    expect(await latestMailTo('nadie@correo.test')).toBeUndefined();
    const mail = await latestMailTo(user.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Restablecer tu contraseña de Recaudo' });
    const token = /pass-change\/(\S+)/.exec(mail!.bodyText)![1]!;
    const [stored] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored!.tokenHash).not.toBe(token);
  });

  it('greets by name, resets once with the token, ends the sessions and clears change_password', async () => {
    newIp();
    const user = await ctx.staff({ overrides: { name: 'Pedro Olvidadizo', changePassword: true } });
    const token = await resetLinkFor(user.email);
    expect(await call('POST', '/api/auth/verify-token', { body: { token } })).toMatchObject({ status: 200, body: { data: { name: 'Pedro Olvidadizo', email: user.email } } });
    const required = await call('POST', '/api/auth/reset-password', { body: { token, password: '', confirm_password: '' } });
    expect(required.body.errors.password).toEqual(['* La contrasena es requerida']);
    const mismatch = await call('POST', '/api/auth/reset-password', { body: { token, password: 'Nueva-clave-9', confirm_password: 'Nueva-clave-8' } });
    expect(mismatch.body.errors.confirm_password).toEqual(['* Las contraseñas no coinciden']);
    const reset = await call('POST', '/api/auth/reset-password', { body: { token, password: 'Nueva-clave-9', confirm_password: 'Nueva-clave-9' } });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Contraseña actualizada' } });
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.changePassword).toBe(false);
    const sessions = await ctx.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(sessions.every((session) => session.endedAt !== null)).toBe(true);
    expect((await call('POST', '/api/auth/login', { body: { email: user.email, password: 'Nueva-clave-9' } })).status).toBe(200);
    expect((await call('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(401);
    const used = await call('POST', '/api/auth/reset-password', { body: { token, password: 'Otra-clave-99', confirm_password: 'Otra-clave-99' } });
    expect(used).toMatchObject({ status: 422, body: { message: 'Error! El token no pertenece a ningún usuario' } });
    expect((await call('POST', '/api/auth/verify-token', { body: { token } })).body.message).toBe('Error! El token no pertenece a ningún usuario');
  });

  it('refuses a bad token, an expired token, a voided token and a bare id', async () => {
    newIp();
    const user = await ctx.staff();
    const bad = await call('POST', '/api/auth/verify-token', { body: { token: 'no-existe' } });
    expect(bad).toMatchObject({ status: 422, body: { success: false, message: 'Error! El token no pertenece a ningún usuario' } });
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    expect((await call('POST', '/api/auth/verify-token', { body: { token: first } })).status).toBe(422);
    await ctx.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user.id));
    const expired = await call('POST', '/api/auth/reset-password', { body: { token: second, password: 'Nueva-clave-9', confirm_password: 'Nueva-clave-9' } });
    expect(expired.body.message).toBe('Error! El token no pertenece a ningún usuario');
    const bareId = await call('POST', '/api/auth/reset-password', { body: { id: user.id, email: user.email, password: 'Nueva-clave-9', confirm_password: 'Nueva-clave-9' } });
    expect(bareId.status).toBe(422);
    expect((await call('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(200);
  });
});
