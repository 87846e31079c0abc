import Decimal from 'decimal.js';
import { and, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import { formatMoney } from '@recaudo/domain/format-money';
import { PRINTER_REFUSALS, invoiceMessages } from '@recaudo/domain/invoices';
import type { Executor } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { enqueueJob } from '../../platform/queue';
import { addressesPayments } from '../addresses-payment/tables';
import { correlatives } from '../correlatives/tables';
import { payments } from '../payments/tables';
import { noteTotals } from './document';
import { INVOICE_QUEUE, newTransactionId } from './emission';
import { assertRangeLeft } from './ranges';
import { legalDocuments } from './tables';

const NOTE_COUNTER = { '02': correlatives.numberCreditNote, '03': correlatives.numberDebitNote } as const;

export interface NoteFields {
  type: '02' | '03';
  notes: string;
  paymentMethodId: number;
  datePayment: string;
  reference: string | null;
  terminal: string | null;
  lotNumber: string | null;
  /** The note's total in bolivars. */
  total: string;
  createdBy: number | null;
}

/** Notes that count against the invoice: all but the cancelled ones and those the printer refused (it keeps nothing of them). */
const standing = or(isNull(legalDocuments.status), notInArray(legalDocuments.status, [800, ...PRINTER_REFUSALS]));

/**
 * A note stays within its invoice (issue 31): the credit notes together credit at most the
 * invoice's total, a debit note adds at most that total. The caller holds the invoice's row, so
 * two notes written at once are counted one after the other.
 */
export async function assertNoteWithinInvoice(tx: Executor, invoice: typeof legalDocuments.$inferSelect, type: '02' | '03', amount: string) {
  const total = new Decimal(invoice.total);
  if (type === '03') {
    if (new Decimal(amount).greaterThan(total)) throw fieldError('new_amount_payment', invoiceMessages.debitNoteExceeds(formatMoney(total.toFixed(2))));
    return;
  }
  const [credited] = await tx
    .select({ sum: sql<string>`coalesce(sum(${legalDocuments.total}), 0)::text` })
    .from(legalDocuments)
    .where(and(eq(legalDocuments.paymentId, invoice.paymentId), eq(legalDocuments.typeDocument, '02'), standing));
  const available = Decimal.max(total.minus(credited?.sum ?? '0'), 0);
  if (new Decimal(amount).greaterThan(available))
    throw fieldError('new_amount_payment', invoiceMessages.creditNoteExceeds(formatMoney(available.toFixed(2))));
}

/**
 * A credit (02) or debit (03) note on an issued invoice, queued for the printer in the caller's
 * transaction. Its number is the next of its own counter in the invoice's series, taken by
 * incrementing the series row (the lock invoices take), so concurrent notes are consecutive.
 */
export async function insertNote(tx: Executor, invoice: typeof legalDocuments.$inferSelect, fields: NoteFields) {
  const counter = NOTE_COUNTER[fields.type];
  const next = sql`(${counter}::bigint + 1)::text`;
  await assertRangeLeft(tx, 'type');
  const [taken] = await tx
    .update(correlatives)
    .set({
      [fields.type === '02' ? 'numberCreditNote' : 'numberDebitNote']: sql`lpad(${next}, greatest(length(${counter}), length(${next})), '0')`,
      updatedAt: sql`now()`,
    })
    .where(eq(correlatives.id, invoice.serieId))
    .returning({ credit: correlatives.numberCreditNote, debit: correlatives.numberDebitNote });
  const [facts] = await tx
    .select({ type: addressesPayments.type, rate: payments.exchangeRate })
    .from(payments)
    .innerJoin(addressesPayments, eq(addressesPayments.id, payments.addressPaymentId))
    .where(eq(payments.id, invoice.paymentId));
  const totals = noteTotals(facts!.type === 1, new Decimal(fields.total).toFixed(2), facts!.rate);
  const [doc] = await tx
    .insert(legalDocuments)
    .values({
      paymentId: invoice.paymentId,
      typeDocument: fields.type,
      serieId: invoice.serieId,
      serie: invoice.serie,
      numberDocument: fields.type === '02' ? taken!.credit : taken!.debit,
      transactionId: newTransactionId(),
      notes: fields.notes,
      paymentMethodId: fields.paymentMethodId,
      datePayment: fields.datePayment,
      reference: fields.reference,
      terminal: fields.terminal,
      lotNumber: fields.lotNumber,
      taxBase: totals.base,
      iva: totals.iva,
      total: totals.total,
      // A credit note gives back the invoice's IGTF in proportion to what it credits (issue 49).
      igtf:
        fields.type === '02' && !new Decimal(invoice.igtf).isZero()
          ? new Decimal(invoice.igtf).times(totals.total).dividedBy(invoice.total).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)
          : '0',
      createdBy: fields.createdBy,
    })
    .returning();
  await enqueueJob(tx, INVOICE_QUEUE, `document-${doc!.id}`, { document_id: doc!.id });
  return doc!;
}
