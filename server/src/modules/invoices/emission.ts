import Decimal from 'decimal.js';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PRINTER_REFUSALS, invoiceMessages, isPaymentDocument } from '@recaudo/domain/invoices';
import { rateLabel, type RateSource } from '@recaudo/domain/exchange-rates';
import type { Database, Executor } from '../../db/client';
import { recordAudit, type AuditEntry } from '../../platform/audit';
import { enqueueJob, oldestPendingJobAge, runJobs, startLoop, type JobContext } from '../../platform/queue';
import { ProviderTimeout, type InvoiceProvider, type ProviderAnswer } from '../../providers/invoice/types';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { paymentMethods } from '../payment-methods/tables';
import { payments } from '../payments/tables';
import { buildDocument, documentTotals, hkaDate, hkaTime, noteTotals } from './document';
import { igtfOf, paidLines } from './document-money';
import { assertRangeLeft, refreshRange } from './ranges';
import { invoiceRecords, legalDocuments } from './tables';

/**
 * Emission of legal documents through the shared durable queue (platform/queue, DESIGN §5): the
 * document row and its job are written in the transaction of the business change; the worker
 * calls the printer after commit. A run after the first (a timeout, a crash, a 5xx) first asks
 * EstadoDocumento by our `transaction_id`, so a document the printer already has is never sent
 * twice; business rejections (203, 205 …) are final and shown on the badge.
 */
export const INVOICE_QUEUE = 'invoices';

type PaymentRecord = typeof payments.$inferSelect;
type DocumentRecord = typeof legalDocuments.$inferSelect;

/** Codes after which a later attempt may succeed: processing failure, control-number failure, auth, server errors. */
const RETRYABLE = new Set(['100', '204', '401', '408', '429', '500', '502', '503', '504']);

export const newTransactionId = () => `RC${randomBytes(12).toString('hex').toUpperCase()}`;

export async function recordCall(
  db: Executor,
  paymentId: number,
  documentId: number | null,
  answer: Pick<ProviderAnswer, 'endpoint' | 'code' | 'message' | 'validations'>,
) {
  await db.insert(invoiceRecords).values({
    paymentId,
    legalDocumentId: documentId,
    endpoint: answer.endpoint,
    code: answer.code.slice(0, 10),
    message: answer.message || '(sin mensaje)',
    validations: answer.validations,
  });
}

/** The same call, or a record of its missing answer (code 408) before the timeout travels on. */
export async function recordedCall(db: Executor, paymentId: number, documentId: number | null, call: () => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
  try {
    const answer = await call();
    await recordCall(db, paymentId, documentId, answer);
    return answer;
  } catch (error) {
    if (error instanceof ProviderTimeout)
      await recordCall(db, paymentId, documentId, { endpoint: error.endpoint, code: '408', message: error.message, validations: [] });
    throw error;
  }
}

/**
 * Queues the legal document of an approved payment saved with `send_invoice` (its `type_document`:
 * 01 invoice or 04 delivery note), once (call it in
 * the payment's transaction, after its document number was taken). Its number is the payment's
 * `number_correlative` in the payment's series.
 */
export async function queueInvoice(tx: Executor, payment: PaymentRecord): Promise<void> {
  if (!payment.sendInvoice || payment.status !== 1 || !payment.numberCorrelative || payment.serieId === null) return;
  const [existing] = await tx
    .select({ id: legalDocuments.id })
    .from(legalDocuments)
    .where(and(eq(legalDocuments.paymentId, payment.id), inArray(legalDocuments.typeDocument, ['01', '04'])));
  if (existing) return;
  await assertRangeLeft(tx);
  const [serie] = await tx.select({ serie: correlatives.serie }).from(correlatives).where(eq(correlatives.id, payment.serieId));
  const [doc] = await tx
    .insert(legalDocuments)
    .values({
      paymentId: payment.id,
      typeDocument: payment.typeDocument === '04' ? '04' : '01',
      serieId: payment.serieId,
      serie: serie?.serie ?? '',
      numberDocument: payment.numberCorrelative,
      transactionId: newTransactionId(),
      taxBase: payment.taxBase,
      iva: payment.iva,
      total: payment.amountBill,
      igtf: payment.igtfAmount,
      createdBy: payment.createdBy,
    })
    .returning({ id: legalDocuments.id });
  await tx.update(payments).set({ statusInvoiceFactory: null, applyInvoiceFactory: true }).where(eq(payments.id, payment.id));
  await enqueueJob(tx, INVOICE_QUEUE, `document-${doc!.id}`, { document_id: doc!.id });
}

