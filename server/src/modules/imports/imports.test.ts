import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressMessages } from '@recaudo/domain/addresses';
import { clientMessages } from '@recaudo/domain/clients';
import { importMessages } from '@recaudo/domain/imports';
import { addMonths, currentMonth, lastPayableMonth } from '@recaudo/domain/months';
import { CASHIER_PERMISSIONS } from '@recaudo/domain/permissions';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { importFile, postImport, seedImportPlaces, settled, templateCsv } from '../../../test/import-fixture';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { auditLogs } from '../logs/tables';

let ctx: TestContext;
let admin: TestUser;
const NOW = currentMonth();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ roleId: 1 });
  await seedImportPlaces(ctx.db);
});
afterAll(() => ctx.close());

const clientCount = async () => Number((await ctx.db.select({ n: count() }).from(clients))[0]!.n);
const addressOf = async (identification: string) => {
  const [client] = await ctx.db.select().from(clients).where(eq(clients.identification, identification));
  const list = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { search: identification } });
  return { client: client!, addresses: list.body.data.data as Record<string, any>[] };
};

describe('permission and template', () => {
  it('needs import_clients: the demo Cajero has not, the Administrador has', async () => {
    expect(CASHIER_PERMISSIONS).not.toContain('import_clients');
    const cashier = await ctx.staff({ roleId: 3 });
    expect((await ctx.call('GET', '/api/imports/template', { token: cashier.token, query: { kind: 'clients_addresses' } })).status).toBe(403);
    expect((await ctx.call('GET', '/api/imports', { token: cashier.token })).status).toBe(403);
    expect((await postImport(ctx, cashier.token, Buffer.from(templateCsv()), { mode: 'dry_run' })).status).toBe(403);
  });

  it('downloads the XLSX template with an example row and a sheet explaining each column, and the CSV one', async () => {
    const xlsx = await ctx.app.inject({ method: 'GET', url: '/api/imports/template?kind=clients_addresses&type_format=xlsx', headers: { authorization: `Bearer ${admin.token}` } });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const [sheet, help] = workbook.worksheets;
    expect((sheet!.getRow(1).values as string[]).slice(1, 4)).toEqual(['Tipo de cliente', 'Tipo de identificación', 'Número de identificación']);
    expect(sheet!.getRow(2).getCell(4).value).toBe('María Pérez');
    expect(help!.name).toBe('Instrucciones');
    expect(String(help!.getRow(18).getCell(1).value)).toBe('Pagado hasta');
    const csv = await ctx.call('GET', '/api/imports/template', { token: admin.token, query: { kind: 'clients_addresses', type_format: 'csv' } });
    expect(String(csv.body).replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('Tipo de cliente;Tipo de identificación;Número de identificación;Nombre');
    expect((await ctx.call('GET', '/api/imports/template', { token: admin.token, query: { kind: 'otra' } })).status).toBe(422);
  });
});

describe('dry run, commit and the opening position', () => {
  const file = templateCsv(
    `Residencial;V;12.345.678;María Pérez;maria@correo.com;0412-1234567;Femenino;15/04/1980;;Calle 3, casa 12;Lara;Iribarren;Catedral;Centro;;;${addMonths(NOW, -3)};`,
    `;;V-12.345.678;María Pérez;;;;;;Calle 9, casa 1;Lara;Iribarren;Catedral;El Obelisco;;;;2`,
    `Comercial;J;301234567;Bodega Ñandú C.A.;;+58 (414) 765-4321;;;;Av. Principal, local 4;Lara;Iribarren;Catedral;;4711;12,50;;`,
  );

  it('a dry run reports what would happen and writes nothing; the commit then does it', async () => {
    const before = await clientCount();
    const { review, result } = await importFile(ctx, admin.token, Buffer.from(file, 'latin1'));
    expect(review).toMatchObject({ mode: 'dry_run', status: 'done', rows_total: 3, rows_done: 3, errors: [] });
    expect(review.counts).toEqual({ clients_created: 2, clients_updated: 0, clients_unchanged: 0, addresses_created: 3, addresses_updated: 0, addresses_unchanged: 0, rows_in_error: 0 });
    expect(result).toMatchObject({ mode: 'commit', status: 'done', rows_done: 3, counts: review.counts });
    expect(await clientCount()).toBe(before + 2);
    const { client, addresses } = await addressOf('12345678');
    // Windows-1252 with `;`: the accents and the ñ survive; the phone is stored as the client form stores it.
    expect(client).toMatchObject({ name: 'María Pérez', identificationType: 'V', email: 'maria@correo.com', phone: ['4121234567'], gender: 'F', birthDate: '1980-04-15' });
    const byText = Object.fromEntries(addresses.map((address) => [address.address, address]));
    expect(byText['Calle 3, casa 12']).toMatchObject({ months_to_pay: 3, opening_paid_through: addMonths(NOW, -3), solvent_to_date: addMonths(NOW, -3) });
    expect(byText['Calle 9, casa 1']).toMatchObject({ months_to_pay: 2, opening_paid_through: addMonths(NOW, -2) });
    const months = (byText['Calle 3, casa 12']!.payments as { months: { month: string; state: string }[] }[]).flatMap((year) => year.months);
    expect(months.find((entry) => entry.month === addMonths(NOW, -3))?.state).toBe('opening');
    expect(months.find((entry) => entry.month === addMonths(NOW, -2))?.state).toBe('unpaid');
    const shop = (await addressOf('301234567')).addresses[0]!;
    expect(shop).toMatchObject({ type: 1, is_custom_fee: true, fee: '12.50', economic_activity: { name: 'Bodega' } });
    // Without an opening position the ledger starts with the parish's service (2024-01).
    expect(shop.start_month).toBe('2024-01');
  });

  it('the statement shows the opening balance as "Saldo inicial" and owes the months after it', async () => {
    const { client } = await addressOf('12345678');
    const statement = await ctx.call('GET', `/api/clients/statement/${client.id}`, { token: admin.token });
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    const address = statement.body.data.addresses.find((entry: { address: string }) => entry.address === 'Calle 3, casa 12');
    expect(address.months[0]).toMatchObject({ month: addMonths(NOW, -3), state: 'opening' });
    expect(address.months_owed).toBe(3);
  });

  it('importing the same file again changes nothing', async () => {
    const addressesBefore = (await ctx.db.select({ n: count() }).from(addressesPayments))[0]!.n;
    const { review, result } = await importFile(ctx, admin.token, Buffer.from(file, 'latin1'));
    const unchanged = { clients_created: 0, clients_updated: 0, clients_unchanged: 2, addresses_created: 0, addresses_updated: 0, addresses_unchanged: 3, rows_in_error: 0 };
    expect(review.counts).toEqual(unchanged);
    expect(result.counts).toEqual(unchanged);
    expect((await ctx.db.select({ n: count() }).from(addressesPayments))[0]!.n).toBe(addressesBefore);
  });

  it('a client whose data on file differs is updated, never duplicated, and the dry run says what would change', async () => {
    const changed = templateCsv(`Residencial;V;12345678;María Pérez;maria.perez@correo.com;;;;;Calle 3,  casa 12;Lara;Iribarren;Catedral;Centro;;;;`);
    const { review, result } = await importFile(ctx, admin.token, Buffer.from(changed));
    expect(review.changes).toEqual([{ row: 2, column: 'Correo', from: 'maria@correo.com', to: 'maria.perez@correo.com' }]);
    expect(result.counts).toMatchObject({ clients_updated: 1, addresses_unchanged: 1, addresses_created: 0 });
    const rows = await ctx.db.select().from(clients).where(eq(clients.identification, '12345678'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe('maria.perez@correo.com');
    // An empty cell keeps what is on file.
    expect(rows[0]!.phone).toEqual(['4121234567']);
  });

  it('writes one import_clients audit entry per commit with the counts and the SHA-256, and lists the history', async () => {
    const entries = await ctx.db.select().from(auditLogs).where(eq(auditLogs.description, 'import_clients'));
    expect(entries).toHaveLength(3);
    const history = await ctx.call('GET', '/api/imports', { token: admin.token, query: { per_page: 50 } });
    expect(history.body.data.total).toBe(6);
    const latest = history.body.data.data[0];
    expect((entries.at(-1)!.properties as { attributes: Record<string, unknown> }).attributes).toMatchObject({ file_sha256: latest.file_hash, clients_updated: 1, status: 'done' });
    expect(latest).toMatchObject({ mode: 'commit', file_name: 'clientes.csv', user: { id: admin.id } });
    expect(latest.file_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('rows in error', () => {
  const bad = templateCsv(
    `Residencial;V;20111222;Ana Gómez;;0412-12;;;;Calle 1;Lara;Iribarren;Catedral;Centra;;;;`,
    `Residencial;V;20111333;Luis Díaz;luis@correo;;;;;Calle 2;Lara;Iribarren;Catedral;Centro;;;2026-13;`,
    `Residencial;V;20111444;Eva Ruiz;;;;;;Calle 4;Lara;Iribarren;Catedral;Centro;;;;`,
    `Residencial;V;20111444;Eva Ruiz;;;;;;Calle 4;Lara;Iribarren;Catedral;Centro;;;;`,
    `Residencial;V;20111444;Eva Rodríguez;;;;;;Calle 5;Lara;Iribarren;Catedral;Centro;;;;`,
    `Residencial;J;20111555;Pedro Mora;;;;;;Calle 6;Lara;Iribarren;Catedral;Centro;;;;`,
    `Residencial;V;20111666;Rosa Paz;;;;;;Calle 7;Lara;Iribarren;Catedral;Centro;;;${addMonths(lastPayableMonth(), 1)};`,
  );

  it('names each bad row and column with the form message, the duplicates in the file and the closest names on file', async () => {
    const dry = await postImport(ctx, admin.token, Buffer.from(bad), { mode: 'dry_run' }, 'con errores.csv');
    const review = await settled(ctx, admin.token, dry.body.data.id);
    expect(review.counts).toMatchObject({ rows_in_error: 6, clients_created: 1, addresses_created: 1 });
    expect(review.errors).toEqual([
      { row: 2, column: 'Teléfonos', message: clientMessages.phoneFormat },
      { row: 2, column: 'Comunidad', message: importMessages.unknownUnit('La Comunidad', 'Centra', ['Centro']) },
      { row: 3, column: 'Correo', message: 'El formato de Correo es inválido.' },
      { row: 3, column: 'Pagado hasta', message: 'El campo Pagado hasta es inválido.' },
      { row: 5, column: 'Dirección', message: importMessages.repeatedAddress(4) },
      { row: 6, column: 'Nombre', message: importMessages.clientDiffers(4, 'Nombre') },
      { row: 7, column: 'Tipo de identificación', message: clientMessages.identificationTypeMismatch(0) },
      { row: 8, column: 'Pagado hasta', message: addressMessages.openingBeyond('Pagado hasta', lastPayableMonth()) },
    ]);
    expect(await ctx.db.select().from(clients).where(eq(clients.identification, '20111444'))).toHaveLength(0);
  });

  it('a commit of that file is refused naming the rows, unless only the valid rows are asked for', async () => {
    const refused = await postImport(ctx, admin.token, Buffer.from(bad), { mode: 'commit' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(importMessages.hasErrors([2, 3, 5, 6, 7, 8]));
    const unseen = await postImport(ctx, admin.token, Buffer.from(`${bad}\r\n`), { mode: 'commit' });
    expect(unseen.body.message).toBe(importMessages.needsDryRun);
    const valid = await postImport(ctx, admin.token, Buffer.from(bad), { mode: 'commit', only_valid: 'true' });
    const result = await settled(ctx, admin.token, valid.body.data.id);
    expect(result.counts).toMatchObject({ clients_created: 1, addresses_created: 1, rows_in_error: 6 });
    expect(await ctx.db.select().from(clients).where(eq(clients.identification, '20111444'))).toHaveLength(1);
  });

  it('downloads the file back as XLSX with an "Error" column', async () => {
    const dry = await postImport(ctx, admin.token, Buffer.from(bad), { mode: 'dry_run' }, 'con errores.csv');
    await settled(ctx, admin.token, dry.body.data.id);
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/imports/${dry.body.data.id}/errors`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('con errores - errores.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(19).value).toBe('Error');
    expect(String(sheet.getRow(2).getCell(19).value)).toContain(`Teléfonos: ${clientMessages.phoneFormat}`);
    expect(sheet.getRow(4).getCell(19).value ?? '').toBe('');
    expect(sheet.rowCount).toBe(8);
  });
});

describe('cancelling', () => {
  it('a finished import can not be cancelled; an unknown one is not found', async () => {
    const dry = await postImport(ctx, admin.token, Buffer.from(templateCsv(`;V;9000001;Uno;;;;;;;;;;;;;;`)), { mode: 'dry_run' });
    await settled(ctx, admin.token, dry.body.data.id);
    const late = await ctx.call('POST', `/api/imports/${dry.body.data.id}/cancel`, { token: admin.token });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(importMessages.notCancellable);
    expect((await ctx.call('POST', '/api/imports/999999/cancel', { token: admin.token })).status).toBe(404);
  });
});
