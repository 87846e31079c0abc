import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { paymentAmounts } from '@recaudo/domain/amounts';
import { feesOf } from '@recaudo/domain/tariffs';
import { balanceMessages } from '@recaudo/domain/balance';
import type { Month } from '@recaudo/domain/months';
import { paymentMessages, type PaymentFields } from '@recaudo/domain/payments';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { clientIdOf } from '../../platform/scope';
import type { FileStorage } from '../../platform/storage';
import type { AuthContext } from '../auth/service';
import { queueInvoice, requeueRefusedInvoice } from '../invoices/emission';
import { ticketsDelivered } from '../tickets-payments/tables';
import { assertOnlyFreeFieldsChanged, inVerifiedGroup, lockPaymentWithClosing } from '../closed-boxes/verified-groups';
import { assertInvoiceKept, lockOf } from './invoice-lock';
import { clientFields, validatePayment, type PaymentRate } from './payment-checks';
import { queueReceiptMail } from './receipt-mail';
import { selfValidatedFields, type SelfValidation } from './self-validation';
import { MAX_PAYMENT_FILES, checkUploads, removeFiles, saveUploads, type PaymentFiles } from './payment-files';
import { agreementPaymentFields, assertMonthsOutsideAgreement } from '../payment-agreements/service';
import { settlePaymentMoney } from '../payment-agreements/settle';
import { creditOfPayment, paymentCreditOf, settleBalance } from './payment-balance';
import { paymentSurcharge } from './payment-surcharge';
import { amountsOf, dueOf, storedDue } from './payment-amounts';
import { assertMonthsFree, coverMonths, holdMonths, releaseMonths, takeCorrelative } from './payment-ledger';
import { claimStoreKey, rememberAnswer, type StoreKey } from './store-keys';
import { assertCovered, checkTenderLines, settlePayment, storedTendersKey, storeTenders, tendersKey, withFirstTender, type IgtfSettings, type SettledPayment } from './tenders';
import { payments } from './tables';

/**
 * Payment writes (spec 02 §3–§5, DESIGN §5): create, edit, delete and status changes, shared by
 * the `bill-payments/*` and `payments/*` call families. Every write runs in one transaction that
 * holds the rows it depends on, in this order: its closing (closed-boxes/verified-groups.ts), the
 * payment, its address(es), the series. Months are covered in the ledger (`address_months`) while
 * a payment is Procesando (pending) or Aprobado; the series' document number is taken when the
 * payment becomes Aprobado.
 */

export const AUDIT_MODULE = 'payments';

type PaymentRecord = typeof payments.$inferSelect;

const columnsOf = (fields: PaymentFields, rate: PaymentRate) => ({
  clientId: fields.client_id,
  addressPaymentId: fields.address_payment_id,
  paymentMethodId: fields.payment_method_id,
  bankId: fields.bank_id,
  serieId: fields.serie_id,
  number: fields.number,
  checkbookNumber: fields.checkbook_number,
  datePayment: fields.date_payment,
  dateBill: fields.date_bill,
  exchangeRate: rate.rate,
  exchangeRateId: rate.id,
  rateValueDate: rate.valueDate,
  rateSource: rate.source,
  rateReason: rate.reason,
  reference: fields.reference,
  terminal: fields.terminal,
  lotNumber: fields.lot_number,
  observations: fields.observations,
  typePaymentMonth: fields.type_payment_month,
  sendInvoice: fields.send_invoice,
  typeDocument: fields.type_document,
  bdvVerified: fields.bdv_verified,
  conciliationId: fields.conciliation_id,
  ticketsPaymentId: fields.tickets_payment_id,
  ticketSerial: fields.tickets_payment_id === null ? null : fields.ticket_serial,
});

/** The lines as the audit log keeps them: method, currency and amount, one text. */
const auditedTenders = (lines: SettledPayment['lines']) => tendersKey(lines);

