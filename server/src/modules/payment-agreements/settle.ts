import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { coveredMonthCount, fillInstallments } from '@recaudo/domain/payment-agreements';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { addressMonths } from '../addresses-payment/tables';
import type { Month } from '@recaudo/domain/months';
import { creditOfPayment, settleBalance } from '../payments/payment-balance';
import { payments } from '../payments/tables';
import { installments, paymentAgreementMonths, paymentAgreements } from './tables';

/**
 * What an agreement's payments have paid (issue 50), recomputed from its approved payments on every
 * write of one of them (store, edit, approval, rejection, deletion), with the address row already
 * held by the payment write: the money fills the down payment and the installments in order, and
 * covers the agreement's months oldest first, each month by the payment whose money reached it
 * (docs/decisions.md). A payment's money beyond what the agreement still owed is its excess, which
 * goes to the address's credit balance like any abono. Answers each payment's excess.
 */
export async function settleAgreement(tx: Executor, agreementId: number, leaving: number | null = null): Promise<Map<number, string>> {
  const [agreement] = await tx.select().from(paymentAgreements).where(eq(paymentAgreements.id, agreementId)).for('update');
  if (!agreement) return new Map();
  const paying = (await tx.select().from(payments).where(eq(payments.paymentAgreementId, agreementId)).orderBy(asc(payments.id))).filter(
    (payment) => payment.id !== leaving,
  );
  const debt = new Decimal(agreement.debtUsd);
  const reached: { paymentId: number; total: Decimal }[] = [];
  const excess = new Map<number, string>();
  let total = new Decimal(0);
  for (const payment of paying) {
    const credit = new Decimal(creditOfPayment(payment));
    const part = Decimal.min(credit, debt.minus(total));
    total = total.plus(part);
    reached.push({ paymentId: payment.id, total });
    excess.set(payment.id, credit.minus(part).toFixed(2));
  }
  await fillSchedule(tx, agreementId, total);
  await coverReachedMonths(
    tx,
    agreement.addressPaymentId,
    agreementId,
    reached,
    paying.map((payment) => payment.id),
  );
  await followCompletion(tx, agreement, total.greaterThanOrEqualTo(debt));
  return excess;
}

async function fillSchedule(tx: Executor, agreementId: number, total: Decimal): Promise<void> {
  const schedule = await tx
    .select({ id: installments.id, amount: installments.amountUsd, paid: installments.paidUsd })
    .from(installments)
    .where(eq(installments.paymentAgreementId, agreementId))
    .orderBy(asc(installments.number));
  const paid = fillInstallments(
    schedule.map((row) => row.amount),
    total,
  );
  for (const [index, row] of schedule.entries()) {
    if (!new Decimal(row.paid).equals(paid[index]!)) await tx.update(installments).set({ paidUsd: paid[index]! }).where(eq(installments.id, row.id));
  }
}

/** The agreement's months its money reached, each held by the payment that reached it; months covered otherwise stay as they are. */
async function coverReachedMonths(
  tx: Executor,
  addressId: number,
  agreementId: number,
  reached: { paymentId: number; total: Decimal }[],
  paymentIds: number[],
): Promise<void> {
  const months = await tx
    .select({ month: paymentAgreementMonths.month, price_usd: paymentAgreementMonths.priceUsd, surcharge_usd: paymentAgreementMonths.surchargeUsd })
    .from(paymentAgreementMonths)
    .where(eq(paymentAgreementMonths.paymentAgreementId, agreementId))
    .orderBy(asc(paymentAgreementMonths.month));
  if (paymentIds.length) await tx.delete(addressMonths).where(and(eq(addressMonths.addressPaymentId, addressId), inArray(addressMonths.paymentId, paymentIds)));
  const total = reached.at(-1)?.total ?? new Decimal(0);
  const count = coveredMonthCount(months, total);
  const rows: (typeof addressMonths.$inferInsert)[] = [];
  let through = new Decimal(0);
  for (const month of months.slice(0, count)) {
    through = through.plus(month.price_usd).plus(month.surcharge_usd);
    const holder = reached.find((entry) => entry.total.greaterThanOrEqualTo(through));
    if (holder) rows.push({ addressPaymentId: addressId, month: month.month, paymentId: holder.paymentId });
  }
  // A month someone covered another way (a manual mark, a payment naming it) keeps that coverage.
  if (rows.length) await tx.insert(addressMonths).values(rows).onConflictDoNothing();
}

/** Paid in full: the agreement is completed (once); money taken back makes a completed one current again. */
async function followCompletion(tx: Executor, agreement: typeof paymentAgreements.$inferSelect, paidInFull: boolean): Promise<void> {
  const next = paidInFull && agreement.status === 'current' ? 'completed' : !paidInFull && agreement.status === 'completed' ? 'current' : null;
  if (!next) return;
  await tx
    .update(paymentAgreements)
    .set({ status: next, endedAt: next === 'completed' ? sql`now()` : null })
    .where(eq(paymentAgreements.id, agreement.id));
  await recordAudit(tx, {
    module: 'payment_agreements',
    event: 'updated',
    causerId: null,
    subjectId: agreement.id,
    old: { status: agreement.status },
    attributes: { status: next },
  });
}

/**
 * A payment write's money (issue 50): a payment to an agreement settles the agreement first and
 * only its excess joins the address's balance; any other payment's credit goes to the balance as it
 * is. `leaving`: the payment is being deleted. Answers the months the balance completed.
 */
export async function settlePaymentMoney(
  tx: Executor,
  row: typeof payments.$inferSelect,
  plan: { credit: string; now: Date; leaving?: boolean },
): Promise<Month[]> {
  const credit = row.paymentAgreementId
    ? ((await settleAgreement(tx, row.paymentAgreementId, plan.leaving ? row.id : null)).get(row.id) ?? '0.00')
    : plan.credit;
  return settleBalance(tx, { addressId: row.addressPaymentId, paymentId: row.id, credit, now: plan.now });
}
