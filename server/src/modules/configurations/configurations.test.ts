import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { auditLogs } from '../logs/tables';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['configurations', 'update_dollar_rate'] });
});
afterAll(() => ctx.close());

describe('exchange rates (configurations)', () => {
  it('lists every row and updates a rate with an audit entry', async () => {
    const { body } = await ctx.call('GET', '/api/configurations', { token: admin.token });
    expect(body.data.data.map((row: { name: string }) => row.name)).toEqual(['update_dollar_rate', 'update_euro_rate']);
    const dollar = body.data.data[0];
    const updated = await ctx.call('PUT', '/api/configurations/update', { token: admin.token, body: { id: dollar.id, value: 245.67, reason: 'Primera tasa' } });
    expect(updated).toMatchObject({ status: 200, body: { message: 'Tasa actualizada' } });
    const rates = await ctx.call('GET', '/api/configurations/exchange-rate', { token: (await ctx.clientUser()).token });
    expect(rates.body.data).toEqual({ dollar_rate: '245.67', euro_rate: '0.00' });
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'configurations'), eq(auditLogs.subjectId, dollar.id)));
    expect(entry?.properties).toEqual({ old: { name: 'update_dollar_rate', value: '0.00' }, attributes: { name: 'update_dollar_rate', value: '245.67000000', reason: 'Primera tasa' } });
  });

  it("validates the value: 'Ingresa Datos!', up to 8 decimals, more than zero (issue 47)", async () => {
    const missing = await ctx.call('PUT', '/api/configurations/update', { token: admin.token, body: { id: 1 } });
    expect(missing.body).toMatchObject({ message: 'Ingresa Datos!', errors: { value: ['Ingresa Datos!'] } });
    const blank = await ctx.call('PUT', '/api/configurations/update', { token: admin.token, body: { id: 1, value: '', reason: 'x' } });
    expect(blank.body.errors).toEqual({ value: ['Ingresa Datos!'] });
    const decimals = await ctx.call('PUT', '/api/configurations/update', { token: admin.token, body: { id: 1, value: '10.123456789', reason: 'x' } });
    expect(decimals.body.errors).toEqual({ value: ['El campo Valor debe tener como máximo 8 decimales.'] });
    const negative = await ctx.call('PUT', '/api/configurations/update', { token: admin.token, body: { id: 1, value: -5, reason: 'x' } });
    expect(negative.body.errors).toEqual({ value: ['El campo Valor debe ser mayor que 0.'] });
  });

  it('needs update_dollar_rate to change a rate', async () => {
    const reader = await ctx.staff({ permissions: ['configurations'] });
    expect((await ctx.call('PUT', '/api/configurations/update', { token: reader.token, body: { id: 1, value: 1 } })).status).toBe(403);
    expect((await ctx.call('GET', '/api/configurations/exchange-rate')).status).toBe(401);
  });

  it('lets whoever creates cash closings read the rates a new closing starts from, and nobody else', async () => {
    const closer = await ctx.staff({ permissions: ['closed_boxs', 'add_closed_box'] });
    expect(await ctx.call('GET', '/api/configurations/exchange-rate', { token: closer.token })).toMatchObject({ status: 200, body: { data: { dollar_rate: expect.any(String) } } });
    const viewer = await ctx.staff({ permissions: ['closed_boxs'] });
    expect((await ctx.call('GET', '/api/configurations/exchange-rate', { token: viewer.token })).status).toBe(403);
  });

  it('lets whoever sees the client and address lists read the rates their debt totals are in BS at', async () => {
    const clerk = await ctx.staff({ permissions: ['clients'] });
    expect(await ctx.call('GET', '/api/configurations/exchange-rate', { token: clerk.token })).toMatchObject({ status: 200, body: { data: { dollar_rate: expect.any(String) } } });
  });
});
