import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../../test/harness';
import { verifyPassword } from '../../platform/crypto';
import { users } from './tables';

/** Account changes need the account's owner (issue 31): the profile and every other place a password is set. */
let ctx: TestContext;
let admin: TestUser;
let seq = 0;
const email = (name: string) => `${name}${Date.now().toString(36)}${seq++}@recaudo.test`;
const TOO_SHORT = 'La Contraseña debe tener al menos 10 caracteres.';
const TOO_COMMON = 'Esa contraseña es demasiado común y fácil de adivinar. Elige otra.';

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.staff(); // user 1, the protected first administrator
  admin = await ctx.staff({ permissions: ['users', 'add_user', 'edit_user'] });
});
afterAll(() => ctx.close());

async function storedUser(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const profile = (user: TestUser, body: Record<string, unknown>) => ctx.call('PUT', '/api/users/profile', { token: user.token, body });

describe('PUT /api/users/profile asks for the current password', () => {
  it('refuses a new password without the current one, or with a wrong one, and changes nothing', async () => {
    const me = await ctx.staff();
    const before = await storedUser(me.id);
    const missing = await profile(me, { name: before.name, email: before.email, password: 'Nueva-clave-segura-1' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ current_password: ['Escribe tu contraseña actual para cambiar tu contraseña o tu correo.'] });
    const wrong = await profile(me, { name: before.name, email: before.email, password: 'Nueva-clave-segura-1', current_password: 'No-es-la-mia-1' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['La contraseña actual no es correcta.'] });
    expect((await storedUser(me.id)).passwordHash).toBe(before.passwordHash);
  });

  it('refuses a new e-mail without the right current password; other fields need none', async () => {
    const me = await ctx.clientUser();
    const before = await storedUser(me.id);
    const wrong = await profile(me, { email: email('robado'), phone: ['4141234567'], current_password: 'No-es-la-mia-1' });
    expect(wrong.body.errors).toEqual({ current_password: ['La contraseña actual no es correcta.'] });
    const sameMail = await profile(me, { email: before.email, phone: ['4141234567'], address: 'Calle 2' });
    expect(sameMail.status, JSON.stringify(sameMail.body)).toBe(200);
    expect(await storedUser(me.id)).toMatchObject({ email: before.email, address: 'Calle 2' });
    const mail = email('propio');
    const right = await profile(me, { email: mail, phone: ['4141234567'], current_password: TEST_PASSWORD });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((await storedUser(me.id)).email).toBe(mail);
  });

  it('a password change ends every other session of the user and keeps this one', async () => {
    const me = await ctx.staff();
    const other = await ctx.tokenFor(me.id);
    const before = await storedUser(me.id);
    const answer = await profile(me, { name: before.name, email: before.email, password: 'Nueva-clave-segura-1', current_password: TEST_PASSWORD });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await verifyPassword('Nueva-clave-segura-1', (await storedUser(me.id)).passwordHash)).toBe(true);
    expect((await ctx.call('POST', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await ctx.call('POST', '/api/auth/me', { token: me.token })).status).toBe(200);
  });

  it('refuses short and common passwords with the message the form shows', async () => {
    const me = await ctx.staff();
    const before = await storedUser(me.id);
    const short = await profile(me, { name: before.name, email: before.email, password: 'Corta-12', current_password: TEST_PASSWORD });
    expect(short.body.errors).toEqual({ password: [TOO_SHORT] });
    const common = await profile(me, { name: before.name, email: before.email, password: 'Password123', current_password: TEST_PASSWORD });
    expect(common.body.errors).toEqual({ password: [TOO_COMMON] });
    const spaced = await profile(me, { name: before.name, email: before.email, password: 'QWERTY 123456', current_password: TEST_PASSWORD });
    expect(spaced.body.errors).toEqual({ password: [TOO_COMMON] });
    expect((await storedUser(me.id)).passwordHash).toBe(before.passwordHash);
  });
});

describe('the same password rule wherever a password is set', () => {
  it('staff-created users, a reset and registration refuse short and common passwords', async () => {
    const holder = await ctx.clientUser();
    const created = await ctx.call('POST', '/api/users/store', {
      token: admin.token,
      body: { client_id: holder.clientId, name: 'Nuevo', email: email('nuevo'), password: 'contraseña123' },
    });
    expect(created.body.errors).toEqual({ password: [TOO_COMMON] });
    const staffForm = await ctx.call('POST', '/api/users/store', {
      token: admin.token,
      body: { role: 3, name: 'Cajera', email: email('cajera'), password: 'Clave-1', all_users: true, use_all_series: true },
    });
    expect(staffForm.body.errors).toEqual({ password: [TOO_SHORT] });
    const flagged = await ctx.staff({ overrides: { changePassword: true } });
    const reset = await ctx.call('POST', '/api/auth/reset-password', { token: flagged.token, body: { password: '1234567890', confirm_password: '1234567890' } });
    expect(reset.body.errors).toEqual({ password: [TOO_COMMON] });
    const register = await ctx.call('POST', '/api/auth/register', { body: { password: 'Corta-1' } });
    expect(register.body.errors.password).toEqual([TOO_SHORT]);
  });

  it('the demo password of the seeded users is accepted', async () => {
    const me = await ctx.staff();
    const before = await storedUser(me.id);
    const answer = await profile(me, { name: before.name, email: before.email, password: 'Recaudo2026!', current_password: TEST_PASSWORD });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