/**
 * A payment saved again after the printer refused its invoice (202, 203, 205, 400: the printer
 * keeps nothing): the invoice takes the payment's corrected figures and a new transaction id and
 * goes back to the queue with the same number. Call it in the payment's transaction.
 */
export async function requeueRefusedInvoice(tx: Executor, payment: PaymentRecord): Promise<void> {
  if (payment.status !== 1) return;
  const [doc] = await tx
    .update(legalDocuments)
    .set({
      status: null,
      message: null,
      transactionId: newTransactionId(),
      taxBase: payment.taxBase,
      iva: payment.iva,
      total: payment.amountBill,
      igtf: payment.igtfAmount,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(legalDocuments.paymentId, payment.id), inArray(legalDocuments.typeDocument, ['01', '04']), inArray(legalDocuments.status, [...PRINTER_REFUSALS])),
    )
    .returning({ id: legalDocuments.id, transactionId: legalDocuments.transactionId });
  if (!doc) return;
  await tx.update(payments).set({ statusInvoiceFactory: null, factoryResponse: null }).where(eq(payments.id, payment.id));
  await enqueueJob(tx, INVOICE_QUEUE, `document-${doc.id}-${doc.transactionId}`, { document_id: doc.id });
}

/** The Emision body of a stored document, from its payment, client, address and method. */
async function electronicDocument(db: Executor, doc: DocumentRecord) {
  const [row] = await db
    .select({ payment: payments, client: clients, address: addressesPayments, methodType: paymentMethods.type })
    .from(payments)
    .innerJoin(clients, eq(clients.id, payments.clientId))
    .innerJoin(addressesPayments, eq(addressesPayments.id, payments.addressPaymentId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, sql`coalesce(${doc.paymentMethodId}, ${payments.paymentMethodId})`))
    .where(eq(payments.id, doc.paymentId));
  if (!row) throw new Error(`El pago ${doc.paymentId} del documento ${doc.id} no existe`);
  const { payment, client, address } = row;
  const commercial = address.type === 1;
  const isNote = !isPaymentDocument(doc.typeDocument);
  const [invoice] = isNote
    ? await db
        .select()
        .from(legalDocuments)
        .where(and(eq(legalDocuments.paymentId, doc.paymentId), eq(legalDocuments.typeDocument, '01')))
    : [];
  const totals = isNote
    ? noteTotals(commercial, doc.total, payment.exchangeRate)
    : documentTotals({
        commercial,
        taxBase: payment.taxBase,
        iva: payment.iva,
        dollarAmountBill: payment.dollarAmountBill,
        amountBill: payment.amountBill,
        rate: payment.exchangeRate,
        applyRetention: payment.isApplyRetention,
      });
  const created = await db.execute(
    sql`select to_char(${doc.createdAt} at time zone 'America/Caracas', 'YYYY-MM-DD') as day, to_char(${doc.createdAt} at time zone 'America/Caracas', 'HH24:MI:SS') as clock`,
  );
  const when = (created as unknown as { rows: { day: string; clock: string }[] }).rows[0]!;
  const months = payment.monthsPayment.join(', ');
  const lines = isNote ? [] : await paidLines(db, payment, row.methodType);
  return buildDocument({
    type: doc.typeDocument,
    serie: doc.serie,
    number: doc.numberDocument,
    transactionId: doc.transactionId,
    date: when.day,
    time: when.clock,
    buyer: {
      identificationType: client.identificationType,
      identification: client.identification,
      name: client.name,
      address: address.address,
      phones: client.phone,
      email: client.email,
    },
    commercial,
    totals,
    rate: payment.exchangeRate,
    rateLabel: rateLabel(payment.exchangeRate, payment.rateValueDate, payment.rateSource as RateSource | null),
    currency: payment.exchangeRateId === 1 ? 'USD' : 'EUR',
    methodType: row.methodType,
    igtf: igtfOf(doc, payment),
    surchargeUsd: isNote ? null : new Decimal(payment.surchargeUsd).minus(payment.surchargeWaivedUsd).toFixed(2),
    lines,
    description: isNote ? (doc.notes ?? 'Ajuste') : `Tarifa mensual ${months}`,
    affected:
      isNote && invoice
        ? {
            serie: invoice.serie,
            number: invoice.numberDocument,
            date: (payment.dateBill ?? payment.datePayment).slice(0, 10),
            total: invoice.total,
            comment: doc.notes ?? '',
          }
        : undefined,
  });
}

