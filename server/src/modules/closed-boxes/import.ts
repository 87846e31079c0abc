import Decimal from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { closedBoxImportMessages as rowMessage, closedBoxMessages, type ClosedBoxImportFields, type ImportReport } from '@recaudo/domain/closed-boxes';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, fieldError } from '../../platform/errors';
import type { AuthContext } from '../auth/service';
import { paymentScope } from '../payments/queries';
import { payments } from '../payments/tables';
import { AUDIT_MODULE, insertClosedBox } from './service';

/**
 * `closed-boxs/import` (docs/decisions.md, Cash closings): a CSV with one row per payment of a
 * point-of-sale lot, `terminal,lote,referencia,monto`, as the terminal's lot report lists them.
 * Each row must name exactly one unclosed payment within the caller's reach with that terminal,
 * lot and reference, and its amount to the cent. Every row is checked first; with any bad row
 * nothing is imported and the answer lists each one by its line number; otherwise the closing is
 * created with all the payments in one transaction.
 */

interface ParsedRow {
  line: number;
  terminal: string;
  lot: string;
  reference: string;
  amount: string;
}

const MAX_ROWS = 5000;

/** The rows of the file (line 1 is the header) and the problems found in them alone. */
function readRows(csv: Buffer): { rows: ParsedRow[]; errors: string[] } {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, to: MAX_ROWS + 1 }) as string[][];
  } catch {
    throw fieldError('file', closedBoxMessages.csvOnly);
  }
  const rows: ParsedRow[] = [];
  const errors: string[] = [];
  records.slice(1).forEach((record, index) => {
    const line = index + 2;
    if (record.length !== 4) return errors.push(rowMessage.columns(line));
    const [terminal = '', lot = '', reference = '', amount = ''] = record;
    const missing = [
      ['terminal', terminal],
      ['lote', lot],
      ['referencia', reference],
      ['monto', amount],
    ].find(([, value]) => !value);
    if (missing) return errors.push(rowMessage.required(line, missing[0]!));
    const normalized = amount.replace(/^(\d{1,3}(\.\d{3})+|\d+),(\d{1,2})$/, (_, whole: string, _g, cents: string) => `${whole.replace(/\./g, '')}.${cents}`);
    if (!/^\d{1,16}(\.\d{1,2})?$/.test(normalized)) return errors.push(rowMessage.amount(line));
    // A zero row would close a payment that brought nothing in (issue 31 "No free months").
    if (new Decimal(normalized).isZero()) return errors.push(rowMessage.amountNotPositive(line));
    rows.push({ line, terminal, lot, reference, amount: new Decimal(normalized).toFixed(2) });
  });
  return { rows, errors };
}

/** Checks a CSV upload is text and not another file renamed. */
function csvBuffer(upload: unknown, fileName: string | undefined): Buffer {
  if (!Buffer.isBuffer(upload) || upload.length === 0) throw fieldError('file', closedBoxMessages.csvRequired);
  if (fileName && !/\.csv$/i.test(fileName)) throw fieldError('file', closedBoxMessages.csvOnly);
  if (upload.includes(0)) throw fieldError('file', closedBoxMessages.csvOnly);
  return upload;
}

export async function importClosedBox(db: Database, auth: AuthContext, fields: ClosedBoxImportFields, upload: unknown, fileName?: string) {
  const { rows, errors } = readRows(csvBuffer(upload, fileName));
  if (!rows.length && !errors.length) throw fieldError('file', closedBoxMessages.importEmpty);
  return db.transaction(async (tx) => {
    const references = [...new Set(rows.map((row) => row.reference))];
    const candidates = references.length
      ? await tx
          .select({
            id: payments.id,
            terminal: payments.terminal,
            lot: payments.lotNumber,
            reference: payments.reference,
            amount: sql<string>`${payments.amountPayment}::text`,
          })
          .from(payments)
          .where(and(inArray(payments.reference, references), isNull(payments.closedBoxId), paymentScope(auth)))
          .for('update')
      : [];
    const chosen = new Map<number, number>();
    for (const row of rows) {
      const matches = candidates.filter((payment) => payment.terminal === row.terminal && payment.lot === row.lot && payment.reference === row.reference);
      if (!matches.length) errors.push(rowMessage.notFound(row.line));
      else if (matches.length > 1) errors.push(rowMessage.ambiguous(row.line));
      else if (!new Decimal(matches[0]!.amount).equals(row.amount))
        errors.push(rowMessage.amountMismatch(row.line, new Decimal(matches[0]!.amount).toFixed(2)));
      else if (chosen.has(matches[0]!.id)) errors.push(rowMessage.repeated(row.line, chosen.get(matches[0]!.id)!));
      else chosen.set(matches[0]!.id, row.line);
    }
    if (errors.length) {
      const sorted = errors.sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
      throw new AppError('validation', closedBoxMessages.importFailed, { file: sorted });
    }
    const closing = await insertClosedBox(tx, auth, { ...fields, checkbook_number: null }, null);
    const ids = [...chosen.keys()];
    await tx.update(payments).set({ closedBoxId: closing.id, updatedAt: new Date() }).where(inArray(payments.id, ids));
    await recordAudit(tx, {
      module: AUDIT_MODULE,
      event: 'import_closed_boxs',
      causerId: auth.user.id,
      subjectId: closing.id,
      attributes: { payments: ids.sort((a, b) => a - b) },
    });
    const report: ImportReport = { imported: ids.length, errors: [] };
    return { id: closing.id, user_id: closing.userId, report };
  });
}
