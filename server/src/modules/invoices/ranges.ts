import { gt, isNull, sql, type SQL } from 'drizzle-orm';
import { invoiceMessages } from '@recaudo/domain/invoices';
import type { Executor } from '../../db/client';
import { fieldError } from '../../platform/errors';
import type { DocumentType, InvoiceProvider } from '../../providers/invoice/types';
import { legalDocuments, printerRanges } from './tables';

/**
 * The control numbers the printer has left (ConsultaNumeraciones, providers.md §2.3), as last
 * asked by any process: the worker asks before each emission; a payment is refused its document
 * when nothing is left, counting the documents still queued; the Administrador's dashboard warns
 * when little is.
 */

/** Asks the printer and stores the answer; the numbers left, or null when the printer gave none. */
export async function refreshRange(db: Executor, provider: InvoiceProvider, type: DocumentType, serie: string): Promise<number | null> {
  const answer = await provider.numberings(type, serie);
  const ranges = (answer.code === '200' ? (answer.ranges ?? []) : []).filter((range) => [range.from, range.to, range.last].every(Number.isSafeInteger));
  if (!ranges.length) return null;
  // Several ranges may serve a type (a new one assigned before the old runs out): all count.
  const left = ranges.reduce((sum, range) => sum + Math.max(0, range.to - Math.max(range.last, range.from - 1)), 0);
  const rangeTo = Math.max(...ranges.map((range) => range.to));
  const values = { typeDocument: type, rangeFrom: Math.min(...ranges.map((range) => range.from)), rangeTo, lastUsed: rangeTo - left, checkedAt: sql`now()` };
  await db.insert(printerRanges).values(values).onConflictDoUpdate({ target: printerRanges.typeDocument, set: values });
  return left;
}

/**
 * The numbers left for new documents: the printer's last answer, less the documents issued since
 * and those still queued; null before any answer.
 */
export async function rangeLeft(db: Executor): Promise<number | null> {
  const [known] = await db
    .select({ left: sql<string>`min(${printerRanges.rangeTo} - ${printerRanges.lastUsed})`, checkedAt: sql<string>`min(${printerRanges.checkedAt})` })
    .from(printerRanges);
  if (known?.left === null || known?.left === undefined) return null;
  const count = async (where: SQL) =>
    (
      await db
        .select({ count: sql<number>`count(*)::int` })
        .from(legalDocuments)
        .where(where)
    )[0]?.count ?? 0;
  const queued = await count(isNull(legalDocuments.status));
  const issuedSince = await count(gt(legalDocuments.issuedAt, sql`${known.checkedAt}::timestamptz`));
  return Number(known.left) - queued - issuedSince;
}

/** Refuses a new legal document when the printer has no control number left for it (call before queuing it). */
export async function assertRangeLeft(db: Executor, field = 'send_invoice'): Promise<void> {
  const left = await rangeLeft(db);
  if (left !== null && left <= 0) throw fieldError(field, invoiceMessages.rangeExhausted);
}

/** The dashboard's warning when fewer than `threshold` numbers are left, or null. */
export async function rangeWarning(db: Executor, threshold: number): Promise<string | null> {
  const left = await rangeLeft(db);
  if (left === null || left >= threshold) return null;
  return left <= 0 ? invoiceMessages.rangeExhausted : invoiceMessages.rangeLow(left);
}
