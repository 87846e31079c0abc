import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { insertPayment } from '../../../test/payment-fixture';
import { addressesPayments, addressMonths } from '../addresses-payment/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { auditLogs } from '../logs/tables';
import { communities, states } from './tables';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({
    permissions: [
      ...(['state', 'municipality', 'parish', 'community'] as const).flatMap((unit) => [`add_${unit}`, `edit_${unit}`, `delete_${unit}`] as const),
      'states',
      'municipalities',
      'parishes',
      'communities',
      'export_states',
      'export_municipalities',
      'export_parishes',
      'export_communities',
    ],
  });
});
afterAll(() => ctx.close());

const store = async (unit: string, body: Record<string, unknown>) => {
  const response = await ctx.call('POST', `/api/${unit}/store`, { token: admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.id as number;
};

async function chain(prefix: string) {
  const state_id = await store('states', { name: `${prefix} Estado` });
  const municipality_id = await store('municipalities', { name: `${prefix} Municipio`, state_id });
  const parish_id = await store('parishes', { name: `${prefix} Parroquia`, state_id, municipality_id, date_start: '2024-01-01' });
  return { state_id, municipality_id, parish_id };
}

const community = (parents: { state_id: number; municipality_id: number; parish_id: number }, overrides: Record<string, unknown> = {}) => ({
  name: 'Urb. La Trigaleña',
  ...parents,
  number_houses: 120,
  responsible_name: 'Rosa Díaz',
  responsible_phone: '+58 (412)-1234567',
  fee: 12.5,
  date_start: '2024-03-01',
  ...overrides,
});

/** Raw request for files: the harness parses JSON only. */
const download = (url: string, token: string, query: string) =>
  ctx.app.inject({ method: 'GET', url: `${url}?${query}`, headers: { authorization: `Bearer ${token}` } });

describe('regional units: create, list, update, delete', () => {
  it('creates a whole chain and lists each level with its parents and zero counters', async () => {
    const parents = await chain('Lara');
    const id = await store('communities', community(parents));
    const { status, body } = await ctx.call('GET', '/api/communities', { token: admin.token, query: { parish_id: parents.parish_id } });
    expect(status).toBe(200);
    expect(body.data.total).toBe(1);
    expect(body.data.data[0]).toMatchObject({
      id,
      name: 'Urb. La Trigaleña',
      number_houses: 120,
      responsible_phone: '4121234567',
      fee: '12.50',
      date_start: '2024-03-01',
      active: true,
      parish: { id: parents.parish_id, name: 'Lara Parroquia' },
      municipality: { id: parents.municipality_id, name: 'Lara Municipio' },
      state: { id: parents.state_id, name: 'Lara Estado' },
      count_clients: 0,
      payments_residential: { count_payments: 0, amount_bill: '0.00' },
    });
    const byState = await ctx.call('GET', '/api/municipalities', { token: admin.token, query: { filters: { state_id: parents.state_id } } });
    expect(byState.body.data.data.map((row: { name: string }) => row.name)).toEqual(['Lara Municipio']);
    const parishes = await ctx.call('GET', '/api/parishes', { token: admin.token, query: { municipality_id: parents.municipality_id } });
    expect(parishes.body.data.data[0]).toMatchObject({ date_start: '2024-01-01', municipality_id: parents.municipality_id, state_id: parents.state_id });
  });

  it('searches, sorts and pages', async () => {
    for (const name of ['Zulia Prueba', 'Apure Prueba', 'Mérida Prueba']) await store('states', { name });
    const sorted = await ctx.call('GET', '/api/states', { token: admin.token, query: { search: 'prueba', sorter: { field: 'name', order: 'descend' } } });
    expect(sorted.body.data.data.map((row: { name: string }) => row.name)).toEqual(['Zulia Prueba', 'Mérida Prueba', 'Apure Prueba']);
    const paged = await ctx.call('GET', '/api/states', { token: admin.token, query: { search: 'prueba', per_page: 2, page: 2 } });
    expect(paged.body.data).toMatchObject({ total: 3, current_page: 2, last_page: 2 });
    expect(paged.body.data.data).toHaveLength(1);
  });

  it('updates a community and audits old and new values', async () => {
    const parents = await chain('Falcón');
    const id = await store('communities', community(parents, { name: 'Sector Centro' }));
    const updated = await ctx.call('PUT', '/api/communities/update', { token: admin.token, body: { ...community(parents, { name: 'Sector Centro Norte', fee: '15.75' }), id } });
    expect(updated).toMatchObject({ status: 200, body: { success: true, message: 'Comunidad actualizada' } });
    const [stored] = await ctx.db.select().from(communities).where(eq(communities.id, id));
    expect(stored).toMatchObject({ name: 'Sector Centro Norte', fee: '15.75' });
    const [entry] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.logName, 'communities'), eq(auditLogs.description, 'updated'), eq(auditLogs.subjectId, id)));
    expect(entry?.causerId).toBe(admin.id);
    expect(entry?.properties).toEqual({ old: { name: 'Sector Centro', fee: '12.50' }, attributes: { name: 'Sector Centro Norte', fee: '15.75' } });
  });

  it('toggles active with edit permission only, and audits it', async () => {
    const id = await store('states', { name: 'Estado Toggle' });
    const off = await ctx.call('PUT', '/api/states/change-status', { token: admin.token, body: { id, active: false } });
    expect(off.status).toBe(200);
    const [stored] = await ctx.db.select().from(states).where(eq(states.id, id));
    expect(stored?.active).toBe(false);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'states'), eq(auditLogs.subjectId, id), eq(auditLogs.description, 'updated')));
    expect(entry?.properties).toEqual({ old: { active: true }, attributes: { active: false } });
    const reader = await ctx.staff({ permissions: ['states'] });
    expect((await ctx.call('PUT', '/api/states/change-status', { token: reader.token, body: { id, active: true } })).status).toBe(403);
    const selects = await ctx.call('GET', '/api/states/selects', { token: reader.token, query: { search: 'Toggle' } });
    expect(selects.body.data).toEqual([]);
  });

  it('deletes with the spec messages and refuses a unit with children', async () => {
    const parents = await chain('Borrar');
    const communityId = await store('communities', community(parents, { name: 'Comunidad Borrable' }));
    const refused = await ctx.call('DELETE', '/api/states/delete', { token: admin.token, body: { id: parents.state_id } });
    expect(refused).toMatchObject({ status: 422, body: { message: 'No se puede eliminar el estado porque tiene 1 municipio asociado.' } });
    const steps: [string, number, string][] = [
      ['communities', communityId, 'Comunidad eliminada'],
      ['parishes', parents.parish_id, 'Parroquia eliminada'],
      ['municipalities', parents.municipality_id, 'Municipio eliminado'],
      ['states', parents.state_id, 'Estado eliminado'],
    ];
    for (const [unit, id, message] of steps) {
      expect(await ctx.call('DELETE', `/api/${unit}/delete`, { token: admin.token, body: { id } })).toMatchObject({ status: 200, body: { success: true, message } });
    }
    expect((await ctx.call('DELETE', '/api/states/delete', { token: admin.token, body: { id: parents.state_id } })).status).toBe(404);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'communities'), eq(auditLogs.description, 'deleted'), eq(auditLogs.subjectId, communityId)));
    expect(entry?.properties.old).toMatchObject({ name: 'Comunidad Borrable', fee: '12.50' });
  });
});

