import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { exportPdf } from './export-pdf';
import type { ExportColumn } from './export';

/** A text the PDF writes: where it starts (points from the page's bottom-left) and what it says. */
interface PlacedText {
  page: number;
  x: number;
  y: number;
  bold: boolean;
  text: string;
}

/** The texts of each page's content stream, decoded from pdfkit's hex glyph strings (WinAnsi, Latin-1 for these letters). */
function placedTexts(pdf: Buffer): PlacedText[] {
  const placed: PlacedText[] = [];
  let page = 0;
  for (let at = pdf.indexOf('stream\n'); at >= 0; at = pdf.indexOf('stream\n', at + 1)) {
    const end = pdf.indexOf('\nendstream', at);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(at + 7, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!content.includes(' TJ')) continue;
    page++;
    for (const match of content.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm\s+\/F(\d) [\d.]+ Tf\s+\[(.*?)\] TJ/g)) {
      const hex = [...match[4]!.matchAll(/<([0-9a-f]*)>/g)].map((part) => part[1]).join('');
      placed.push({ page, x: Number(match[1]), y: Number(match[2]), bold: match[3] === '2', text: Buffer.from(hex, 'hex').toString('latin1').trim() });
    }
  }
  return placed;
}

type Row = { name: string; address: string };
const columns: ExportColumn<Row>[] = [
  { header: 'Nombre', value: (row) => row.name, width: 30 },
  { header: 'Dirección', value: (row) => row.address, width: 6 },
];

async function pdfOf(rows: Row[]): Promise<PlacedText[]> {
  async function* source() {
    yield* rows;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of exportPdf({ fileName: 'Prueba', columns, source: { rows: async () => [], count: async () => 0 } }, source())) chunks.push(chunk as Buffer);
  return placedTexts(Buffer.concat(chunks));
}

describe('exportPdf', () => {
  it('writes a cell that fits on one line as one text, and wraps a long one within its column, the row as tall as it', async () => {
    const long = 'Calle Los Samanes, Casa Nº 17, sector El Ñandú, frente a la plaza';
    const placed = await pdfOf([
      { name: 'José Pérez', address: long },
      { name: 'Ana Díaz', address: 'Casa 2' },
    ]);
    const body = placed.filter((text) => !text.bold);
    const [jose, ana] = [body.find((text) => text.text === 'José Pérez')!, body.find((text) => text.text === 'Ana Díaz')!];
    expect(jose).toBeDefined();
    expect(ana).toBeDefined();
    const addressColumnX = body.find((text) => text.text === 'Casa 2')!.x;
    const wrapped = body.filter((text) => text.x === addressColumnX && text.y <= jose.y && text.y > ana.y);
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped.map((text) => text.text).join(' ')).toBe(long);
    expect(wrapped[0]!.y).toBe(jose.y);
    // The next row starts below the wrapped cell's last line.
    expect(ana.y).toBeLessThan(wrapped.at(-1)!.y);
  });

  it('breaks a word wider than its column after a hyphen, then between characters, and keeps every character', async () => {
    const narrow: ExportColumn<Row>[] = [
      { header: 'Nombre', value: (row) => row.name, width: 57 },
      { header: 'Fecha', value: (row) => row.address, width: 3 },
    ];
    const chunks: Buffer[] = [];
    async function* source() {
      yield { name: 'Uno', address: '25-11-2026 10:30 am' };
      yield { name: 'Dos', address: 'J123456789012' };
    }
    for await (const chunk of exportPdf({ fileName: 'Prueba', columns: narrow, source: { rows: async () => [], count: async () => 0 } }, source())) chunks.push(chunk as Buffer);
    const body = placedTexts(Buffer.concat(chunks)).filter((text) => !text.bold);
    const column = Math.max(...body.map((text) => text.x));
    const [uno, dos] = [body.find((text) => text.text === 'Uno')!, body.find((text) => text.text === 'Dos')!];
    const dateLines = body.filter((text) => text.x === column && text.y <= uno.y && text.y > dos.y).map((text) => text.text);
    expect(dateLines[0]).toBe('25-11-');
    expect(dateLines.length).toBeGreaterThan(2);
    expect(dateLines.join('').replace(/\s/g, '')).toBe('25-11-202610:30am');
    const idLines = body.filter((text) => text.x === column && text.y <= dos.y).map((text) => text.text);
    expect(idLines.length).toBeGreaterThan(1);
    expect(idLines.join('')).toBe('J123456789012');
  });

  it('repeats the header row on every page and keeps every row', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => ({ name: `Cliente ${index + 1}`, address: `Casa ${index + 1}` }));
    const placed = await pdfOf(rows);
    const pages = Math.max(...placed.map((text) => text.page));
    expect(pages).toBeGreaterThan(1);
    expect(placed.filter((text) => text.bold && text.text === 'Dirección')).toHaveLength(pages);
    expect(placed.filter((text) => !text.bold && text.text.startsWith('Cliente ')).map((text) => text.text)).toEqual(rows.map((row) => row.name));
  });
});