/** The audit snapshot, in API names. */
export const snapshot = (row: PaymentRecord) => ({
  client_id: row.clientId,
  address_payment_id: row.addressPaymentId,
  status: row.status,
  payment_method_id: row.paymentMethodId,
  bank_id: row.bankId,
  serie_id: row.serieId,
  number_correlative: row.numberCorrelative,
  number: row.number,
  checkbook_number: row.checkbookNumber,
  date_payment: row.datePayment,
  date_bill: row.dateBill,
  exchange_rate: row.exchangeRate,
  exchange_rate_id: row.exchangeRateId,
  amount_payment: row.amountPayment,
  amount_bill: row.amountBill,
  dollar_amount_payment: row.dollarAmountPayment,
  dollar_amount_bill: row.dollarAmountBill,
  tax_base: row.taxBase,
  iva: row.iva,
  is_apply_retention: row.isApplyRetention,
  retention: row.retention,
  reference: row.reference,
  terminal: row.terminal,
  lot_number: row.lotNumber,
  observations: row.observations,
  notes: row.notes,
  type_payment_month: row.typePaymentMonth,
  months_payment: row.monthsPayment,
  send_invoice: row.sendInvoice,
  type_document: row.typeDocument,
  bdv_verified: row.bdvVerified,
  conciliation_id: row.conciliationId,
  tickets_payment_id: row.ticketsPaymentId,
  ticket_serial: row.ticketSerial,
  files: row.files,
  change_currency: row.changeCurrency,
  change_amount: row.changeAmount,
  igtf_amount: row.igtfAmount,
  surcharge_usd: row.surchargeUsd,
  surcharge_waived_usd: row.surchargeWaivedUsd,
  surcharge_waiver_reason: row.surchargeWaiverReason,
});

/** The delivered-ticket row of a payment follows its ticket, serial and address. */
async function syncDeliveredTicket(tx: Executor, auth: AuthContext, row: PaymentRecord, previous: PaymentRecord | null): Promise<void> {
  const same =
    previous &&
    previous.ticketsPaymentId === row.ticketsPaymentId &&
    previous.ticketSerial === row.ticketSerial &&
    previous.addressPaymentId === row.addressPaymentId;
  if (same) return;
  if (previous) await tx.delete(ticketsDelivered).where(eq(ticketsDelivered.paymentId, row.id));
  if (row.ticketsPaymentId === null) return;
  await tx.insert(ticketsDelivered).values({
    ticketsPaymentId: row.ticketsPaymentId,
    addressPaymentId: row.addressPaymentId,
    paymentId: row.id,
    ticketSerial: row.ticketSerial,
    createdBy: auth.user.id,
  });
}

export interface CreatedPayment {
  id: number;
  number_correlative: string | null;
  hash: string;
  /** Owed months the address's credit balance completed in this write (issue 50), oldest first. */
  balance_months: Month[];
}

/** An abono (issue 50: no months; its invoice switch is refused with the form's rules) must bring at least a cent at its rate. */
function assertAbonoBrings(months: Month[], row: PaymentRecord): void {
  if (months.length === 0 && new Decimal(paymentCreditOf(row)).isZero()) throw fieldError('amount_payment', balanceMessages.abonoTooSmall(row.exchangeRate));
}

/**
 * Records a payment (`bill-payments/store`, `payments/store`). Staff payments are Procesando or
 * Aprobado (the form's default); a client user's is always Procesando. An approved payment takes
 * its series' next document number at once; a Procesando one when it is approved. With a `storeKey`
 * (the request's Idempotency-Key) a repeated request answers the first payment again and records
 * nothing; `replayed` tells the caller so. The trip runs one way: key, validate, lock and compute
 * the months, write.
 */
