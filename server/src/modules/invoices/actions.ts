import Decimal from 'decimal.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { RETENTION_RATE } from '@recaudo/domain/amounts';
import { MESSAGE_EMAIL_PATTERN } from '@recaudo/domain/clients';
import { documentActions, invoiceMessages } from '@recaudo/domain/invoices';
import { REFERENCE_METHOD_TYPES, TERMINAL_METHOD_TYPES } from '@recaudo/domain/payments';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { iso } from '../../platform/envelope';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { clientScope, creatorScope, seriesScope } from '../../platform/scope';
import { ProviderTimeout, type DocumentRef, type InvoiceProvider, type ProviderAnswer } from '../../providers/invoice/types';
import type { AuthContext } from '../auth/service';
import { reserveRecipients } from '../messages/quota';
import { paymentMethods } from '../payment-methods/tables';
import { AUDIT_MODULE } from '../payments/service';
import { payments } from '../payments/tables';
import { hkaDate, hkaTime } from './document';
import { assertNoteWithinInvoice, insertNote } from './notes';
import { caracasClock, markCancelled, recordedCall } from './emission';
import { invoiceRecords, legalDocuments } from './tables';

/**
 * What a user does with a payment's legal documents (spec 02 §4–5, §7): the records, the PDF,
 * e-mail, retention, notes and cancellation. Every payment is looked up within the user's scope
 * (another client's payment is 404); the printer is called after the checks, each call recorded.
 */

const paymentScope = (auth: AuthContext) =>
  and(clientScope(payments.clientId, auth), creatorScope(payments.createdBy, auth), seriesScope(payments.serieId, auth));

const PAYMENT_NOT_FOUND = 'Pago no encontrado';

async function paymentFor(db: Executor, auth: AuthContext, where: ReturnType<typeof eq>, lock = false) {
  const query = db
    .select()
    .from(payments)
    .where(and(where, paymentScope(auth)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  return row;
}

const facts = (row: typeof payments.$inferSelect) => ({
  status: row.status,
  type_document: row.typeDocument,
  status_invoice_factory: row.statusInvoiceFactory,
  is_apply_retention: row.isApplyRetention,
  is_retention_apply_success: row.isRetentionApplySuccess,
});

/** The payment's own issued document: its invoice (01) or delivery note (04); `lock` holds its row to the end of the transaction. */
async function issuedDocument(db: Executor, paymentId: number, lock = false) {
  const query = db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.paymentId, paymentId), inArray(legalDocuments.typeDocument, ['01', '04']), eq(legalDocuments.status, 200)));
  const [doc] = lock ? await query.for('update') : await query;
  if (!doc) throw new AppError('validation', invoiceMessages.notIssued);
  return doc;
}

const refOf = (doc: typeof legalDocuments.$inferSelect): DocumentRef => ({
  serie: doc.serie,
  tipoDocumento: doc.typeDocument,
  numeroDocumento: String(Number(doc.numberDocument)),
});

/** A printer call from a user action: a timeout is a 503, a rejection a 422 naming the printer's validaciones. */
async function printerCall(db: Executor, paymentId: number, documentId: number, call: () => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
  let answer: ProviderAnswer;
  try {
    answer = await recordedCall(db, paymentId, documentId, call);
  } catch (error) {
    if (error instanceof ProviderTimeout) throw new AppError('unavailable', invoiceMessages.printerUnavailable);
    throw error;
  }
  // 99 "ya ha sido enviado previamente": the printer already did it (providers.md §4).
  if (answer.code !== '200' && answer.code !== '99') {
    const detail = [answer.message, ...answer.validations].filter(Boolean).join(' · ');
    throw new AppError('validation', `${invoiceMessages.printerRejected}: ${detail}`);
  }
  return answer;
}

export interface InvoiceRecordRow {
  id: number;
  endpoint: string;
  message: string;
  code: string;
  validations: string[];
  created_at: string;
}

/** `factory-invoices/records/{payment_id}`: every printer call for the payment, newest first. */
export async function invoiceRecordsOf(db: Database, auth: AuthContext, paymentId: number): Promise<InvoiceRecordRow[]> {
  await paymentFor(db, auth, eq(payments.id, paymentId));
  const rows = await db
    .select()
    .from(invoiceRecords)
    .where(eq(invoiceRecords.paymentId, paymentId))
    .orderBy(desc(invoiceRecords.createdAt), desc(invoiceRecords.id));
  return rows.map((row) => ({
    id: row.id,
    endpoint: row.endpoint,
    message: row.message,
    code: row.code,
    validations: row.validations,
    created_at: iso(row.createdAt),
  }));
}