describe('regional validation (spec 03 §5)', () => {
  it('answers each message verbatim', async () => {
    const empty = await ctx.call('POST', '/api/communities/store', { token: admin.token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ['El campo Nombre es obligatorio.'],
      state_id: ['El campo Estado es obligatorio.'],
      municipality_id: ['El campo Municipio es obligatorio.'],
      parish_id: ['El campo Parroquia es obligatorio.'],
      number_houses: ['El campo Número de casas es obligatorio.'],
      fee: ['El campo Tarifa es obligatorio.'],
      date_start: ['El campo Fecha de inicio es obligatorio.'],
    });
    const parents = await chain('Validar');
    const tomorrow = caracas().add(1, 'day').format('YYYY-MM-DD');
    const bad = await ctx.call('POST', '/api/communities/store', {
      token: admin.token,
      body: community(parents, { number_houses: 2.5, fee: '10.555', responsible_phone: '4151234567', date_start: tomorrow }),
    });
    expect(bad.body.errors).toEqual({
      number_houses: ['El campo Número de casas debe ser un número entero.'],
      fee: ['El campo Tarifa debe tener como máximo 2 decimales.'],
      responsible_phone: ['El formato de Teléfono del responsable es inválido.'],
      date_start: ['El campo Fecha de inicio debe ser una fecha anterior o igual a hoy.'],
    });
    const negative = await ctx.call('POST', '/api/communities/store', { token: admin.token, body: community(parents, { number_houses: -1, fee: -3 }) });
    expect(negative.body.errors).toEqual({
      number_houses: ['El campo Número de casas debe ser al menos 0.'],
      fee: ['El campo Tarifa debe ser al menos 0.'],
    });
    const parish = await ctx.call('POST', '/api/parishes/store', { token: admin.token, body: { name: ' ', state_id: parents.state_id } });
    expect(parish.body.errors).toEqual({
      name: ['El campo Nombre es obligatorio.'],
      municipality_id: ['El campo Municipio es obligatorio.'],
      date_start: ['El campo Fecha de inicio es obligatorio.'],
    });
    const municipality = await ctx.call('POST', '/api/municipalities/store', { token: admin.token, body: { name: 'Sin estado' } });
    expect(municipality.body).toMatchObject({ message: 'El campo Estado es obligatorio.', errors: { state_id: ['El campo Estado es obligatorio.'] } });
  });

  it('refuses a parent chain that does not hold together and a duplicate name among siblings', async () => {
    const first = await chain('Cadena A');
    const second = await chain('Cadena B');
    const mixed = await ctx.call('POST', '/api/parishes/store', {
      token: admin.token,
      body: { name: 'Mezclada', state_id: first.state_id, municipality_id: second.municipality_id, date_start: '2024-01-01' },
    });
    expect(mixed).toMatchObject({ status: 422, body: { errors: { municipality_id: ['El municipio no pertenece al estado seleccionado.'] } } });
    const duplicate = await ctx.call('POST', '/api/municipalities/store', { token: admin.token, body: { name: 'cadena a municipio', state_id: first.state_id } });
    expect(duplicate).toMatchObject({ status: 422, body: { errors: { name: ['Ya existe un municipio con ese nombre.'] } } });
    await store('municipalities', { name: 'Cadena A Municipio', state_id: second.state_id });
  });
});

