import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behindTheApplication } from '../../../test/audit-tamper';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { attributeLabel } from '@recaudo/domain/logs';
import { recordAudit } from '../../platform/audit';
import { auditLogs } from './tables';

let ctx: TestContext;
let auditor: TestUser;
let editor: TestUser;
let stateId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  auditor = await ctx.staff({ permissions: ['logs'], overrides: { name: 'Auditora Bitácora' } });
  editor = await ctx.staff({ permissions: ['states', 'add_state', 'edit_state', 'delete_state'], overrides: { name: 'Editor Estados' } });
  stateId = (await ctx.call('POST', '/api/states/store', { token: editor.token, body: { name: 'Estado Historial' } })).body.data.id;
  await ctx.call('PUT', '/api/states/update', { token: editor.token, body: { id: stateId, name: 'Estado Historial 2' } });
});
afterAll(() => ctx.close());

const list = (query: Record<string, unknown>, token = auditor.token) => ctx.call('GET', '/api/logs', { token, query });

describe('GET /api/logs', () => {
  it("answers a record's history with causer, old and new attributes and its current data", async () => {
    const { status, body } = await list({ filters: { subject_type: 'states', subject_id: stateId } });
    expect(status).toBe(200);
    expect(body.data.total).toBe(2);
    const [update, create] = body.data.data;
    expect(update).toMatchObject({
      log_name: 'states',
      description: 'updated',
      causer: { id: editor.id, name: 'Editor Estados', type: 'admin' },
      subject_type: 'states',
      subject_id: stateId,
      subject: { id: stateId, name: 'Estado Historial 2', active: true },
      properties: { old: { name: 'Estado Historial' }, attributes: { name: 'Estado Historial 2' } },
      error_message: null,
    });
    expect(create.description).toBe('created');
  });

  it('filters by module, event type, user, dates and searches by causer name', async () => {
    const byEvent = await list({ filters: { module: 'states', event_type: ['updated'] } });
    expect(byEvent.body.data.data.every((row: { description: string }) => row.description === 'updated')).toBe(true);
    expect(byEvent.body.data.total).toBeGreaterThanOrEqual(1);
    const byUser = await list({ filters: { user: [editor.id] } });
    expect(byUser.body.data.data.every((row: { causer: { id: number } }) => row.causer.id === editor.id)).toBe(true);
    const bySearch = await list({ search: 'Editor Estados' });
    expect(bySearch.body.data.total).toBe(byUser.body.data.total);
    const [entry] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.subjectId, stateId)).limit(1);
    // 23:30 in Caracas on 14-03-2026 is the 15th in UTC: it belongs to the 14th.
    await behindTheApplication(ctx.db, sql`update audit_logs set created_at = '2026-03-15T03:30:00Z' where id = ${entry!.id}`);
    const day = await list({ filters: { dates: ['14-03-2026', '14-03-2026'] } });
    expect(day.body.data.data.map((row: { id: number }) => row.id)).toEqual([entry!.id]);
  });

  it('shows a deleted record without current data, and a client causer and client filter', async () => {
    await ctx.call('DELETE', '/api/states/delete', { token: editor.token, body: { id: stateId } });
    const history = await list({ filters: { subject_type: 'states', subject_id: stateId } });
    expect(history.body.data.data[0]).toMatchObject({ description: 'deleted', subject: null, properties: { old: { name: 'Estado Historial 2' } } });
    const client = await ctx.clientUser({ name: 'Cliente Bitácora' });
    await recordAudit(ctx.db, { module: 'clients', event: 'updated', causerId: client.id, subjectType: 'clients', subjectId: client.clientId!, attributes: { email: 'x@y.z' } });
    const own = await list({ filters: { client: client.clientId } });
    expect(own.body.data.data).toHaveLength(1);
    expect(own.body.data.data[0]).toMatchObject({ causer: { id: client.id, type: 'client' }, subject: { id: client.clientId, name: 'Cliente Bitácora' } });
  });

  it('answers 403 without logs', async () => {
    expect((await list({}, editor.token)).status).toBe(403);
  });
});

describe('GET /api/logs/export and /api/logs/logins/export', () => {
  it('exports the selected entries as CSV, XLSX and PDF', async () => {
    const query = `filters[user][]=${editor.id}&type_format=`;
    const listed = await list({ filters: { user: [editor.id] }, per_page: 'Todos' });
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/logs/export?${query}csv`, headers: { authorization: `Bearer ${auditor.token}` } });
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="Bitacoras.csv"; filename*=UTF-8''Bit%C3%A1coras.csv`);
    const records: string[][] = parse(csv.rawPayload, { bom: true });
    expect(records[0]).toEqual(['ID', 'Módulo', 'Evento', 'Usuario', 'Registro', 'Valores anteriores', 'Valores nuevos', 'Error', 'Fecha']);
    expect(records.slice(1).map((row) => Number(row[0]))).toEqual(listed.body.data.data.map((row: { id: number }) => row.id));
    expect(records.find((row) => row[2] === 'Actualizado')).toEqual(expect.arrayContaining(['Estados', 'Editor Estados', 'Nombre: Estado Historial']));

    const xlsx = await ctx.app.inject({ method: 'GET', url: `/api/logs/export?${query}xlsx`, headers: { authorization: `Bearer ${auditor.token}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(records.length);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/logs/export?${query}pdf`, headers: { authorization: `Bearer ${auditor.token}` } });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("never answers a record's internal fields or secrets, and names every field of a user's entry in Spanish", async () => {
    const user = await ctx.staff({ permissions: [], overrides: { name: 'Usuaria Interna' } });
    await recordAudit(ctx.db, {
      module: 'users',
      event: 'updated',
      causerId: editor.id,
      subjectId: user.id,
      old: { name: 'Antes', totp_secret: 'JBSWY3DPEHPK3PXP', created_by: editor.id },
      attributes: { name: 'Usuaria Interna', password_hash: '$argon2id$…', token_id: 7, ledger_paid_through: '2026-11' },
    });
    const { body } = await list({ filters: { subject_type: 'users', subject_id: user.id } });
    const [entry] = body.data.data;
    expect(entry.properties).toEqual({ old: { name: 'Antes' }, attributes: { name: 'Usuaria Interna' } });
    const text = JSON.stringify(entry);
    expect(text).not.toMatch(/totp_secret|totp_last_step|password_hash|created_by|token_id|ledger_|JBSWY3DPEHPK3PXP|argon2/);
    const unnamed = Object.keys(entry.subject).filter((key) => attributeLabel(key) === key);
    expect(unnamed).toEqual([]);
  });

  it('exports login sessions with the logins permission only', async () => {
    const analyst = await ctx.staff({ permissions: ['logins'] });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/logs/logins/export?filters[user]=${editor.id}&type_format=csv`, headers: { authorization: `Bearer ${analyst.token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Inicios%20de%20sesi');
    const records: string[][] = parse(response.rawPayload, { bom: true });
    expect(records.slice(1)).toEqual([[ 'Editor Estados', expect.any(String), '127.0.0.1', 'vitest', expect.any(String), 'VACIO', expect.any(String), 'Activa']]);
    const denied = await ctx.app.inject({ method: 'GET', url: '/api/logs/logins/export?type_format=csv', headers: { authorization: `Bearer ${auditor.token}` } });
    expect(denied.statusCode).toBe(403);
    const logsDenied = await ctx.app.inject({ method: 'GET', url: '/api/logs/export?type_format=csv', headers: { authorization: `Bearer ${analyst.token}` } });
    expect(logsDenied.statusCode).toBe(403);
  });
});
