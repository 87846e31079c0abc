import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { users } from '../users/tables';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['correlatives', 'add_correlative', 'edit_correlative', 'delete_correlative', 'export_correlatives'] });
});
afterAll(() => ctx.close());

const body = { serie: 'A', number: '00000120', number_credit_note: '00000003', number_debit_note: '0' };

describe('correlatives', () => {
  it('keeps leading zeros and validates digits with the spec messages', async () => {
    const empty = await ctx.call('POST', '/api/correlatives/store', { token: admin.token, body: {} });
    expect(empty.body.errors).toEqual({
      serie: ['El campo Serie es obligatorio.'],
      number: ['El campo Número de factura es obligatorio.'],
      number_credit_note: ['El campo Número de nota de crédito es obligatorio.'],
      number_debit_note: ['El campo Número de nota de débito es obligatorio.'],
    });
    const letters = await ctx.call('POST', '/api/correlatives/store', { token: admin.token, body: { ...body, number: '12-3', number_debit_note: 1.5 } });
    expect(letters.body.errors).toEqual({
      number: ['El campo Número de factura solo debe contener dígitos.'],
      number_debit_note: ['El campo Número de nota de débito solo debe contener dígitos.'],
    });
    const created = await ctx.call('POST', '/api/correlatives/store', { token: admin.token, body });
    expect(created.body.message).toBe('Correlativo creado');
    const list = await ctx.call('GET', '/api/correlatives', { token: admin.token });
    expect(list.body.data.data).toEqual([{ id: created.body.data.id, ...body, number_delivery_note: '00000000', count_payments: 0 }]);
    const duplicate = await ctx.call('POST', '/api/correlatives/store', { token: admin.token, body: { ...body, serie: 'a' } });
    expect(duplicate.body.errors).toEqual({ serie: ['Ya existe un correlativo con esa serie.'] });
  });

  it('updates, refuses deleting a series assigned to a user, and deletes a free one', async () => {
    const id = (await ctx.call('POST', '/api/correlatives/store', { token: admin.token, body: { ...body, serie: 'B' } })).body.data.id;
    const updated = await ctx.call('PUT', '/api/correlatives/update', { token: admin.token, body: { ...body, serie: 'B', number: '00000121', id } });
    expect(updated.body.message).toBe('Correlativo actualizado');
    const holder = await ctx.staff();
    await ctx.db.update(users).set({ correlativeId: id, useAllSeries: false }).where(eq(users.id, holder.id));
    const refused = await ctx.call('DELETE', '/api/correlatives/delete', { token: admin.token, body: { id } });
    expect(refused).toMatchObject({ status: 422, body: { message: 'No se puede eliminar el correlativo porque está asignado a 1 usuario.' } });
    await ctx.db.update(users).set({ correlativeId: null }).where(eq(users.id, holder.id));
    expect((await ctx.call('DELETE', '/api/correlatives/delete', { token: admin.token, body: { id } })).body.message).toBe('Correlativo eliminado');
  });

  it('exports xlsx only with the counters as text', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/correlatives/export?type_format=xlsx', headers: { authorization: `Bearer ${admin.token}` } });
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''Correlativos.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[1]?.slice(1)).toEqual(['A', '00000120', '00000003', '0', '00000000', 0]);
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/correlatives/export?type_format=csv', headers: { authorization: `Bearer ${admin.token}` } });
    expect(csv.statusCode).toBe(422);
  });

  it('answers 403 without the action permissions', async () => {
    const reader = await ctx.staff({ permissions: ['correlatives'] });
    expect((await ctx.call('POST', '/api/correlatives/store', { token: reader.token, body })).status).toBe(403);
    expect((await ctx.call('PUT', '/api/correlatives/update', { token: reader.token, body: { ...body, id: 1 } })).status).toBe(403);
  });
});
