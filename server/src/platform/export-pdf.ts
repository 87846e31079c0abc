import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import type { ExportJob } from './export';

/** Cell padding, in points. */
const PADDING = 3;
const FONT_SIZE = 8;
/** Distinct words whose width is remembered before the memory starts over. */
const REMEMBERED_WIDTHS = 20_000;

/**
 * A word's width in the current font, remembered per font: most words of a column repeat (a
 * status, a method, a month, "BS", "VACIO"), and pdfkit measures a text glyph by glyph with its
 * kerning pairs, the largest cost of a PDF export.
 */
function widthMemory(doc: PDFKit.PDFDocument) {
  const known = new Map<string, number>();
  return (font: string, text: string) => {
    const key = `${font}\0${text}`;
    let width = known.get(key);
    if (width === undefined) {
      if (known.size >= REMEMBERED_WIDTHS) known.clear();
      width = doc.widthOfString(text);
      known.set(key, width);
    }
    return width;
  };
}

/**
 * A word as the pieces a line may end between: after a hyphen or a slash ("25-11-" "2026"), and
 * a piece still wider than the column by characters.
 */
function piecesOf(word: string, width: number, widthOf: (text: string) => number): { text: string; width: number }[] {
  const whole = widthOf(word);
  if (whole <= width) return [{ text: word, width: whole }];
  const pieces: { text: string; width: number }[] = [];
  for (const part of word.match(/[^-/]+[-/]*|[-/]+/g) ?? []) {
    const partWidth = widthOf(part);
    if (partWidth <= width) {
      pieces.push({ text: part, width: partWidth });
      continue;
    }
    let chunk = '';
    let chunkWidth = 0;
    for (const char of part) {
      const charWidth = widthOf(char);
      if (chunk && chunkWidth + charWidth > width) {
        pieces.push({ text: chunk, width: chunkWidth });
        chunk = '';
        chunkWidth = 0;
      }
      chunk += char;
      chunkWidth += charWidth;
    }
    pieces.push({ text: chunk, width: chunkWidth });
  }
  return pieces;
}

/**
 * A cell's lines within `width`: greedy, breaking at spaces, then inside a word after a hyphen
 * or a slash, then between characters, as pdfkit's wrapper breaks them.
 */
function cellLines(text: string, width: number, widthOf: (text: string) => number): string[] {
  const space = widthOf(' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(' ')) {
      piecesOf(word, width, widthOf).forEach((piece, index) => {
        const gap = index === 0 && line ? space : 0;
        if (line && lineWidth + gap + piece.width > width) {
          lines.push(line);
          line = piece.text;
          lineWidth = piece.width;
        } else {
          line += (gap ? ' ' : '') + piece.text;
          lineWidth += gap + piece.width;
        }
      });
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The export as a landscape A4 table: the columns share the page by their relative widths, a
 * long cell wraps within its column and the row grows to its tallest cell, and each page
 * repeats the header row. Cells are broken into lines here, from remembered word widths, and
 * each line written without pdfkit's wrapper, which wrapped every cell twice (to measure the
 * row, then to write it): most of a PDF export's CPU with 23 narrow columns where dates and
 * amounts take two or three lines.
 */
export function exportPdf<T>({ fileName, columns }: ExportJob<T>, rows: AsyncIterable<T>): Readable {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30, info: { Title: fileName } });
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const totalWeight = columns.reduce((sum, column) => sum + (column.width ?? 18), 0);
  const widths = columns.map((column) => ((column.width ?? 18) / totalWeight) * usable);
  const inner = widths.map((width) => width - 2 * PADDING);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const widthOf = widthMemory(doc);

  const drawRow = (cells: string[], bold: boolean) => {
    const font = bold ? 'Helvetica-Bold' : 'Helvetica';
    doc.font(font).fontSize(FONT_SIZE);
    const lineHeight = doc.currentLineHeight(true);
    const lines = cells.map((cell, index) => cellLines(cell, inner[index]!, (text) => widthOf(font, text)));
    const height = Math.max(...lines.map((cell) => cell.length)) * lineHeight + 2 * PADDING;
    if (doc.y + height > bottom()) {
      doc.addPage();
      if (!bold) drawHeader();
      doc.font(font).fontSize(FONT_SIZE);
    }
    const top = doc.y;
    let x = left;
    lines.forEach((cell, index) => {
      cell.forEach((line, number) => {
        if (line) doc.text(line, x + PADDING, top + PADDING + number * lineHeight, { lineBreak: false });
      });
      x += widths[index]!;
    });
    doc.moveTo(left, top + height).lineTo(left + usable, top + height).lineWidth(0.3).strokeColor('#999999').stroke();
    doc.x = left;
    doc.y = top + height;
  };
  const drawHeader = () => drawRow(columns.map((column) => column.header), true);

  doc.font('Helvetica-Bold').fontSize(13).text(fileName, left, doc.y);
  doc.moveDown(0.5);
  drawHeader();
  void (async () => {
    for await (const row of rows) {
      if (doc.destroyed) return;
      drawRow(columns.map((column) => String(column.value(row) ?? '')), false);
    }
    doc.end();
  })().catch((error: Error) => doc.destroy(error));
  return doc;
}
