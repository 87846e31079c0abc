import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { auditLogs } from '../logs/tables';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({
    permissions: [
      'activity_groups', 'add_activity_group', 'edit_activity_group', 'delete_activity_group', 'export_activity_groups',
      'economic_activities', 'add_economic_activity', 'edit_economic_activity', 'delete_economic_activity', 'export_economic_activities',
    ],
  });
});
afterAll(() => ctx.close());

const store = async (url: string, body: Record<string, unknown>) => {
  const response = await ctx.call('POST', url, { token: admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.id as number;
};

describe('activity groups', () => {
  it('creates, lists, updates and deletes a group; refuses deleting one with activities', async () => {
    const id = await store('/api/activity-groups/store', { name: 'Turismo' });
    const list = await ctx.call('GET', '/api/activity-groups', { token: admin.token, query: { search: 'turis' } });
    expect(list.body.data.data).toEqual([{ id, name: 'Turismo', count_activities: 0, count_payments: 0 }]);
    expect((await ctx.call('POST', '/api/activity-groups/store', { token: admin.token, body: { name: '' } })).body.errors).toEqual({ name: ['El campo Nombre es obligatorio.'] });
    expect((await ctx.call('PUT', '/api/activity-groups/update', { token: admin.token, body: { id, name: 'Turismo y hoteles' } })).body.message).toBe('Grupo de actividades actualizado');
    await store('/api/economic-activities/store', { name: 'Posadas', fee: 30, activity_group_id: id });
    const refused = await ctx.call('DELETE', '/api/activity-groups/delete', { token: admin.token, body: { id } });
    expect(refused).toMatchObject({ status: 422, body: { message: 'No se puede eliminar el grupo porque tiene 1 actividad económica asociada.' } });
    const empty = await store('/api/activity-groups/store', { name: 'Vacío' });
    expect((await ctx.call('DELETE', '/api/activity-groups/delete', { token: admin.token, body: { id: empty } })).body.message).toBe('Grupo de actividades eliminado');
  });
});

describe('economic activities', () => {
  it('validates Nombre, Tarifa and Grupo with the spec messages', async () => {
    const empty = await ctx.call('POST', '/api/economic-activities/store', { token: admin.token, body: {} });
    expect(empty.body.errors).toEqual({
      name: ['El campo Nombre es obligatorio.'],
      fee: ['El campo Tarifa es obligatorio.'],
      activity_group_id: ['El campo Grupo es obligatorio.'],
    });
    const group = await store('/api/activity-groups/store', { name: 'Validaciones' });
    const bad = await ctx.call('POST', '/api/economic-activities/store', { token: admin.token, body: { name: 'X', fee: '1.234', activity_group_id: group } });
    expect(bad.body.errors).toEqual({ fee: ['El campo Tarifa debe tener como máximo 2 decimales.'] });
    const negative = await ctx.call('POST', '/api/economic-activities/store', { token: admin.token, body: { name: 'X', fee: '-1', activity_group_id: group } });
    expect(negative.body.errors).toEqual({ fee: ['El campo Tarifa debe ser al menos 0.'] });
    const text = await ctx.call('POST', '/api/economic-activities/store', { token: admin.token, body: { name: 'X', fee: 'diez', activity_group_id: group } });
    expect(text.body.errors).toEqual({ fee: ['El campo Tarifa debe ser un número.'] });
  });

  it('updates with an audit of old and new values, lists by group and deletes', async () => {
    const group = await store('/api/activity-groups/store', { name: 'Comercio prueba' });
    const id = await store('/api/economic-activities/store', { name: 'Librerías', code: 'L-01', fee: '14.5', activity_group_id: group });
    const updated = await ctx.call('PUT', '/api/economic-activities/update', { token: admin.token, body: { id, name: 'Librerías', code: 'L-01', fee: '16.00', activity_group_id: group } });
    expect(updated.body.message).toBe('Actividad económica actualizada');
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'economic_activities'), eq(auditLogs.subjectId, id), eq(auditLogs.description, 'updated')));
    expect(entry?.properties).toEqual({ old: { fee: '14.50' }, attributes: { fee: '16.00' } });
    const list = await ctx.call('GET', '/api/economic-activities', { token: admin.token, query: { filters: { activity_group_id: group } } });
    expect(list.body.data.data).toEqual([{ id, name: 'Librerías', code: 'L-01', fee: '16.00', activity_group_id: group, activity_group: { id: group, name: 'Comercio prueba' }, count_payments: 0, late_fee_percent: null, late_fee_grace_days: 0, late_fee_cap_months: null, late_fee_cap_percent: null }]);
    const selects = await ctx.call('GET', '/api/economic-activities/selects', { token: admin.token, query: { search: 'librer' } });
    expect(selects.body.data).toEqual([{ id, name: 'Librerías', code: 'L-01', fee: '16.00', activity_group_id: group }]);
    expect((await ctx.call('DELETE', '/api/economic-activities/delete', { token: admin.token, body: { id } })).body.message).toBe('Actividad económica eliminada');
  });

  it('exports xlsx only, with the spec file name and the list rows', async () => {
    const group = await store('/api/activity-groups/store', { name: 'Exportables' });
    await store('/api/economic-activities/store', { name: 'Zapaterías', code: 'Z-1', fee: '1500', activity_group_id: group });
    await store('/api/economic-activities/store', { name: '-Ópticas', fee: '8', activity_group_id: group });
    const url = `/api/economic-activities/export?filters[activity_group_id]=${group}&type_format=xlsx`;
    const response = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Actividades Economicas.xlsx"; filename*=UTF-8''Actividades%20Econ%C3%B3micas.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const list = await ctx.call('GET', '/api/economic-activities', { token: admin.token, query: { filters: { activity_group_id: group }, per_page: 'Todos' } });
    expect(rows[0]).toEqual(['ID', 'Nombre', 'Código', 'Tarifa', 'Grupo', 'Pagos']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(list.body.data.data.map((row: { id: number }) => row.id));
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      [`'-Ópticas`, 'VACIO', '$ 8,00', 'Exportables', 0],
      ['Zapaterías', 'Z-1', '$ 1.500,00', 'Exportables', 0],
    ]);
    for (const format of ['csv', 'pdf']) {
      const refused = await ctx.app.inject({ method: 'GET', url: `/api/economic-activities/export?type_format=${format}`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('El formato de exportación debe ser xlsx.');
    }
    const groups = await ctx.app.inject({ method: 'GET', url: '/api/activity-groups/export?type_format=pdf', headers: { authorization: `Bearer ${admin.token}` } });
    expect(groups.statusCode).toBe(200);
    expect(groups.headers['content-type']).toBe('application/pdf');
    expect(groups.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(groups.headers['content-disposition']).toContain('Grupos de Actividades.pdf');
  });

  it('answers 403 without the action permissions', async () => {
    const reader = await ctx.staff({ permissions: ['economic_activities', 'activity_groups'] });
    expect((await ctx.call('POST', '/api/economic-activities/store', { token: reader.token, body: {} })).status).toBe(403);
    expect((await ctx.call('DELETE', '/api/activity-groups/delete', { token: reader.token, body: { id: 1 } })).status).toBe(403);
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/economic-activities/export?type_format=xlsx', headers: { authorization: `Bearer ${reader.token}` } });
    expect(exported.statusCode).toBe(403);
  });
});
