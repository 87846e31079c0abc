import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { enqueueJob } from '../../platform/queue';
import { addressesPayments } from '../addresses-payment/tables';
import { correlatives } from '../correlatives/tables';
import { payments } from '../payments/tables';
import { noteTotals } from './document';
import { INVOICE_QUEUE, newTransactionId } from './emission';
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

/**
 * A credit (02) or debit (03) note on an issued invoice, queued for the printer in the caller's
 * transaction. Its number is the next of its own counter in the invoice's series, taken by
 * incrementing the series row (the lock invoices take), so concurrent notes are consecutive.
 */
export async function insertNote(tx: Executor, invoice: typeof legalDocuments.$inferSelect, fields: NoteFields) {
  const counter = NOTE_COUNTER[fields.type];
  const next = sql`(${counter}::bigint + 1)::text`;
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
      createdBy: fields.createdBy,
    })
    .returning();
  await enqueueJob(tx, INVOICE_QUEUE, `document-${doc!.id}`, { document_id: doc!.id });
  return doc!;
}