/** `generate-invoice-payment-pdf/{hash}`: the printer's PDF of the payment's issued invoice. */
export async function invoicePdf(db: Database, provider: InvoiceProvider, auth: AuthContext, hash: string): Promise<Buffer> {
  const payment = await paymentFor(db, auth, eq(payments.hash, hash));
  if (!documentActions(facts(payment)).details) throw new AppError('validation', invoiceMessages.notIssued);
  const doc = await issuedDocument(db, payment.id);
  const answer = await printerCall(db, payment.id, doc.id, () => provider.download(refOf(doc)));
  if (!answer.file?.length) throw new AppError('unavailable', invoiceMessages.printerUnavailable);
  return answer.file;
}

/** `send-mail-invoice {id, items}`: the printer e-mails the invoice to the valid addresses; invalid ones are dropped and named. */
/**
 * `send-mail-invoice`: the printer e-mails the issued document to the valid typed addresses. They
 * count against the sender's hourly limit, and the audit log keeps who sent which document to
 * whom, before the printer is called (an attempt the printer then fails still counts).
 */
export async function sendInvoiceMail(db: Database, provider: InvoiceProvider, auth: AuthContext, id: number, items: string[], perHour: number) {
  const payment = await paymentFor(db, auth, eq(payments.id, id));
  if (!documentActions(facts(payment)).email) throw new AppError('validation', invoiceMessages.notIssued);
  const valid = [...new Set(items.map((item) => item.trim().toLowerCase()).filter((item) => MESSAGE_EMAIL_PATTERN.test(item)))];
  const dropped = items.filter((item) => !valid.includes(item.trim().toLowerCase()));
  if (!valid.length) throw fieldError('items', invoiceMessages.noEmails);
  const doc = await issuedDocument(db, payment.id);
  await db.transaction(async (tx) => {
    await reserveRecipients(tx, auth.user.id, valid.length, perHour);
    await recordAudit(tx, {
      module: 'invoices',
      event: 'send_message',
      causerId: auth.user.id,
      subjectType: 'payments',
      subjectId: payment.id,
      attributes: { type: 'email', title: `Documento ${doc.serie}-${doc.numberDocument}`, recipients: valid },
    });
  });
  await printerCall(db, payment.id, doc.id, () => provider.sendMail(refOf(doc), valid));
  return { sent: valid, dropped };
}

/** Whether a YYYY-MM-DD date is after today in Caracas, by the database's clock. */
async function isFuture(db: Executor, day: string): Promise<boolean> {
  const result = (await db.execute(sql`select ${day}::date > (now() at time zone 'America/Caracas')::date as future`)) as unknown as {
    rows: { future: boolean }[];
  };
  return Boolean(result.rows[0]?.future);
}

/** `apply-retention {id, number, date}`: registers the client's VAT withholding voucher on the issued invoice, once. */
export async function applyRetention(db: Database, provider: InvoiceProvider, auth: AuthContext, input: { id: number; number: string; date: string }) {
  if (!input.number.trim()) throw fieldError('number', invoiceMessages.required);
  if (!input.date) throw fieldError('date', invoiceMessages.required);
  if (await isFuture(db, input.date)) throw fieldError('date', invoiceMessages.futureDate);
  const payment = await paymentFor(db, auth, eq(payments.id, input.id));
  if (!documentActions(facts(payment)).retention) throw new AppError('validation', invoiceMessages.retentionNotAllowed);
  const doc = await issuedDocument(db, payment.id);
  const retained = new Decimal(payment.iva).times(payment.exchangeRate).times(RETENTION_RATE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  await printerCall(db, payment.id, doc.id, () =>
    provider.applyRetention({
      tipoDocumento: '01',
      numeroControl: doc.controlNumber ?? '',
      numeroComprobante: input.number.trim(),
      fechaComprobante: hkaDate(input.date),
      totalRetencion: retained,
    }),
  );
  const voucher = { is_retention_apply_success: true, number_withholding_voucher: input.number.trim(), date_withholding_voucher: input.date };
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ isRetentionApplySuccess: true, numberWithholdingVoucher: voucher.number_withholding_voucher, dateWithholdingVoucher: input.date, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    await recordAudit(tx, {
      module: AUDIT_MODULE,
      event: 'updated',
      causerId: auth.user.id,
      subjectId: payment.id,
      old: {
        is_retention_apply_success: payment.isRetentionApplySuccess,
        number_withholding_voucher: payment.numberWithholdingVoucher,
        date_withholding_voucher: payment.dateWithholdingVoucher,
      },
      attributes: { ...voucher, retention_amount: retained },
    });
  });
}