export async function createPayment(
  db: Database,
  storage: FileStorage,
  auth: AuthContext,
  input: PaymentFields,
  files: PaymentFiles,
  storeKey: StoreKey | null = null,
  now = new Date(),
  selfValidation: (SelfValidation & { appUrl: string; testMode?: boolean }) | null = null,
  igtf: IgtfSettings = { igtfRate: null },
): Promise<{ payment: CreatedPayment; replayed: boolean }> {
  const uploads = checkUploads(files.uploads);
  const typed = withFirstTender(clientIdOf(auth) !== null ? clientFields(input, null) : input);
  if (typed.status === 2) throw fieldError('status', paymentMessages.createdRejected);
  const selfValidated = clientIdOf(auth) !== null && typed.conciliation_id !== null;
  const saved: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const earlier = storeKey ? await claimStoreKey<CreatedPayment>(tx, storeKey) : null;
      // An answer remembered before issue 50 has no balance_months: the balance completed nothing then.
      if (earlier) return { payment: { ...earlier, balance_months: earlier.balance_months ?? [] }, replayed: true };
      const reported = await agreementPaymentFields(tx, typed);
      const tenderMethods = await checkTenderLines(tx, reported, null);
      const { rate } = await validatePayment(tx, auth, reported, null);
      const { address, months } = await holdMonths(tx, {
        hold: [reported.address_payment_id],
        fields: reported,
        exceptPayment: null,
        keep: null,
        mustBeFree: true,
        oldestFirst: clientIdOf(auth) !== null,
        now,
      });
      if (reported.payment_agreement_id === null) await assertMonthsOutsideAgreement(tx, address.id, months);
      const surcharge = await paymentSurcharge(tx, auth, address, months, reported, null);
      const due = paymentAmounts({ type: address.type, fee: address.fee, months: months.length, monthFees: feesOf(address.schedule, months), rate: rate.rate, surcharge: surcharge.netUsd }).amount_payment;
      const fields = selfValidated ? await selfValidatedFields(tx, reported, due, selfValidation ?? {}) : reported;
      const amounts = amountsOf(address, months, rate.rate, fields, surcharge);
      const settled = await settlePayment(tx, fields, rate, dueOf(amounts), igtf, tenderMethods);
      await saveUploads(storage, uploads, saved);
      const numberCorrelative = fields.status === 1 && fields.serie_id !== null ? await takeCorrelative(tx, fields.serie_id, fields.type_document) : null;
      const [row] = await tx
        .insert(payments)
        .values({
          ...columnsOf(fields, rate),
          ...amounts,
          amountPayment: settled.amountPayment,
          ...settled.columns,
          status: fields.status,
          numberCorrelative,
          monthsPayment: months,
          paymentAgreementId: fields.payment_agreement_id,
          files: saved,
          hash: randomBytes(32).toString('hex'),
          createdBy: auth.user.id,
        })
        .returning();
      if (!row) throw new Error('payment insert returned nothing');
      assertAbonoBrings(months, row);
      await storeTenders(tx, row.id, settled.lines, false);
      await coverMonths(tx, address.id, row.id, months, row.status === 0);
      const balanceMonths = await settlePaymentMoney(tx, row, { credit: creditOfPayment(row), now });
      await syncDeliveredTicket(tx, auth, row, null);
      await queueInvoice(tx, row);
      await recordAudit(tx, {
        module: AUDIT_MODULE,
        event: 'created',
        causerId: auth.user.id,
        subjectId: row.id,
        attributes: { ...snapshot(row), tenders: auditedTenders(settled.lines) },
      });
      // The receipt of a payment approved without staff goes out with its commit, once.
      if (selfValidated && selfValidation) await queueReceiptMail(tx, auth, row.id, selfValidation.appUrl, selfValidation.testMode);
      const payment = { id: row.id, number_correlative: row.numberCorrelative, hash: row.hash, balance_months: balanceMonths };
      if (storeKey) await rememberAnswer(tx, storeKey, { ...payment });
      return { payment, replayed: false };
    });
  } catch (error) {
    await removeFiles(storage, saved);
    throw error;
  }
}

/**
 * Edits a payment (`bill-payments/update`, `payments/update`). Staff need edit_payment; client
 * users edit their own while Procesando. Amounts are recomputed and the months covered again
 * (the payment's own months are released first, so it may keep them); the document number stays.
 * The status changes only through `change-status`. Kept files must be the payment's own; files
 * left out are deleted from storage once the change is committed.
 */
