import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['banks', 'add_bank', 'edit_bank', 'delete_bank'] });
});
afterAll(() => ctx.close());

describe('banks', () => {
  it('lists every seeded Venezuelan bank at once by code', async () => {
    const { body } = await ctx.call('GET', '/api/banks', { token: admin.token });
    const codes = body.data.data.map((row: { code: string }) => row.code);
    expect(codes).toEqual(expect.arrayContaining(['0102', '0104', '0105', '0108', '0114', '0134', '0163', '0172', '0174', '0175', '0177', '0191']));
    expect(codes).toEqual([...codes].sort());
    expect(body.data.total).toBe(codes.length);
    expect(body.data.data.find((row: { code: string }) => row.code === '0134').name).toBe('Banesco');
  });

  it('creates, updates and deletes with messages; validates Código and Nombre', async () => {
    const empty = await ctx.call('POST', '/api/banks/store', { token: admin.token, body: {} });
    expect(empty.body.errors).toEqual({ code: ['El campo Código es obligatorio.'], name: ['El campo Nombre es obligatorio.'] });
    const bad = await ctx.call('POST', '/api/banks/store', { token: admin.token, body: { code: '12A4', name: 'X' } });
    expect(bad.body.errors).toEqual({ code: ['El formato de Código es inválido.'] });
    const duplicate = await ctx.call('POST', '/api/banks/store', { token: admin.token, body: { code: '0102', name: 'Otro' } });
    expect(duplicate).toMatchObject({ status: 422, body: { errors: { code: ['Ya existe un banco con ese código.'] } } });
    const created = await ctx.call('POST', '/api/banks/store', { token: admin.token, body: { code: '0999', name: 'Banco de Prueba' } });
    expect(created.body.message).toBe('Banco creado');
    const id = created.body.data.id;
    expect((await ctx.call('PUT', '/api/banks/update', { token: admin.token, body: { id, code: '0998', name: 'Banco de Prueba 2' } })).body.message).toBe('Banco actualizado');
    expect((await ctx.call('DELETE', '/api/banks/delete', { token: admin.token, body: { id } })).body.message).toBe('Banco eliminado');
  });

  it('answers 403 without the action permissions and offers selects to any staff user', async () => {
    const cashier = await ctx.staff({ permissions: ['payments'] });
    expect((await ctx.call('GET', '/api/banks', { token: cashier.token })).status).toBe(403);
    expect((await ctx.call('POST', '/api/banks/store', { token: cashier.token, body: { code: '0997', name: 'X' } })).status).toBe(403);
    const selects = await ctx.call('GET', '/api/banks/selects', { token: cashier.token });
    expect(selects.body.data.length).toBeGreaterThan(20);
  });
});
