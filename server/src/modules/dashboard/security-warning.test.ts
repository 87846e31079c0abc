import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesAuth } from '@recaudo/domain/auth';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { seedBase } from '../../db/seed/base';
import { createTestContext, freshDatabase, type TestContext } from '../../../test/harness';
import { enrol } from '../../../test/two-factor-helpers';
import { roles } from '../roles/tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const adminRequires2fa = async (db: TestContext['db']) => (await db.select({ required: roles.require2fa }).from(roles).where(eq(roles.id, ADMIN_ROLE_ID)))[0]?.required;

describe('a new real installation (issue 46)', () => {
  it('creates the Administrador role requiring 2FA; a database that has the role keeps its setting; the demo keeps it optional', async () => {
    const real = await freshDatabase();
    try {
      await seedBase(real.db, { adminRequires2fa: true });
      expect(await adminRequires2fa(real.db)).toBe(true);
      // The owner turned it off: a later start (real or demo) leaves it so.
      await real.db.update(roles).set({ require2fa: false }).where(eq(roles.id, ADMIN_ROLE_ID));
      await seedBase(real.db, { adminRequires2fa: true });
      expect(await adminRequires2fa(real.db)).toBe(false);
    } finally {
      await real.close();
    }
    // The harness seeds as the demo does.
    expect(await adminRequires2fa(ctx.db)).toBe(false);
  });
});

describe('GET dashboard/security-warning (issue 46)', () => {
  it('names the active administrators without a second factor until they enrol; other staff and clients get 403', async () => {
    const admin = await ctx.staff({ roleId: ADMIN_ROLE_ID, overrides: { name: 'Ana Administradora' } });
    const other = await ctx.staff({ roleId: ADMIN_ROLE_ID, overrides: { name: 'Beto Administrador' } });
    await ctx.staff({ roleId: ADMIN_ROLE_ID, overrides: { name: 'Carla Inactiva', active: false } });
    const before = await ctx.call('GET', '/api/dashboard/security-warning', { token: admin.token });
    expect(before.status).toBe(200);
    expect(before.body.data.administrators_without_two_factor).toEqual(['Ana Administradora', 'Beto Administrador']);

    await enrol(ctx, other);
    const after = await ctx.call('GET', '/api/dashboard/security-warning', { token: admin.token });
    expect(after.body.data.administrators_without_two_factor).toEqual(['Ana Administradora']);

    const cashier = await ctx.staff({ permissions: ['payments', 'users'] });
    expect(await ctx.call('GET', '/api/dashboard/security-warning', { token: cashier.token })).toMatchObject({ status: 403, body: { message: messagesAuth.forbidden } });
    const client = await ctx.clientUser();
    expect((await ctx.call('GET', '/api/dashboard/security-warning', { token: client.token })).status).toBe(403);
  });
});
