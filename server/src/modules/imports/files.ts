import ExcelJS from 'exceljs';
import { ERROR_COLUMN, TEMPLATE_COLUMNS, importMessages } from '@recaudo/domain/imports';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { planBatch } from './plan';
import { importRecord } from './service';
import { openImportFile, type ImportSettings } from './worker';

/** The files an import hands out: the template and the file back with an "Error" column. */

/** A CSV cell: quoted when it holds the separator, a quote or a line break. */
const csvCell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The template: its columns and one example row; the XLSX's second sheet explains each column. */
export async function templateFile(format: 'xlsx' | 'csv'): Promise<Buffer> {
  if (format === 'csv') {
    // `;` and a BOM: what Excel in Spanish opens as columns, with accents intact.
    const lines = [TEMPLATE_COLUMNS.map((column) => csvCell(column.header)), TEMPLATE_COLUMNS.map((column) => csvCell(column.example))];
    return Buffer.from(`\uFEFF${lines.map((line) => line.join(';')).join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clientes y direcciones');
  sheet.columns = TEMPLATE_COLUMNS.map((column) => ({ header: column.header, width: Math.max(14, column.header.length + 4) }));
  // Every cell is text, so identifications keep their zeros and months are not taken for dates.
  sheet.addRow(TEMPLATE_COLUMNS.map((column) => column.example));
  sheet.getRow(1).font = { bold: true };
  for (let index = 1; index <= TEMPLATE_COLUMNS.length; index++) sheet.getColumn(index).numFmt = '@';
  const help = workbook.addWorksheet('Instrucciones');
  help.columns = [
    { header: 'Columna', width: 26 },
    { header: 'Qué contiene y valores permitidos', width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of TEMPLATE_COLUMNS) help.addRow([column.header, column.help]);
  help.addRow([]);
  help.addRow(['Filas', 'Una fila es una dirección de pago de un cliente: un cliente con tres direcciones ocupa tres filas con la misma identificación.']);
  help.addRow(['Exportaciones', 'También se importan los XLSX que exportan las pantallas Clientes y Direcciones de Pagos de Recaudo.']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import's file back as XLSX: its columns, every row, and an "Error" column naming each row's problems. */
export async function errorsFile(db: Database, storage: FileStorage, id: number, settings: ImportSettings, now = new Date()): Promise<{ name: string; data: Buffer }> {
  const record = await importRecord(db, id);
  if (!record.errorRows.length && record.counts.rows_in_error === 0) throw new AppError('validation', importMessages.noErrors);
  const file = await openImportFile(db, storage, record, settings, now);
  const workbook = new ExcelJS.Workbook();
  const out = workbook.addWorksheet('Filas');
  const headers = file.headers.filter((header) => header.trim() !== ERROR_COLUMN);
  const kept = file.headers.map((header, index) => (header.trim() === ERROR_COLUMN ? -1 : index)).filter((index) => index >= 0);
  out.addRow([...headers, ERROR_COLUMN]).font = { bold: true };
  for (let index = 1; index <= headers.length; index++) out.getColumn(index).numFmt = '@';
  for await (const batch of file.batches(settings.batchRows * 4)) {
    const plan = await planBatch(db, batch.rows, now, file.mapping.headers);
    const messages = new Map<number, string[]>();
    for (const error of plan.errors) messages.set(error.row, [...(messages.get(error.row) ?? []), `${error.column}: ${error.message}`]);
    for (const row of batch.sources) out.addRow([...kept.map((index) => row.cells[index] ?? ''), (messages.get(row.line) ?? []).join(' · ')]);
  }
  out.getColumn(headers.length + 1).width = 80;
  const base = record.fileName.replace(/\.(xlsx|csv)$/i, '');
  return { name: `${base} - errores.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
