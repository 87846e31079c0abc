import { deflateRawSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages } from '@recaudo/domain/imports';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { postImport, seedImportPlaces, settled, templateCsv, xlsxOf } from '../../../test/import-fixture';
import { imports } from './tables';

let ctx: TestContext;
let admin: TestUser;

// 3 rows and 64 KB per file; an XLSX may inflate to 16 times that (1 MB).
beforeAll(async () => {
  ctx = await createTestContext({ IMPORT_MAX_ROWS: '3', IMPORT_MAX_MB: '0.0625' });
  admin = await ctx.staff({ roleId: 1 });
  await seedImportPlaces(ctx.db);
});
afterAll(() => ctx.close());

const importCount = async () => Number((await ctx.db.select({ n: count() }).from(imports))[0]!.n);

/** A one-part ZIP whose directory declares `declaredSize` for a part that inflates to `realSize` bytes. */
function zipWith(realSize: number, declaredSize: number): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = deflateRawSync(Buffer.alloc(realSize, 0x20));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('bad input gets a clear Spanish answer and writes nothing', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, number, string][] = [
    ['a PNG named .csv', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 422, importMessages.notSpreadsheet],
    ['an empty file', () => Buffer.alloc(0), 422, importMessages.empty],
    ['a file of blank lines', () => Buffer.from('\r\n;;\r\n'), 422, importMessages.empty],
    ['a header-only file', () => Buffer.from(templateCsv()), 422, importMessages.headerOnly],
    ['an unknown column', () => Buffer.from('Número de identificación;Nombre;Color favorito\r\n1;Ana;Azul\r\n'), 422, importMessages.unknownColumn('Color favorito')],
    ['no identification column', () => Buffer.from('Nombre;Correo\r\nAna;ana@correo.com\r\n'), 422, importMessages.missingColumn('Número de identificación')],
    ['more rows than IMPORT_MAX_ROWS', () => Buffer.from(templateCsv(...['1', '2', '3', '4'].map((n) => `;V;${n};Ana;;;;;;;;;;;;;;`))), 413, importMessages.tooManyRows(3)],
    ['more bytes than IMPORT_MAX_MB', () => Buffer.from(templateCsv(`;V;1;${'A'.repeat(70_000)};;;;;;;;;;;;;;`)), 413, importMessages.tooLarge(0.06)],
    ['a zip bomb that declares its size', () => zipWith(2 * 1048576, 2 * 1048576), 413, importMessages.expandsTooMuch(1)],
    ['a zip bomb that lies about its size', () => zipWith(2 * 1048576, 100), 413, importMessages.expandsTooMuch(1)],
  ];

  for (const [name, file, status, message] of cases) {
    it(`refuses ${name}`, async () => {
      const before = await importCount();
      const answer = await postImport(ctx, admin.token, await file(), { mode: 'dry_run' }, 'clientes.csv');
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
      expect(await importCount()).toBe(before);
    });
  }

  it('refuses a missing file, kind or mode', async () => {
    expect((await postImport(ctx, admin.token, Buffer.from(templateCsv(';V;1;Ana;;;;;;;;;;;;;;')), { mode: 'borrar' })).body.message).toBe(importMessages.modeInvalid);
    const noKind = await postImport(ctx, admin.token, Buffer.from(templateCsv(';V;1;Ana;;;;;;;;;;;;;;')), { mode: 'dry_run', kind: 'usuarios' });
    expect(noKind.body.message).toBe(importMessages.kindInvalid);
  });
});

describe('cells are read as values', () => {
  it('never evaluates a formula: its kept result is the value, one without a result is empty', async () => {
    const file = await xlsxOf([
      ['Número de identificación', 'Nombre', 'Correo'],
      ['V-7.000.001', { formula: 'CONCATENATE("Jua","n")', result: 'Juan' }, ''],
      ['V-7.000.002', { formula: 'HYPERLINK("http://x","y")' }, ''],
    ]);
    const dry = await postImport(ctx, admin.token, file, { mode: 'dry_run' }, 'formulas.xlsx');
    expect(dry.status).toBe(200);
    const review = await settled(ctx, admin.token, dry.body.data.id);
    expect(review.counts).toMatchObject({ clients_created: 1, rows_in_error: 1 });
    expect(review.errors).toEqual([{ row: 3, column: 'Nombre', message: 'El campo Nombre es obligatorio.' }]);
  });
});
