import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness';
import { allRows, sendExport, type RowSource } from './export';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ roleId: 1 });
});
afterAll(() => ctx.close());

describe('allRows', () => {
  it('walks a keyed source in key order, a batch of keys at a time, never paging by offset', async () => {
    const loads: number[][] = [];
    const source: RowSource<{ id: number }> = {
      rows: () => Promise.reject(new Error('paged by offset')),
      count: () => Promise.resolve(7),
      walk: {
        keys: () => Promise.resolve([7, 3, 9, 1, 5, 2, 8]),
        load: (keys) => {
          loads.push(keys);
          // Any order from the database: the walk keeps the keys' order.
          return Promise.resolve(keys.map((id) => ({ id })));
        },
      },
    };
    const seen: number[] = [];
    for await (const row of allRows(source, 3)) seen.push(row.id);
    expect(seen).toEqual([7, 3, 9, 1, 5, 2, 8]);
    expect(loads).toEqual([
      [7, 3, 9],
      [1, 5, 2],
      [8],
    ]);
  });

  it('walks an empty list without loading anything', async () => {
    const source: RowSource<{ id: number }> = {
      rows: () => Promise.reject(new Error('paged by offset')),
      count: () => Promise.resolve(0),
      walk: { keys: () => Promise.resolve([]), load: () => Promise.reject(new Error('loaded nothing')) },
    };
    const seen: unknown[] = [];
    for await (const row of allRows(source)) seen.push(row);
    expect(seen).toEqual([]);
  });

  it('passes on an error of a batch', async () => {
    const source: RowSource<{ id: number }> = {
      rows: () => Promise.reject(new Error('paged by offset')),
      count: () => Promise.resolve(4),
      walk: { keys: () => Promise.resolve([1, 2, 3, 4]), load: (keys) => (keys[0] === 3 ? Promise.reject(new Error('se cayó')) : Promise.resolve(keys.map((id) => ({ id })))) },
    };
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const row of allRows(source, 2)) seen.push(row.id);
      })(),
    ).rejects.toThrow('se cayó');
    expect(seen).toEqual([1, 2]);
  });
});

describe('an export across several batches', () => {
  it('writes every client of the list once, in the list order (created_at desc, id), as the pages show them', async () => {
    const tag = `Lote${Date.now()}`;
    // 2 500 clients, many sharing a creation time, so the order's tie-breaker decides across batches.
    await ctx.db.execute(sql`
      insert into clients (type, name, identification_type, identification, phone, created_at)
      select 0, ${tag} || ' ' || n, 'V', ${String(Date.now()).slice(-6)} || lpad(n::text, 5, '0'), '[]', now() - make_interval(secs => n / 7)
      from generate_series(1, 2500) as n`);
    const csv = await ctx.call('GET', '/api/clients/export/data', { token: admin.token, query: { search: tag, type_format: 'csv' } });
    expect(csv.status).toBe(200);
    const rows = parse(String(csv.body).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((row) => row.Nombre)).size).toBe(2500);
    const pages: string[] = [];
    for (let page = 1; page <= 12; page++) {
      const { body } = await ctx.call('GET', '/api/clients', { token: admin.token, query: { search: tag, page, per_page: 100 } });
      pages.push(...body.data.data.map((row: { name: string }) => row.name));
    }
    expect(rows.slice(0, 1200).map((row) => row.Nombre)).toEqual(pages);
  });
});

describe('the CSV text', () => {
  it('quotes what needs quoting, escapes formulas and keeps numbers and empty cells, batch after batch', async () => {
    const cells: { id: number; text: string; note: string | null }[] = [
      { id: 1, text: 'Calle "La Paz", casa 17', note: null },
      { id: 2, text: 'dos\nlíneas', note: '=HYPERLINK("x")' },
      { id: 3, text: ' espacio ', note: '-5' },
    ];
    const app = Fastify();
    app.get('/csv', (_request, reply) =>
      sendExport<(typeof cells)[number]>(reply, 'csv', {
        fileName: 'Prueba Ñ',
        columns: [
          { header: 'N°', value: (row) => row.id },
          { header: 'Texto, largo', value: (row) => row.text },
          { header: 'Nota', value: (row) => row.note },
        ],
        source: { rows: () => Promise.reject(new Error('paged by offset')), count: () => Promise.resolve(3), walk: { keys: () => Promise.resolve([1, 2, 3]), load: (keys) => Promise.resolve(cells.filter((row) => keys.includes(row.id))) } },
      }),
    );
    const answer = await app.inject({ method: 'GET', url: '/csv' });
    await app.close();
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="Prueba N.csv"; filename*=UTF-8''Prueba%20%C3%91.csv`);
    expect(answer.body.startsWith('\uFEFFN°,"Texto, largo",Nota\n')).toBe(true);
    expect(answer.body.endsWith('\n')).toBe(true);
    expect(parse(answer.body.replace(/^\uFEFF/, ''))).toEqual([
      ['N°', 'Texto, largo', 'Nota'],
      ['1', 'Calle "La Paz", casa 17', ''],
      ['2', 'dos\nlíneas', `'=HYPERLINK("x")`],
      ['3', ' espacio ', "'-5"],
    ]);
  });
});

describe('the XLSX file', () => {
  it('holds every row of a long list, written as fast as the zip takes them', async () => {
    const total = 30_000;
    const ids = Array.from({ length: total }, (_, index) => index + 1);
    const app = Fastify();
    app.get('/xlsx', (_request, reply) =>
      sendExport<{ id: number }>(reply, 'xlsx', {
        fileName: 'Largo',
        columns: [
          { header: 'N°', value: (row) => row.id },
          { header: 'Detalle', value: (row) => `Pago número ${row.id} de la dirección Calle 17, casa ${row.id % 97}` },
          { header: 'Fórmula', value: () => '=1+1' },
        ],
        source: { rows: () => Promise.reject(new Error('paged by offset')), count: () => Promise.resolve(total), walk: { keys: () => Promise.resolve(ids), load: (keys) => Promise.resolve(keys.map((id) => ({ id }))) } },
      }),
    );
    const answer = await app.inject({ method: 'GET', url: '/xlsx' });
    await app.close();
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Largo')!;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'N°', 'Detalle', 'Fórmula']);
    expect(sheet.getRow(total + 1).values).toEqual([undefined, total, `Pago número ${total} de la dirección Calle 17, casa ${total % 97}`, "'=1+1"]);
  }, 60_000);

  it('keeps what XML treats specially, drops what it cannot hold, and writes the header in bold', async () => {
    const app = Fastify();
    app.get('/xlsx', (_request, reply) =>
      sendExport<{ id: number }>(reply, 'xlsx', {
        fileName: 'Especiales',
        columns: [
          { header: 'Nombre <S&A>', value: () => 'Pérez & Hijos <C.A.> "El Sol"\u0001\u001f' },
          { header: 'Vacío', value: () => null },
          { header: 'Monto', value: () => 1234.5 },
        ],
        source: { rows: (_limit, offset) => Promise.resolve(offset ? [] : [{ id: 1 }]), count: () => Promise.resolve(1) },
      }),
    );
    const answer = await app.inject({ method: 'GET', url: '/xlsx' });
    await app.close();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Especiales')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nombre <S&A>', 'Vacío', 'Monto']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Pérez & Hijos <C.A.> "El Sol"', undefined, 1234.5]);
  });
});