describe('regional permissions', () => {
  it('answers 403 without the action permission', async () => {
    const reader = await ctx.staff({ permissions: ['states', 'communities'] });
    expect((await ctx.call('POST', '/api/states/store', { token: reader.token, body: { name: 'X' } })).status).toBe(403);
    expect((await ctx.call('PUT', '/api/states/update', { token: reader.token, body: { id: 1, name: 'X' } })).status).toBe(403);
    expect((await ctx.call('DELETE', '/api/communities/delete', { token: reader.token, body: { id: 1 } })).status).toBe(403);
    expect((await download('/api/communities/export', reader.token, 'type_format=csv')).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/parishes', { token: reader.token })).status).toBe(403);
  });
});

describe('regional exports', () => {
  it('exports the rows of the list as CSV with Spanish headers, formatting and formula escaping', async () => {
    const parents = await chain('Exportar');
    await store('communities', community(parents, { name: '=HYPERLINK("http://x")', responsible_name: '@suma', fee: '1234.5' }));
    await store('communities', community(parents, { name: 'Barrio Sucre', responsible_phone: null, responsible_name: null, date_start: '2023-12-31' }));
    const query = `search=&parish_id=${parents.parish_id}&type_format=csv`;
    const response = await download('/api/communities/export', admin.token, query);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Comunidades.csv"; filename*=UTF-8''Comunidades.csv`);
    const records: string[][] = parse(response.rawPayload, { bom: true });
    const list = await ctx.call('GET', '/api/communities', { token: admin.token, query: { parish_id: parents.parish_id, per_page: 'Todos' } });
    expect(records[0]).toEqual([
      'ID', 'Nombre', 'Parroquia', 'Municipio', 'Estado', 'Número de casas', 'Responsable', 'Teléfono del responsable', 'Tarifa', 'Fecha de inicio', 'Clientes', 'Estatus',
    ]);
    expect(records.slice(1).map((row) => Number(row[0]))).toEqual(list.body.data.data.map((row: { id: number }) => row.id));
    const [escaped, plain] = records.slice(1);
    expect(escaped).toEqual([
      expect.any(String), `'=HYPERLINK("http://x")`, 'Exportar Parroquia', 'Exportar Municipio', 'Exportar Estado', '120', `'@suma`, `'+58 (412)-1234567`, '$ 1.234,50', '01-03-2024', '0', 'Activo',
    ]);
    expect(plain?.slice(6, 10)).toEqual(['VACIO', 'VACIO', '$ 12,50', '31-12-2023']);
  });

  it('exports XLSX with exactly the rows the search selects, and refuses pdf here', async () => {
    for (const name of ['Xlsx Uno', 'Xlsx Dos', 'Otro Estado Xlsx']) await store('states', { name });
    const response = await download('/api/states/export', admin.token, 'search=xlsx&type_format=xlsx&sorter[field]=name&sorter[order]=ascend');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''Estados.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const list = await ctx.call('GET', '/api/states', { token: admin.token, query: { search: 'xlsx', sorter: { field: 'name', order: 'ascend' }, per_page: 'Todos' } });
    expect(rows[0]).toEqual(['ID', 'Nombre', 'Clientes', 'Estatus']);
    expect(rows.slice(1)).toEqual(list.body.data.data.map((row: { id: number; name: string }) => [row.id, row.name, 0, 'Activo']));
    const pdf = await download('/api/states/export', admin.token, 'type_format=pdf');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors.type_format).toEqual(['El formato de exportación debe ser csv o xlsx.']);
  });

  it('streams more rows than one batch', async () => {
    const parents = await chain('Lote');
    const values = Array.from({ length: 1205 }, (_, index) => ({
      parishId: parents.parish_id,
      name: `Comunidad ${String(index).padStart(4, '0')}`,
      fee: '5.00',
      dateStart: '2024-01-01',
    }));
    await ctx.db.insert(communities).values(values);
    const response = await download('/api/communities/export', admin.token, `filters[parish_id]=${parents.parish_id}&type_format=csv`);
    const records: string[][] = parse(response.rawPayload, { bom: true });
    expect(records).toHaveLength(1206);
    expect(new Set(records.slice(1).map((row) => row[0])).size).toBe(1205);
    expect(records[1]?.[1]).toBe('Comunidad 0000');
    expect(records[1205]?.[1]).toBe('Comunidad 1204');
  });
});