/** `cancel-invoice {id, notes}`: the printer annuls the issued invoice; the badge turns 800. */
export async function cancelInvoice(db: Database, provider: InvoiceProvider, auth: AuthContext, input: { id: number; notes: string }) {
  if (!input.notes.trim()) throw fieldError('notes', invoiceMessages.required);
  const payment = await paymentFor(db, auth, eq(payments.id, input.id));
  if (!documentActions(facts(payment)).cancel) throw new AppError('validation', invoiceMessages.notIssued);
  const doc = await issuedDocument(db, payment.id);
  const when = await caracasClock(db);
  await printerCall(db, payment.id, doc.id, () => provider.cancel(refOf(doc), input.notes.trim(), hkaDate(when.day), hkaTime(when.clock)));
  await markCancelled(db, doc, input.notes.trim(), {
    module: AUDIT_MODULE,
    event: 'updated',
    causerId: auth.user.id,
    subjectId: payment.id,
    old: { status_invoice_factory: payment.statusInvoiceFactory, notes: payment.notes },
    attributes: { status_invoice_factory: 800, notes: input.notes.trim(), invoice_cancelled: `${doc.serie}-${doc.numberDocument}` },
  });
}

export interface NoteInput {
  id: number;
  type: '02' | '03';
  payment_method_id: number;
  date_payment: string;
  new_amount_payment: string;
  notes: string;
  reference?: string | null;
  terminal?: string | null;
  lot_number?: string | null;
}

const usesReference = (type: number) => (REFERENCE_METHOD_TYPES as readonly number[]).includes(type);
const usesTerminal = (type: number) => (TERMINAL_METHOD_TYPES as readonly number[]).includes(type);

/**
 * `generate-custom-factory-note`: a credit (02) or debit (03) note on the issued invoice of an
 * approved payment, within the invoice's total (assertNoteWithinInvoice, under the invoice row's
 * lock). Its number is the next of its own counter in the series, taken by incrementing the
 * series row (the lock invoices take), so concurrent notes get consecutive numbers; the note is
 * emitted after commit through the queue.
 */
export async function createNote(db: Database, auth: AuthContext, input: NoteInput) {
  const trimmed = (value: string | null | undefined) => (value ?? '').trim();
  if (!input.notes.trim()) throw fieldError('notes', invoiceMessages.required);
  if (await isFuture(db, input.date_payment)) throw fieldError('date_payment', invoiceMessages.futureDate);
  const [method] = await db.select({ type: paymentMethods.type }).from(paymentMethods).where(eq(paymentMethods.id, input.payment_method_id));
  if (!method) throw fieldError('payment_method_id', 'El método de pago seleccionado no existe.');
  if (usesReference(method.type) && !trimmed(input.reference)) throw fieldError('reference', invoiceMessages.required);
  if (usesTerminal(method.type)) {
    if (!trimmed(input.terminal)) throw fieldError('terminal', invoiceMessages.required);
    if (!trimmed(input.lot_number)) throw fieldError('lot_number', invoiceMessages.required);
  }
  return db.transaction(async (tx) => {
    const payment = await paymentFor(tx, auth, eq(payments.id, input.id), true);
    if (!documentActions(facts(payment)).notes) throw new AppError('validation', invoiceMessages.notesNotAllowed);
    const invoice = await issuedDocument(tx, payment.id, true);
    await assertNoteWithinInvoice(tx, invoice, input.type, input.new_amount_payment);
    const doc = await insertNote(tx, invoice, {
      type: input.type,
      notes: input.notes.trim(),
      paymentMethodId: input.payment_method_id,
      datePayment: input.date_payment,
      reference: usesReference(method.type) ? trimmed(input.reference) : null,
      terminal: usesTerminal(method.type) ? trimmed(input.terminal) : null,
      lotNumber: usesTerminal(method.type) ? trimmed(input.lot_number) : null,
      total: input.new_amount_payment,
      createdBy: auth.user.id,
    });
    await recordAudit(tx, {
      module: AUDIT_MODULE,
      event: 'updated',
      causerId: auth.user.id,
      subjectId: payment.id,
      attributes: {
        [input.type === '02' ? 'credit_note' : 'debit_note']: { id: doc.id, number_document: doc.numberDocument, total: doc.total, notes: doc.notes },
      },
    });
    return { id: doc.id, type_document: input.type, number_document: doc.numberDocument };
  });
}

export interface LegalDocumentRow {
  id: number;
  type_document: string;
  serie: string;
  number_document: string;
  control_number: string | null;
  status: number | null;
  message: string | null;
  notes: string | null;
  total: string;
  created_at: string;
}

/** A payment's legal documents (the invoice and its notes), oldest first. */
export async function documentsOf(db: Database, auth: AuthContext, paymentId: number): Promise<LegalDocumentRow[]> {
  await paymentFor(db, auth, eq(payments.id, paymentId));
  const rows = await db.select().from(legalDocuments).where(eq(legalDocuments.paymentId, paymentId)).orderBy(legalDocuments.id);
  return rows.map((row) => ({
    id: row.id,
    type_document: row.typeDocument,
    serie: row.serie,
    number_document: row.numberDocument,
    control_number: row.controlNumber,
    status: row.status,
    message: row.message,
    notes: row.notes,
    total: new Decimal(row.total).toFixed(2),
    created_at: iso(row.createdAt),
  }));
}