export async function updatePayment(
  db: Database,
  storage: FileStorage,
  auth: AuthContext,
  input: PaymentFields & { id: number },
  files: PaymentFiles,
  now = new Date(),
  igtf: IgtfSettings = { igtfRate: null },
) {
  const uploads = checkUploads(files.uploads);
  const isClient = clientIdOf(auth) !== null;
  const saved: string[] = [];
  let dropped: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const { payment: previous, closing } = await lockPaymentWithClosing(tx, auth, input.id);
      if (isClient && previous.status !== 0) throw new AppError('validation', paymentMessages.onlyProcessing);
      // A payment keeps the agreement it was made to.
      const fields = await agreementPaymentFields(
        tx,
        { ...withFirstTender(isClient ? clientFields(input, previous) : input), payment_agreement_id: previous.paymentAgreementId },
        true,
      );
      if (!isClient && fields.status !== previous.status) throw fieldError('status', paymentMessages.statusThroughActions);
      const keptFiles = [...new Set(files.kept)];
      if (keptFiles.some((name) => !previous.files.includes(name))) throw fieldError('files_string', paymentMessages.fileNotOwned);
      if (keptFiles.length + uploads.length > MAX_PAYMENT_FILES) throw fieldError('files', `No se pueden adjuntar más de ${MAX_PAYMENT_FILES} archivos.`);
      const tenderMethods = await checkTenderLines(tx, fields, previous);
      const { rate } = await validatePayment(tx, auth, fields, previous);
      const sameAddress = previous.addressPaymentId === fields.address_payment_id;
      const covers = previous.status !== 2;
      const { address, months } = await holdMonths(tx, {
        hold: [previous.addressPaymentId, fields.address_payment_id],
        fields,
        exceptPayment: previous.id,
        keep: sameAddress && previous.typePaymentMonth === 0 ? previous.monthsPayment : null,
        // An issued invoice's refusal names what it fixes, so it is said before whether the months are free.
        mustBeFree: false,
        oldestFirst: isClient,
        now,
      });
      const lock = lockOf(previous);
      const surcharge = await paymentSurcharge(tx, auth, address, months, fields, previous);
      const amounts = amountsOf(address, months, rate.rate, fields, surcharge);
      // An invoice's and a verified group's figures stay as stored, so the lines cover those.
      const wasVerified = await inVerifiedGroup(tx, closing, previous.id);
      const kept = lock || wasVerified;
      const settled = await settlePayment(tx, fields, rate, kept ? storedDue(previous) : dueOf(amounts), igtf, tenderMethods, !kept);
      if (lock)
        assertInvoiceKept(lock, previous, {
          ...columnsOf(fields, rate),
          monthsPayment: months,
          isApplyRetention: amounts.isApplyRetention,
          igtfAmount: settled.columns.igtfAmount,
          tenders: { before: await storedTendersKey(tx, previous.id), after: tendersKey(settled.lines) },
        });
      if (covers) assertMonthsFree(address, months);
      await saveUploads(storage, uploads, saved);
      const [row] = await tx
        .update(payments)
        .set({
          ...columnsOf(fields, rate),
          // An invoice's figures stay as issued and a verified group's as verified, even when the fee changed since.
          ...(kept ? {} : amounts),
          amountPayment: settled.amountPayment,
          ...settled.columns,
          monthsPayment: months,
          files: [...keptFiles, ...saved],
          updatedAt: new Date(),
          // A payment sent to the digital printer keeps the control number the printer assigned.
          ...(previous.applyInvoiceFactory ? { number: previous.number, sendInvoice: true } : {}),
        })
        .where(eq(payments.id, previous.id))
        .returning();
      if (!row) throw notFound(paymentMessages.notFound);
      assertAbonoBrings(months, row);
      const diff = changedFields(snapshot(previous), snapshot(row));
      const tendersBefore = await storedTendersKey(tx, row.id);
      await storeTenders(tx, row.id, settled.lines, true);
      const tendersChanged = tendersBefore !== tendersKey(settled.lines);
      // Checked on what was stored (the payment and its lines), so no recomputed figure slips past; the transaction undoes the write.
      await assertOnlyFreeFieldsChanged(tx, closing, [...Object.keys(diff.attributes), ...(tendersChanged ? ['tenders'] : [])], wasVerified, row.id);
      // A kept payment is held to the cover (issue 46) after its invoice's and group's refusals, and only when its amount
      // changes: one stored short before the rule keeps its free fields editable.
      if (kept && !new Decimal(row.amountPayment).equals(previous.amountPayment)) assertCovered(fields, settled);
      await queueInvoice(tx, row);
      await requeueRefusedInvoice(tx, row);
      if (covers) {
        await releaseMonths(tx, row.id);
        await coverMonths(tx, address.id, row.id, months, row.status === 0);
      }
      // A payment moved to another address takes its credit from the old one.
      if (!sameAddress) await settleBalance(tx, { addressId: previous.addressPaymentId, paymentId: row.id, credit: '0.00', now });
      await settlePaymentMoney(tx, row, { credit: creditOfPayment(row), now });
      await syncDeliveredTicket(tx, auth, row, previous);
      dropped = previous.files.filter((name) => !keptFiles.includes(name));
      if (diff.changed || tendersChanged) {
        await recordAudit(tx, {
          module: AUDIT_MODULE,
          event: 'updated',
          causerId: auth.user.id,
          subjectId: row.id,
          old: tendersChanged ? { ...diff.old, tenders: tendersBefore } : diff.old,
          attributes: tendersChanged ? { ...diff.attributes, tenders: auditedTenders(settled.lines) } : diff.attributes,
        });
      }
    });
  } catch (error) {
    await removeFiles(storage, saved);
    throw error;
  }
  await removeFiles(storage, dropped);
}