describe('GET /api/data-regional and selects', () => {
  it('answers active units without a token, filterable by parent', async () => {
    const parents = await chain('Público');
    await store('communities', community(parents, { name: 'Comunidad Pública' }));
    const hidden = await store('communities', community(parents, { name: 'Comunidad Oculta' }));
    await ctx.call('PUT', '/api/communities/change-status', { token: admin.token, body: { id: hidden, active: 0 } });
    const { status, body } = await ctx.call('GET', '/api/data-regional', { query: { parish_id: parents.parish_id, municipality_id: parents.municipality_id, state_id: parents.state_id } });
    expect(status).toBe(200);
    expect(body.data.municipalities).toEqual([{ id: parents.municipality_id, name: 'Público Municipio', state_id: parents.state_id }]);
    expect(body.data.communities.map((row: { name: string }) => row.name)).toEqual(['Comunidad Pública']);
    expect(body.data.communities[0]).toMatchObject({ fee: '12.50', parish_id: parents.parish_id });
    const all = await ctx.call('GET', '/api/data-regional');
    expect(all.body.data.states.length).toBeGreaterThan(1);
    const selects = await ctx.call('GET', '/api/municipalities/selects', { token: admin.token, query: { search: 'Público' } });
    expect(selects.body.data).toEqual([{ id: parents.municipality_id, name: 'Público Municipio', state_id: parents.state_id }]);
    expect((await ctx.call('GET', '/api/municipalities/selects')).status).toBe(401);
  });

  it('names chosen units by id, an inactive one too, and refuses an id that is no id', async () => {
    const parents = await chain('Nombrado');
    const hidden = await store('communities', community(parents, { name: 'Comunidad Apagada' }));
    await ctx.call('PUT', '/api/communities/change-status', { token: admin.token, body: { id: hidden, active: false } });
    const reader = await ctx.staff({ permissions: ['clients'] });
    const offered = await ctx.call('GET', '/api/communities/selects', { token: reader.token, query: { search: 'Apagada' } });
    expect(offered.body.data).toEqual([]);
    const named = await ctx.call('GET', '/api/communities/selects', { token: reader.token, query: { id: hidden } });
    expect(named.status).toBe(200);
    expect(named.body.data.map((row: { id: number; name: string }) => [row.id, row.name])).toEqual([[hidden, 'Comunidad Apagada']]);
    const states = await ctx.call('GET', '/api/states/selects', { token: reader.token, query: { id: [parents.state_id] } });
    expect(states.body.data).toEqual([{ id: parents.state_id, name: 'Nombrado Estado' }]);
    expect((await ctx.call('GET', '/api/states/selects', { token: reader.token, query: { id: 'x' } })).status).toBe(422);
  });
});