/** The printer assigned the control number: the document is issued; an invoice also fills its payment. */
async function markIssued(db: Database, doc: DocumentRecord, answer: ProviderAnswer) {
  await db.transaction(async (tx) => {
    await tx
      .update(legalDocuments)
      .set({
        status: 200,
        controlNumber: answer.controlNumber ?? null,
        url: answer.url ?? null,
        message: answer.message,
        issuedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(legalDocuments.id, doc.id));
    if (isPaymentDocument(doc.typeDocument))
      await tx
        .update(payments)
        .set({
          number: answer.controlNumber ?? null,
          statusInvoiceFactory: 200,
          factoryResponse: answer.message,
          urlFactory: answer.url ?? null,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, doc.paymentId));
  });
}

async function markStatus(db: Database, doc: DocumentRecord, code: number, message: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(legalDocuments)
      .set({ status: code, message, updatedAt: sql`now()` })
      .where(eq(legalDocuments.id, doc.id));
    if (isPaymentDocument(doc.typeDocument))
      await tx
        .update(payments)
        .set({ statusInvoiceFactory: code, factoryResponse: message, updatedAt: sql`now()` })
        .where(eq(payments.id, doc.paymentId));
  });
}

/** The database's clock as a Caracas date (YYYY-MM-DD) and time (HH:mm:ss). */
export async function caracasClock(db: Executor): Promise<{ day: string; clock: string }> {
  const result = (await db.execute(
    sql`select to_char(now() at time zone 'America/Caracas', 'YYYY-MM-DD') as day, to_char(now() at time zone 'America/Caracas', 'HH24:MI:SS') as clock`,
  )) as unknown as { rows: { day: string; clock: string }[] };
  return result.rows[0]!;
}

/** The printer annuls an issued invoice; the document and its payment turn 800, with the user's audit entry when a user asked. */
export async function markCancelled(db: Database, doc: DocumentRecord, reason: string, audit?: AuditEntry) {
  await db.transaction(async (tx) => {
    if (audit) await recordAudit(tx, audit);
    await tx
      .update(legalDocuments)
      .set({ status: 800, notes: reason, updatedAt: sql`now()` })
      .where(eq(legalDocuments.id, doc.id));
    if (isPaymentDocument(doc.typeDocument))
      await tx
        .update(payments)
        .set({ statusInvoiceFactory: 800, notes: reason, updatedAt: sql`now()` })
        .where(eq(payments.id, doc.paymentId));
  });
}

/** A queued cancellation (the demo's): waits until the invoice is issued, then asks the printer once. */
async function cancelQueued(db: Database, provider: InvoiceProvider, doc: DocumentRecord, reason: string) {
  if (doc.status === 800) return;
  if (doc.status !== 200) throw new Error('La factura aún no está emitida');
  const when = await caracasClock(db);
  const answer = await recordedCall(db, doc.paymentId, doc.id, () => provider.cancel(refOf(doc), reason, hkaDate(when.day), hkaTime(when.clock)));
  if (answer.code === '200') return markCancelled(db, doc, reason);
  if (RETRYABLE.has(answer.code)) throw new Error(`Anular ${answer.code}: ${answer.message}`);
}

/** Queues the cancellation of an invoice with its reason (in the caller's transaction). */
export const queueCancellation = (tx: Executor, documentId: number, reason: string) =>
  enqueueJob(tx, INVOICE_QUEUE, `cancel-${documentId}`, { document_id: documentId, cancel: reason });

const codeNumber = (code: string) => (/^\d{1,3}$/.test(code) ? Number(code) : 100);

/** What a job needs beyond the database and the printer. */
export interface EmissionSettings {
  /** Below this many control numbers left, the log warns (INVOICE_RANGE_WARNING). */
  rangeWarning?: number;
  log?: (message: string) => void;
}

const refOf = (doc: DocumentRecord) => ({ serie: doc.serie, tipoDocumento: doc.typeDocument, numeroDocumento: String(Number(doc.numberDocument)) });

/** A state answer that is this document: issued with a control number, and our transaccionId when the printer echoes one. */
const isOurs = (doc: DocumentRecord, state: ProviderAnswer) =>
  state.code === '200' && !!state.controlNumber && (!state.transactionId || state.transactionId === doc.transactionId);

/**
 * Before any re-send (after a timeout, a crash, a restart): EstadoDocumento by our transaccionId;
 * when the printer does not know it, UltimoDocumento tells whether the number may be taken, and
 * EstadoDocumento by number whose it is (providers.md §2.6, §5). Returns 'issued', 'taken' (the
 * number belongs to another transaction: final) or 'send'.
 */
