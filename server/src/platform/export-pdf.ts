import PDFDocument from 'pdfkit';
import { PassThrough, type Readable } from 'node:stream';
import { drained } from './drained';
import type { ExportJob } from './export';

/** Cell padding, in points. */
const PADDING = 2;
/** The body's font size, in points: the largest from MAX down to MIN at which the sample's longest words fit. */
const MAX_FONT_SIZE = 8;
const MIN_FONT_SIZE = 6;
/** Rows read before the layout is set. */
const SAMPLE_ROWS = 200;
/** Distinct words whose width, and lines whose written form, are remembered before the memory starts over. */
const REMEMBERED_TEXTS = 20_000;

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** The measure of words in a font and size. */
type WidthOf = (font: string, size: number) => (text: string) => number;

/** `compute` of a text, remembered for up to `limit` texts (then forgotten all at once). */
function remembered<V>(compute: (text: string) => V, limit = REMEMBERED_TEXTS): (text: string) => V {
  const known = new Map<string, V>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      if (known.size >= limit) known.clear();
      value = compute(text);
      known.set(text, value);
    }
    return value;
  };
}

/**
 * A word's width in a font and size, remembered: most words of a column repeat (a
 * status, a method, a month, "BS", "VACIO"), and pdfkit measures a text glyph by glyph with its
 * kerning pairs, the largest cost of a PDF export. One memory per font and size, keyed by the
 * word alone: a key joining font, size and word cost a twelfth of the export in building and
 * hashing it.
 */
function widthMemory(doc: PDFKit.PDFDocument): WidthOf {
  const measurers = new Map<string, (text: string) => number>();
  return (font: string, size: number) => {
    const fontAndSize = `${font} ${size}`;
    let measure = measurers.get(fontAndSize);
    if (!measure) {
      measure = remembered((text) => doc.font(font).fontSize(size).widthOfString(text));
      measurers.set(fontAndSize, measure);
    }
    return measure;
  };
}

/** pdfkit's standard font as a document holds it (`doc._font`): how a page names it, its glyph codes and kerning. */
interface DocumentFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
  ref(): unknown;
}

/** The document's current font, as its text writer reads it; pdfkit's internals, checked so a change in them fails loudly. */
function currentFont(doc: PDFKit.PDFDocument): DocumentFont {
  const font = (doc as unknown as { _font?: Partial<DocumentFont> })._font;
  if (typeof font?.id !== 'string' || typeof font.ascender !== 'number' || typeof font.encode !== 'function' || typeof font.ref !== 'function') {
    throw new Error('pdfkit ya no expone la fuente como la escribe esta exportación (doc._font)');
  }
  return font as DocumentFont;
}

/** A number as pdfkit writes it into a content stream: at most six decimals. */
const pdfNumber = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A line's text-showing operator as pdfkit's `_fragment` writes it: the font's glyph codes, split
 * after every glyph whose kerning with the next one moves it, by that amount.
 */
