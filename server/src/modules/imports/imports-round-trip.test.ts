import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, currentMonth } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { importFile, seedImportPlaces } from '../../../test/import-fixture';
import { clients } from '../clients/tables';
import { municipalities, parishes } from '../regional/tables';

/** Moving between two installations: export, import into an empty database, export again, and the two exports are equal. */

let source: TestContext;
let target: TestContext;
let sourceAdmin: TestUser;
let targetAdmin: TestUser;
const NOW = currentMonth();

beforeAll(async () => {
  [source, target] = await Promise.all([createTestContext(), createTestContext()]);
  [sourceAdmin, targetAdmin] = await Promise.all([source.staff({ roleId: 1 }), target.staff({ roleId: 1 })]);
  const [places] = await Promise.all([seedImportPlaces(source.db), seedImportPlaces(target.db)]);
  const [parish] = await source.db.select({ id: parishes.id, municipality_id: parishes.municipalityId, state_id: municipalities.stateId }).from(parishes).innerJoin(municipalities, eq(municipalities.id, parishes.municipalityId));
  const place = { state_id: parish!.state_id, municipality_id: parish!.municipality_id, parish_id: parish!.id };
  const newClient = async (body: Record<string, unknown>) => {
    const answer = await source.call('POST', '/api/clients/store', { token: sourceAdmin.token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.id as number;
  };
  const newAddress = async (body: Record<string, unknown>) => {
    const answer = await source.call('POST', '/api/addresses-payment/store', { token: sourceAdmin.token, body: { ...place, ...body } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const maria = await newClient({ type: 0, name: 'María Pérez', identification_type: 'V', identification: '12345678', email: 'maria@correo.com', phone: ['04121234567', '04241112233'], gender: 'F', birth_date: '1980-04-15', address: 'Urb. El Parque' });
  const shop = await newClient({ type: 1, name: 'Bodega Ñandú C.A.', identification_type: 'J', identification: '301234567', email: 'bodega@correo.com', phone: ['04147654321'] });
  const luis = await newClient({ type: 0, name: 'Luis Díaz', identification_type: 'E', identification: '00981234', email: 'luis@correo.com', phone: ['02731234567'] });
  await source.db.update(clients).set({ active: false }).where(eq(clients.id, luis));
  await newAddress({ client_id: maria, type: 0, address: 'Calle 3, casa 12', community_id: places.community, paid_through: addMonths(NOW, -3) });
  await newAddress({ client_id: maria, type: 0, address: 'Calle 9, casa 1', community_id: places.community });
  await newAddress({ client_id: shop, type: 1, address: 'Av. Principal, local 4', economic_activity_id: places.activity, is_custom_fee: true, fee: '12.50', paid_through: NOW });
  await newAddress({ client_id: luis, type: 0, address: 'Sector 5', community_id: places.community, first_owed_month: addMonths(NOW, -10) });
  // Two databases made at once: give them the time a loaded machine needs.
}, 240_000);
afterAll(() => Promise.all([source?.close(), target?.close()]));

async function exported(ctx: TestContext, token: string, path: string): Promise<{ file: Buffer; cells: string[][] }> {
  const answer = await ctx.app.inject({ method: 'GET', url: `${path}?type_format=xlsx`, headers: { authorization: `Bearer ${token}` } });
  expect(answer.statusCode).toBe(200);
  const file = answer.rawPayload;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const cells: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => cells.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return { file, cells };
}

/** Every column but the ID, which each database gives its own records. */
const withoutIds = (cells: string[][]) => cells.map((row) => row.slice(1));

describe('export → import → export', () => {
  it('the clients and the addresses exports of the new installation equal the old ones', async () => {
    const clientsBefore = await exported(source, sourceAdmin.token, '/api/clients/export/data');
    const addressesBefore = await exported(source, sourceAdmin.token, '/api/addresses-payment/export');
    expect(clientsBefore.cells).toHaveLength(4);
    expect(addressesBefore.cells).toHaveLength(5);
    const clientsImport = await importFile(target, targetAdmin.token, clientsBefore.file, 'Clientes.xlsx');
    expect(clientsImport.result.counts).toMatchObject({ clients_created: 3, rows_in_error: 0 });
    const addressesImport = await importFile(target, targetAdmin.token, addressesBefore.file, 'Direcciones de Pagos.xlsx');
    expect(addressesImport.result.counts).toMatchObject({ clients_unchanged: 3, addresses_created: 4, rows_in_error: 0 });
    const clientsAfter = await exported(target, targetAdmin.token, '/api/clients/export/data');
    const addressesAfter = await exported(target, targetAdmin.token, '/api/addresses-payment/export');
    expect(withoutIds(clientsAfter.cells)).toEqual(withoutIds(clientsBefore.cells));
    expect(withoutIds(addressesAfter.cells)).toEqual(withoutIds(addressesBefore.cells));
  });
});
