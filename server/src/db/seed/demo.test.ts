import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from '@recaudo/domain/validation';
import { identificationTypesOf } from '@recaudo/domain/clients';
import { createTestContext, type TestContext } from '../../../test/harness';
import { clientNotes, clients } from '../../modules/clients/tables';
import { users } from '../../modules/users/tables';
import { DEMO_PASSWORD, seedDemo } from './demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo seed', () => {
  it('creates about 30 valid clients with notes and client users, keeping the demo client user', async () => {
    expect(await seedDemo(ctx.db)).toBe(true);
    const rows = await ctx.db.select().from(clients);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((row) => row.type === 1).length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(row.phone.length).toBeGreaterThan(0);
      expect(row.phone.every((phone) => PHONE_PATTERN.test(phone))).toBe(true);
      expect(identificationTypesOf(row.type === 1 ? 1 : 0)).toContain(row.identificationType);
    }
    expect((await ctx.db.select().from(clientNotes)).length).toBeGreaterThan(10);
    const clientUsers = await ctx.db.select().from(users).where(isNotNull(users.clientId));
    expect(clientUsers.length).toBeGreaterThanOrEqual(4);
    const [demo] = await ctx.db.select().from(users).where(eq(users.email, 'cliente@recaudo.test'));
    const [demoClient] = await ctx.db.select().from(clients).where(eq(clients.id, demo!.clientId!));
    expect(demoClient).toMatchObject({ name: 'María Pérez', identification: '12345678' });
    const login = await ctx.call('POST', '/api/auth/login', { body: { email: clientUsers.at(-1)!.email, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
  });
});
