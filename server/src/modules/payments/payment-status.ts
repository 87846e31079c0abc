import { eq } from 'drizzle-orm';
import { canChangeStatus, paymentMessages, type ChangePaymentStatusInput, type PaymentStatus } from '@recaudo/domain/payments';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { fieldError, notFound } from '../../platform/errors';
import { retryingConflicts } from '../../platform/transactions';
import { addressMonths } from '../addresses-payment/tables';
import { inVerifiedGroup, lockPaymentWithClosing, verifiedGroupError } from '../closed-boxes/verified-groups';
import type { AuthContext } from '../auth/service';
import { queueInvoice } from '../invoices/emission';
import { settlePaymentMoney } from '../payment-agreements/settle';
import { creditOfPayment } from './payment-balance';
import { addressFacts, assertMonthsFree, coverMonths, lockAddresses, releaseMonths, takeCorrelative } from './payment-ledger';
import { assertSerieUsable, lockPayment } from './payment-checks';
import { AUDIT_MODULE, snapshot } from './service';
import { payments } from './tables';

/**
 * Approves or rejects (spec 02 §4: 0 → 1/2, 1 → 2, 2 → 1; staff with edit_payment). Rejecting
 * needs the reason in `notes` and releases the months. Approving a Procesando payment confirms
 * its months; approving a rejected one covers them again, refused (naming the month) when
 * something else took one meanwhile. A payment without a document number takes one from its
 * series when approved; one without series (a client user's) from the `serie_id` the approver
 * chose (a series they may use, as in the form), else from the approver's own series, else 422.
 * A payment of a verified closing group is not rejected until the group is unverified.
 */
export async function changePaymentStatus(db: Database, auth: AuthContext, input: ChangePaymentStatusInput) {
  return retryingConflicts(() =>
    db.transaction(async (tx) => {
      const { payment, closing } = await lockPaymentWithClosing(tx, auth, input.id);
      // Rejecting releases the months of a verified group's payment; approving is what verifying confirms.
      if (input.status === 2 && (await inVerifiedGroup(tx, closing, payment.id))) throw verifiedGroupError(closing!.id);
      return applyStatusChange(tx, auth, input);
    }),
  );
}

/** changePaymentStatus inside a caller's transaction (a closing approves a whole group in one). */
export async function applyStatusChange(tx: Executor, auth: AuthContext, input: ChangePaymentStatusInput) {
  const row = await lockPayment(tx, auth, input.id);
  const from = row.status as PaymentStatus;
  const to = input.status;
  if (!canChangeStatus(from, to)) throw fieldError('status', paymentMessages.transitionRefused(from, to));
  if (to === 2 && !input.notes) throw fieldError('notes', paymentMessages.rejectReasonRequired);
  await lockAddresses(tx, [row.addressPaymentId]);
  const changes: Partial<typeof payments.$inferInsert> = { status: to, notes: input.notes, updatedAt: new Date() };
  if (to === 2) {
    await releaseMonths(tx, row.id);
  } else {
    if (from === 0) {
      await tx.update(addressMonths).set({ pending: false }).where(eq(addressMonths.paymentId, row.id));
    } else {
      const address = await addressFacts(tx, row.addressPaymentId, row.id);
      if (!address) throw notFound(paymentMessages.addressNotFound);
      assertMonthsFree(address, row.monthsPayment);
      await coverMonths(tx, address.id, row.id, row.monthsPayment, false);
    }
    if (!row.numberCorrelative) {
      const serieId = row.serieId ?? input.serie_id ?? auth.user.correlativeId;
      if (serieId === null) throw fieldError('serie_id', paymentMessages.serieToApprove);
      if (row.serieId === null && input.serie_id !== null) await assertSerieUsable(tx, auth, input.serie_id);
      changes.serieId = serieId;
      changes.numberCorrelative = await takeCorrelative(tx, serieId, row.typeDocument);
    }
  }
  const [updated] = await tx.update(payments).set(changes).where(eq(payments.id, row.id)).returning();
  if (!updated) throw notFound(paymentMessages.notFound);
  // Approved, its credit joins the balance; rejected, it leaves (re-opening months it completed).
  await settlePaymentMoney(tx, updated, { credit: creditOfPayment(updated), now: new Date() });
  await queueInvoice(tx, updated);
  const diff = changedFields(snapshot(row), snapshot(updated));
  await recordAudit(tx, { module: AUDIT_MODULE, event: 'updated', causerId: auth.user.id, subjectId: row.id, old: diff.old, attributes: diff.attributes });
  return { clientId: updated.clientId, status: updated.status };
}
