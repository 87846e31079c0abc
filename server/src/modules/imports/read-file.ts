import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createInflateRaw } from 'node:zlib';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { importMessages } from '@recaudo/domain/imports';
import { AppError } from '../../platform/errors';

/**
 * Reading an uploaded spreadsheet as rows of text (issue 48). The format is decided by the bytes,
 * never by the name: a ZIP is an XLSX, text is a CSV (UTF-8 or Windows-1252, `,` or `;`), anything
 * else is refused. Cells are read as the values they hold: a formula is never evaluated (its last
 * computed value, if the file kept one, is the cell's text).
 */

export interface ReadLimits {
  maxRows: number;
  maxBytes: number;
  /** What the XLSX's parts may inflate to, counted as they inflate (a zip bomb stops here). */
  maxExpandedBytes: number;
}

/** A limit in MB as its messages name it: 50, 0.06. */
export const megabytes = (bytes: number) => Number((bytes / 1048576).toFixed(2));

const tooLarge = (message: string) => new AppError('too_large', message);
const refused = (message: string) => new AppError('validation', message, { file: [message] });

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

export const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === ZIP_LOCAL;

/** Text, not a binary renamed: no NUL byte in what a CSV would be. */
const looksLikeText = (data: Buffer) => !data.subarray(0, 1 << 20).includes(0);

/** Inflates one entry only to count its bytes, stopping as soon as the total passes `budget`. */
function inflatedSize(compressed: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const inflate = createInflateRaw();
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', reject);
    inflate.end(compressed);
  });
}

/**
 * Refuses a ZIP whose parts would inflate past the limit: first by the sizes its directory
 * declares, then by inflating each part as a stream and counting (a directory can lie), never
 * holding more than one chunk of it.
 */
export async function checkZipExpansion(data: Buffer, maxExpandedBytes: number): Promise<void> {
  const endAt = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0 || data.readUInt32LE(endAt) !== ZIP_END || endAt + 22 > data.length) throw refused(importMessages.badWorkbook);
  const entries = data.readUInt16LE(endAt + 10);
  let at = data.readUInt32LE(endAt + 16);
  let declared = 0;
  const parts: { method: number; compressedSize: number; localAt: number }[] = [];
  for (let index = 0; index < entries; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== ZIP_CENTRAL) throw refused(importMessages.badWorkbook);
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    // 0xFFFFFFFF defers the sizes to ZIP64 records: no spreadsheet within the upload limit needs them.
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw tooLarge(importMessages.expandsTooMuch(megabytes(maxExpandedBytes)));
    declared += size;
    parts.push({ method, compressedSize, localAt: data.readUInt32LE(at + 42) });
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  if (declared > maxExpandedBytes) throw tooLarge(importMessages.expandsTooMuch(megabytes(maxExpandedBytes)));
  let inflated = 0;
  for (const part of parts) {
    if (part.localAt + 30 > data.length || data.readUInt32LE(part.localAt) !== ZIP_LOCAL) throw refused(importMessages.badWorkbook);
    const start = part.localAt + 30 + data.readUInt16LE(part.localAt + 26) + data.readUInt16LE(part.localAt + 28);
    const compressed = data.subarray(start, start + part.compressedSize);
    if (part.method === 0) inflated += compressed.length;
    else if (part.method === 8) {
      try {
        inflated += await inflatedSize(compressed, maxExpandedBytes - inflated);
      } catch {
        throw refused(importMessages.badWorkbook);
      }
    } else throw refused(importMessages.badWorkbook);
    if (inflated > maxExpandedBytes) throw tooLarge(importMessages.expandsTooMuch(megabytes(maxExpandedBytes)));
  }
}

/** The quote an export puts before text starting with = + - @ (so no spreadsheet takes it for a formula) is not part of the value. */
const unescapeText = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const isoDay = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;