function showText(font: DocumentFont, text: string): string {
  const [codes, positions] = font.encode(text);
  const parts: string[] = [];
  let start = 0;
  positions.forEach((position, index) => {
    const kerning = position.xAdvance - position.advanceWidth;
    if (kerning !== 0 || index === positions.length - 1) {
      parts.push(`<${codes.slice(start, index + 1).join('')}> ${pdfNumber(-kerning)}`);
      start = index + 1;
    }
  });
  return `[${parts.join(' ')}] TJ`;
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

interface TableLayout {
  fontSize: number;
  widths: number[];
}

/**
 * Column widths and font size from the header and a sample of rows: every column is at least as
 * wide as its longest word (a 7-digit id, a date, "Identificación" in bold), at the largest font
 * size from 8 down to 6 points where all of them fit, and the width left over is shared by the
 * columns' relative widths. Past 6 points the columns shrink in proportion and the longest words
 * break. Weights alone gave a 23-column payments table columns too narrow for an id or a date.
 */
function tableLayout(columns: { width?: number }[], headers: string[], sample: string[][], usable: number, widthOf: WidthOf): TableLayout {
  const longest = (font: string, texts: string[]) => {
    const measure = widthOf(font, MAX_FONT_SIZE);
    return Math.max(0, ...texts.flatMap((text) => text.split(/\s+/)).map((word) => measure(word)));
  };
  const needs = columns.map((_, index) =>
    Math.max(longest(BOLD, [headers[index]!]), longest(REGULAR, sample.map((cells) => cells[index]!))),
  );
  const padding = 2 * PADDING * columns.length;
  const needed = needs.reduce((sum, need) => sum + need, 0);
  const fontSize = Math.max(MIN_FONT_SIZE, Math.min(MAX_FONT_SIZE, Math.floor((MAX_FONT_SIZE * (usable - padding) * 10) / Math.max(needed, 1)) / 10));
  const fitted = needs.map((need) => (need * fontSize) / MAX_FONT_SIZE + 2 * PADDING);
  const total = fitted.reduce((sum, width) => sum + width, 0);
  if (total > usable) return { fontSize, widths: fitted.map((width) => (width * usable) / total) };
  const weights = columns.map((column) => column.width ?? 18);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  return { fontSize, widths: fitted.map((width, index) => width + ((usable - total) * weights[index]!) / totalWeight) };
}

/**
 * The export as a landscape A4 table: the columns are laid out from the first rows
 * (`tableLayout`), a long cell wraps within its column and the row grows to its tallest cell, and each page
 * repeats the header row. Cells are broken into lines here, from remembered word widths, and
 * each line written without pdfkit's wrapper, which wrapped every cell twice (to measure the
 * row, then to write it): most of a PDF export's CPU with 23 narrow columns where dates and
 * amounts take two or three lines.
 */
export function exportPdf<T>({ fileName, columns }: Pick<ExportJob<T>, 'fileName' | 'columns'>, rows: AsyncIterable<T>): Readable {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30, info: { Title: fileName } });
  // pdfkit buffers whatever it writes: rows are drawn only while the reader keeps up.
  const out = new PassThrough();
  doc.pipe(out);
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const widthOf = widthMemory(doc);
  const headers = columns.map((column) => column.header);
  const cellsOf = (row: T) => columns.map((column) => String(column.value(row) ?? ''));
  let layout: TableLayout = { fontSize: MAX_FONT_SIZE, widths: [] };
  const shown = new Map<string, (text: string) => string>();
  const shownIn = (font: DocumentFont) => {
    let show = shown.get(font.id);
    if (!show) shown.set(font.id, (show = remembered((text) => showText(font, text))));
    return show;
  };

  const drawRow = (cells: string[], bold: boolean) => {
    const font = bold ? BOLD : REGULAR;
    const { fontSize, widths } = layout;
    doc.font(font).fontSize(fontSize);
    const lineHeight = doc.currentLineHeight(true);
    const measure = widthOf(font, fontSize);
    const lines = cells.map((cell, index) => cellLines(cell, widths[index]! - 2 * PADDING, measure));
    const height = Math.max(...lines.map((cell) => cell.length)) * lineHeight + 2 * PADDING;
    if (doc.y + height > bottom()) {
      doc.addPage();
      if (!bold) drawHeader();
    }
    doc.font(font).fontSize(fontSize);
    const top = doc.y;
    writeLines(lines, top, lineHeight);
    doc.moveTo(left, top + height).lineTo(left + usable, top + height).lineWidth(0.3).strokeColor('#999999').stroke();
    doc.x = left;
    doc.y = top + height;
  };

  /**
   * A row's lines as one block of the page's content, each placed and written as pdfkit's
   * `text(line, x, y, { lineBreak: false })` writes it. Through `text`, every line cost pdfkit
   * eight content writes (state, flip, placement, font, glyphs), most of a PDF export's CPU.
   */
  const writeLines = (lines: string[][], top: number, lineHeight: number) => {
    const font = currentFont(doc);
    const { fontSize, widths } = layout;
    const pageFonts = doc.page.fonts as Record<string, unknown>;
    pageFonts[font.id] ??= font.ref();
    const show = shownIn(font);
    const selected = `/${font.id} ${pdfNumber(fontSize)} Tf`;
    const ascent = (font.ascender / 1000) * fontSize;
    let content = `q\n1 0 0 -1 0 ${pdfNumber(doc.page.height)} cm\nBT`;
    let x = left;
    lines.forEach((cell, index) => {
      cell.forEach((line, number) => {
        const y = doc.page.height - (top + PADDING + number * lineHeight) - ascent;
        if (line) content += `\n1 0 0 1 ${pdfNumber(x + PADDING)} ${pdfNumber(y)} Tm\n${selected}\n${show(line)}`;
      });
      x += widths[index]!;
    });
    doc.addContent(`${content}\nET\nQ`);
  };
  const drawHeader = () => drawRow(headers, true);

  void (async () => {
    const iterator = rows[Symbol.asyncIterator]();
    const sample: string[][] = [];
    let next = await iterator.next();
    for (; !next.done && sample.length < SAMPLE_ROWS; next = await iterator.next()) sample.push(cellsOf(next.value));
    layout = tableLayout(columns, headers, sample, usable, widthOf);
    doc.font(BOLD).fontSize(13).text(fileName, left, doc.y);
    doc.moveDown(0.5);
    drawHeader();
    for (const cells of sample) drawRow(cells, false);
    for (; !next.done; next = await iterator.next()) {
      if (out.destroyed) return;
      drawRow(cellsOf(next.value), false);
      await drained(out);
    }
    doc.end();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