async function reconcile(db: Database, provider: InvoiceProvider, doc: DocumentRecord): Promise<'issued' | 'taken' | 'send'> {
  const call = (ask: () => Promise<ProviderAnswer>) => recordedCall(db, doc.paymentId, doc.id, ask);
  const state = await call(() => provider.state(doc.typeDocument, doc.transactionId));
  if (isOurs(doc, state)) {
    await markIssued(db, doc, state);
    return 'issued';
  }
  if (RETRYABLE.has(state.code)) throw new Error(`EstadoDocumento ${state.code}: ${state.message}`);
  const last = await call(() => provider.lastDocument(doc.typeDocument, doc.serie));
  if (RETRYABLE.has(last.code)) throw new Error(`UltimoDocumento ${last.code}: ${last.message}`);
  if (last.code !== '200' || Number(last.documentNumber) < Number(doc.numberDocument)) return 'send';
  const held = await call(() => provider.stateOf(refOf(doc)));
  if (RETRYABLE.has(held.code)) throw new Error(`EstadoDocumento ${held.code}: ${held.message}`);
  if (held.code !== '200' || !held.controlNumber) return 'send';
  if (isOurs(doc, held)) {
    await markIssued(db, doc, held);
    return 'issued';
  }
  await markStatus(db, doc, 201, invoiceMessages.numberTaken(String(Number(doc.numberDocument)), held.controlNumber));
  return 'taken';
}

/** ConsultaNumeraciones before emitting: false (and the document refused) when no control number is left. */
async function rangeAllows(db: Database, provider: InvoiceProvider, doc: DocumentRecord, settings: EmissionSettings): Promise<boolean> {
  let left: number | null;
  try {
    left = await refreshRange(db, provider, doc.typeDocument, doc.serie);
  } catch (error) {
    // The range is advice; Emision's own answer stays the authority.
    if (error instanceof ProviderTimeout) return true;
    throw error;
  }
  if (left !== null && left < (settings.rangeWarning ?? 100)) settings.log?.(invoiceMessages.rangeLow(left));
  if (left !== null && left <= 0) {
    await markStatus(db, doc, 203, invoiceMessages.rangeExhausted);
    return false;
  }
  return true;
}

/** One job of the invoice queue: emits the document exactly once (see the module comment). */
export async function emitDocument(db: Database, provider: InvoiceProvider, job: JobContext, settings: EmissionSettings = {}): Promise<void> {
  const [doc] = await db
    .select()
    .from(legalDocuments)
    .where(eq(legalDocuments.id, Number(job.payload.document_id)));
  if (!doc) return;
  if (typeof job.payload.cancel === 'string') return cancelQueued(db, provider, doc, job.payload.cancel);
  if (doc.status === 200 || doc.status === 800) return;
  if (job.attempt > 1 && (await reconcile(db, provider, doc)) !== 'send') return;
  if (!(await rangeAllows(db, provider, doc, settings))) return;
  const body = await electronicDocument(db, doc);
  const answer = await recordedCall(db, doc.paymentId, doc.id, () => provider.emit(body));
  if (answer.code === '200') return markIssued(db, doc, answer);
  // 201/211 duplicate, 99 "ya ha sido enviado previamente", 210 minimum registered: the printer holds
  // the document; its state gives the control number.
  if (['201', '211', '99', '210'].includes(answer.code)) {
    const state = await recordedCall(db, doc.paymentId, doc.id, () => provider.state(doc.typeDocument, doc.transactionId));
    if (isOurs(doc, state)) return markIssued(db, doc, state);
    if (answer.code === '99') throw new Error(`Emision 99: ${answer.message}`);
  }
  const message = [answer.message, ...answer.validations].filter(Boolean).join(' · ');
  await markStatus(db, doc, codeNumber(answer.code), message);
  if (RETRYABLE.has(answer.code)) throw new Error(`Emision ${answer.code}: ${message}`);
}

export interface InvoiceWorkerOptions extends EmissionSettings {
  maxAttempts: number;
  intervalMs: number;
  onError?: (error: unknown) => void;
}

/** One pass of the invoice queue; a document that fails for good keeps its last code, or 100 when the printer never answered. */
export function runInvoiceJobs(db: Database, provider: InvoiceProvider, options: { maxAttempts: number } & EmissionSettings) {
  return runJobs(db, INVOICE_QUEUE, (job) => emitDocument(db, provider, job, options), {
    maxAttempts: options.maxAttempts,
    onFailed: async (job) => {
      const [doc] = await db
        .select()
        .from(legalDocuments)
        .where(eq(legalDocuments.id, Number(job.payload.document_id)));
      if (doc && doc.status === null) await markStatus(db, doc, 100, 'La imprenta digital no respondió');
    },
  });
}

export function startInvoiceWorker(db: Database, provider: InvoiceProvider, options: InvoiceWorkerOptions) {
  return startLoop(() => runInvoiceJobs(db, provider, options), options);
}

/** For the health endpoint: how long the oldest queued legal document has waited, in seconds. */
export const oldestPendingAgeSeconds = (db: Executor) => oldestPendingJobAge(db, INVOICE_QUEUE);