/** A cell's value as text: the value it holds, a formula's kept result, never the formula. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return unescapeText(value).trim();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDay(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result !== undefined && (typeof result !== 'object' || result instanceof Date) ? cellText(result) : '';
  }
  if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  return '';
}

const blankRow = (cells: string[]) => cells.every((cell) => cell === '');

/** A row of the file: its line (the header is line 1) and its cells as text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/**
 * A file opened for reading: its header row read, its data rows (blank ones left out) read as
 * they are iterated, never all held at once, so a file of any size keeps memory flat and the
 * event loop answers between its chunks.
 */
export interface OpenedSheet {
  format: 'xlsx' | 'csv';
  headers: string[];
  rows: AsyncGenerator<SheetRow>;
}

/** What a parser is fed at a time: small enough that parsing it never holds the event loop long. */
const CHUNK_BYTES = 64 * 1024;

function* slices(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += CHUNK_BYTES) yield data.subarray(at, at + CHUNK_BYTES);
}

async function* xlsxRecords(data: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(slices(data)), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet) yield { line: row.number, cells: Array.from((row.values as ExcelJS.CellValue[]).slice(1), (value) => cellText(value)) };
      break; // The first sheet holds the rows; a template's second one explains the columns.
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refused(importMessages.badWorkbook);
  }
  // A ZIP without a worksheet (a Word document, a plain archive) is no spreadsheet.
  if (!sawSheet) throw refused(importMessages.notSpreadsheet);
}

/** `;` when the header line (the first that is not blank) has more of them than commas (Excel in Spanish), else `,`. */
function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const count = (character: string) => firstLine.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The text in chunks, a turn of the event loop between them. (The decoder drops a UTF-8 BOM.) */
async function* textChunks(data: Buffer, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for (const slice of slices(data)) {
    yield decoder.decode(slice, { stream: true });
    await nextTurn();
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Excel in Spanish saves CSV so). A record's line is its number in the file. */
async function* csvRecords(data: Buffer): AsyncGenerator<SheetRow> {
  const encoding = isUtf8(data) ? 'utf-8' : 'windows-1252';
  const delimiter = delimiterOf(new TextDecoder(encoding).decode(data.subarray(0, CHUNK_BYTES)));
  const parser = Readable.from(textChunks(data, encoding)).pipe(parse({ delimiter, relax_column_count: true, relax_quotes: true }));
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield { line: ++line, cells: record.map((cell) => unescapeText(cell.trim()).trim()) };
  } catch {
    throw refused(importMessages.notSpreadsheet);
  }
}

/** The data rows after the header, blank ones left out, refused past the row limit. */
async function* dataRows(records: AsyncGenerator<SheetRow>, maxRows: number): AsyncGenerator<SheetRow> {
  let count = 0;
  for await (const record of records) {
    if (blankRow(record.cells)) continue;
    if (++count > maxRows) throw tooLarge(importMessages.tooManyRows(maxRows));
    yield record;
  }
}

/** Opens an uploaded file at its header row, or answers the Spanish reason it can't be read (422, or 413 past a limit). */
export async function openSheet(data: Buffer, limits: ReadLimits): Promise<OpenedSheet> {
  if (data.length === 0) throw refused(importMessages.empty);
  if (data.length > limits.maxBytes) throw tooLarge(importMessages.tooLarge(megabytes(limits.maxBytes)));
  let format: OpenedSheet['format'] = 'csv';
  if (isZip(data)) {
    await checkZipExpansion(data, limits.maxExpandedBytes);
    format = 'xlsx';
  } else if (!looksLikeText(data)) throw refused(importMessages.notSpreadsheet);
  const records = format === 'xlsx' ? xlsxRecords(data) : csvRecords(data);
  for (let next = await records.next(); !next.done; next = await records.next()) {
    if (!blankRow(next.value.cells)) return { format, headers: next.value.cells, rows: dataRows(records, limits.maxRows) };
  }
  throw refused(importMessages.empty);
}

/** Counts a file's data rows without keeping them (checking each limit on the way). */
export async function countRows(sheet: OpenedSheet): Promise<number> {
  let count = 0;
  for await (const _row of sheet.rows) count++;
  return count;
}
