import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { exportPdf } from './export-pdf';
import type { ExportColumn } from './export';

/** A text the PDF writes: where it starts (points from the page's bottom-left) and what it says. */
interface PlacedText {
  page: number;
  x: number;
  y: number;
  bold: boolean;
  size: number;
  text: string;
  /** The text-showing operand as written: glyph codes and kerning. */
  shown: string;
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
    for (const match of content.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm\s+\/F(\d) ([\d.]+) Tf\s+\[(.*?)\] TJ/g)) {
      const hex = [...match[5]!.matchAll(/<([0-9a-f]*)>/g)].map((part) => part[1]).join('');
      const text = Buffer.from(hex, 'hex').toString('latin1').trim();
      placed.push({ page, x: Number(match[1]), y: Number(match[2]), bold: match[3] === '2', size: Number(match[4]), text, shown: match[5]! });
    }
  }
  return placed;
}

type Row = { name: string; address: string };
const columns: ExportColumn<Row>[] = [
  { header: 'Nombre', value: (row) => row.name, width: 30 },
  { header: 'Dirección', value: (row) => row.address, width: 6 },
];

async function pdfOf<T>(rows: T[], table: ExportColumn<T>[]): Promise<PlacedText[]> {
  async function* source() {
    yield* rows;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of exportPdf({ fileName: 'Prueba', columns: table }, source())) chunks.push(chunk as Buffer);
  return placedTexts(Buffer.concat(chunks));
}

describe('exportPdf', () => {
  it('writes a cell that fits on one line as one text, and wraps a long one within its column, the row as tall as it', async () => {
    const long = 'Calle Los Samanes, Casa Nº 17, sector El Ñandú, frente a la plaza';
    const placed = await pdfOf(
      [
        { name: 'José Pérez', address: long },
        { name: 'Ana Díaz', address: 'Casa 2' },
      ],
      columns,
    );
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

  it('sizes 20 columns so an id, a date, an amount, a name and a header word stay whole, at 6 to 8 points', async () => {
    type Wide = Record<string, string>;
    const values = ['1234567', '25-11-2026 10:30 am', 'BS 12.285,26', 'Administrador Recaudo', 'Transferencia', 'V-15319110'];
    const wide: ExportColumn<Wide>[] = Array.from({ length: 20 }, (_, index) => ({
      header: index === 3 ? 'Identificación' : `Columna ${index}`,
      value: (row: Wide) => row[`c${index}`],
      width: 8 + (index % 3) * 8,
    }));
    const rows = Array.from({ length: 30 }, (_, row) => Object.fromEntries(wide.map((_, index) => [`c${index}`, `${values[index % values.length]}${index === 0 ? row : ''}`])));
    const placed = await pdfOf(rows, wide);
    const words = new Set([...rows.flatMap((row) => Object.values(row)), ...wide.map((column) => column.header)].flatMap((text) => text.split(' ')));
    for (const text of placed.filter((line) => line.text !== 'Prueba')) {
      for (const word of text.text.split(' ')) expect(words.has(word), `"${word}" in "${text.text}"`).toBe(true);
      expect(text.size).toBeGreaterThanOrEqual(6);
      expect(text.size).toBeLessThanOrEqual(8);
    }
    const dates = rows.flatMap((row) => Object.values(row)).filter((value) => value === values[1]).length;
    expect(placed.filter((text) => !text.bold && text.text.startsWith('25-11-2026'))).toHaveLength(dates);
  });

  it('breaks a word wider than the page after a hyphen, then between characters, and keeps every character', async () => {
    const long = `${'a'.repeat(120)}-${'b'.repeat(120)}`;
    const id = 'J'.repeat(400);
    const placed = await pdfOf(
      [
        { name: 'Uno', address: long },
        { name: 'Dos', address: id },
      ],
      columns,
    );
    const body = placed.filter((text) => !text.bold);
    const column = Math.max(...body.map((text) => text.x));
    const [uno, dos] = [body.find((text) => text.text === 'Uno')!, body.find((text) => text.text === 'Dos')!];
    const longLines = body.filter((text) => text.x === column && text.y <= uno.y && text.y > dos.y).map((text) => text.text);
    expect(longLines[0]).toBe(`${'a'.repeat(120)}-`);
    expect(longLines.join('')).toBe(long);
    const idLines = body.filter((text) => text.x === column && text.y <= dos.y).map((text) => text.text);
    expect(idLines.length).toBeGreaterThan(1);
    expect(idLines.join('')).toBe(id);
  });

  it('writes each line with the glyph codes and kerning pdfkit itself writes for it', async () => {
    const placed = await pdfOf([{ name: 'AVAWAT Fecha Ñandú', address: 'Tó € Vía' }], columns);
    const reference = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30 });
    const chunks: Buffer[] = [];
    reference.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => reference.on('end', resolve));
    reference.font('Helvetica-Bold');
    reference.font('Helvetica');
    for (const text of placed) reference.font(text.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(text.size).text(text.text, 40, 40, { lineBreak: false });
    reference.end();
    await ended;
    const written = placedTexts(Buffer.concat(chunks));
    expect(placed.map((text) => text.text)).toContain('AVAWAT Fecha Ñandú');
    expect(placed.some((text) => /> -?\d+(\.\d+)? </.test(text.shown))).toBe(true);
    expect(placed.map((text) => [text.text, text.bold, text.size, text.shown])).toEqual(written.map((text) => [text.text, text.bold, text.size, text.shown]));
  });

  it('repeats the header row on every page and keeps every row', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => ({ name: `Cliente ${index + 1}`, address: `Casa ${index + 1}` }));
    const placed = await pdfOf(rows, columns);
    const pages = Math.max(...placed.map((text) => text.page));
    expect(pages).toBeGreaterThan(1);
    expect(placed.filter((text) => text.bold && text.text === 'Dirección')).toHaveLength(pages);
    expect(placed.filter((text) => !text.bold && text.text.startsWith('Cliente ')).map((text) => text.text)).toEqual(rows.map((row) => row.name));
  });
});