describe('client counters of the regional lists', () => {
  const NOW = currentMonth();
  /** Clients and addresses of one place; every address starts last month (its own start date). */
  async function fixture() {
    const parents = await chain('Contar');
    const alto = await store('communities', community(parents, { name: 'Alto Barinas' }));
    const bajo = await store('communities', community(parents, { name: 'Bajo Barinas' }));
    const [group] = await ctx.db.insert(activityGroups).values({ name: 'Comercio al detal' }).returning();
    const [activity] = await ctx.db.insert(economicActivities).values({ name: 'Abastos', activityGroupId: group!.id, fee: '20.00' }).returning();
    const start = `${addMonths(NOW, -1)}-01`;
    const add = async (clientId: number, type: 0 | 1, where: number | null, paid: 'solvent' | 'owing' | 'pending') => {
      const [row] = await ctx.db
        .insert(addressesPayments)
        .values({
          clientId,
          type,
          address: 'Calle 4 con carrera 2',
          stateId: parents.state_id,
          municipalityId: parents.municipality_id,
          parishId: parents.parish_id,
          communityId: type === 0 ? where : null,
          economicActivityId: type === 1 ? activity!.id : null,
          dateStart: start,
        })
        .returning({ id: addressesPayments.id });
      const months: Month[] = paid === 'owing' ? [addMonths(NOW, -1)] : [addMonths(NOW, -1), NOW];
      const paymentId = paid === 'pending' ? await insertPayment(ctx.db, { clientId, addressPaymentId: row!.id, status: 0, monthsPayment: months }) : null;
      await ctx.db.insert(addressMonths).values(months.map((month) => ({ addressPaymentId: row!.id, month, paymentId, pending: paid === 'pending' })));
      return row!.id;
    };
    const client = async () => (await ctx.clientUser()).clientId!;
    const [ana, beto, carla, dario, elena] = [await client(), await client(), await client(), await client(), await client()];
    await add(ana, 0, alto, 'solvent');
    const betoHome = await add(beto, 0, alto, 'owing');
    // Carla: one solvent and one owing home in Alto (not solvent there), a solvent shop in the parish.
    await add(carla, 0, alto, 'solvent');
    await add(carla, 0, alto, 'owing');
    await add(carla, 1, null, 'solvent');
    // Darío's shop is paid through this month by a payment still Procesando: not solvent.
    await add(dario, 1, null, 'pending');
    await add(elena, 0, bajo, 'solvent');
    return { parents, alto, bajo, betoHome };
  }

  const row = async (unit: string, id: number, query: Record<string, unknown> = {}) => {
    const { status, body } = await ctx.call('GET', `/api/${unit}`, { token: admin.token, query: { per_page: 'Todos', ...query } });
    expect(status).toBe(200);
    const found = body.data.data.find((item: { id: number }) => item.id === id);
    expect(found, `${unit} ${id}`).toBeDefined();
    return {
      count_clients: found.count_clients,
      count_clients_solvents_residential: found.count_clients_solvents_residential,
      count_clients_solvents_comercial: found.count_clients_solvents_comercial,
    };
  };

  it('counts distinct clients with addresses in each unit and those whose addresses of each type there are all solvent', async () => {
    const { parents, alto, bajo, betoHome } = await fixture();
    const whole = { count_clients: 5, count_clients_solvents_residential: 2, count_clients_solvents_comercial: 1 };
    expect(await row('states', parents.state_id)).toEqual(whole);
    expect(await row('municipalities', parents.municipality_id, { state_id: parents.state_id })).toEqual(whole);
    expect(await row('parishes', parents.parish_id, { municipality_id: parents.municipality_id })).toEqual(whole);
    expect(await row('communities', alto, { parish_id: parents.parish_id })).toEqual({
      count_clients: 3,
      count_clients_solvents_residential: 1,
      count_clients_solvents_comercial: 0,
    });
    expect(await row('communities', bajo, { parish_id: parents.parish_id })).toEqual({
      count_clients: 1,
      count_clients_solvents_residential: 1,
      count_clients_solvents_comercial: 0,
    });
    // The payments flag off (payment cards at zero) still counts the clients.
    expect((await row('communities', alto, { parish_id: parents.parish_id, payments: 0 })).count_clients).toBe(3);

    // Beto pays this month: he becomes solvent in Alto, the parish and above.
    await ctx.db.insert(addressMonths).values({ addressPaymentId: betoHome, month: NOW });
    expect((await row('communities', alto, { parish_id: parents.parish_id })).count_clients_solvents_residential).toBe(2);
    expect(await row('states', parents.state_id)).toEqual({ ...whole, count_clients_solvents_residential: 3 });

    // The export's Clientes column carries the same count.
    const response = await download('/api/communities/export', admin.token, `parish_id=${parents.parish_id}&type_format=csv`);
    const records: string[][] = parse(response.rawPayload, { bom: true });
    const clientsColumn = records[0]!.indexOf('Clientes');
    expect(records.slice(1).map((record) => [record[1], record[clientsColumn]])).toEqual([
      ['Alto Barinas', '3'],
      ['Bajo Barinas', '1'],
    ]);
  });

  it('answers zero for a unit without addresses', async () => {
    const parents = await chain('Vacío');
    expect(await row('states', parents.state_id)).toEqual({ count_clients: 0, count_clients_solvents_residential: 0, count_clients_solvents_comercial: 0 });
  });
});
