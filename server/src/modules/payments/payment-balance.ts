import Decimal from 'decimal.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { monthPrice, paymentCredit } from '@recaudo/domain/balance';
import { feeAt } from '@recaudo/domain/tariffs';
import { addMonths, lastPayableMonth, type Month } from '@recaudo/domain/months';
import type { Executor } from '../../db/client';
import { addressBalanceMovements, addressMonths } from '../addresses-payment/tables';
import { agreementMonthsOf } from '../payment-agreements/holds';
import { addressFacts } from './payment-ledger';
import type { payments } from './tables';

/**
 * The address's credit balance in a payment write (issue 50), always with the address row held
 * (payment-ledger `lockAddresses`), so concurrent writers to one address take turns and the
 * balance they read is the one they change. A write states what its payment brought beyond its
 * months (`settleBalance`): the difference to what it had brought is one movement; a balance left
 * negative re-opens the months it completed, newest first, until it is not; then the balance
 * completes owed months oldest first, up to the limit on paying ahead.
 */

type PaymentRecord = typeof payments.$inferSelect;

/** What the payment brought beyond its months (domain `paymentCredit`), whatever its status. */
export const paymentCreditOf = (row: PaymentRecord): string =>
  paymentCredit({ amount_payment: row.amountPayment, igtf_amount: row.igtfAmount, exchange_rate: row.exchangeRate, dollar_amount_payment: row.dollarAmountPayment });

/** The credit a payment holds on its address's balance: only once Aprobado; nothing while Procesando or Rechazado. */
export const creditOfPayment = (row: PaymentRecord): string => (row.status === 1 ? paymentCreditOf(row) : '0.00');

const sumOf = async (tx: Executor, where: ReturnType<typeof and>) => {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${addressBalanceMovements.amountUsd}), 0)::text` })
    .from(addressBalanceMovements)
    .where(where);
  return new Decimal(row?.total ?? 0);
};

const balanceOf = (tx: Executor, addressId: number) => sumOf(tx, eq(addressBalanceMovements.addressPaymentId, addressId));

/** What this payment's credit and reversals add up to on the address now. */
const creditHeld = (tx: Executor, addressId: number, paymentId: number) =>
  sumOf(
    tx,
    and(
      eq(addressBalanceMovements.addressPaymentId, addressId),
      eq(addressBalanceMovements.paymentId, paymentId),
      inArray(addressBalanceMovements.kind, ['credit', 'reversal']),
    ),
  );

/** Re-opens months the balance completed, newest first, while the balance is below zero. */
async function reopenWhileNegative(tx: Executor, addressId: number, paymentId: number, balance: Decimal): Promise<Decimal> {
  while (balance.isNegative()) {
    const [newest] = await tx
      .select({ id: addressMonths.id, month: addressMonths.month })
      .from(addressMonths)
      .where(and(eq(addressMonths.addressPaymentId, addressId), eq(addressMonths.fromBalance, true)))
      .orderBy(desc(addressMonths.month))
      .limit(1);
    if (!newest) break;
    // The month gives back what it took from the balance when it was completed.
    const [taken] = await tx
      .select({ amount: addressBalanceMovements.amountUsd })
      .from(addressBalanceMovements)
      .where(and(eq(addressBalanceMovements.addressPaymentId, addressId), eq(addressBalanceMovements.kind, 'month'), eq(addressBalanceMovements.month, newest.month)))
      .orderBy(desc(addressBalanceMovements.id))
      .limit(1);
    const price = new Decimal(taken?.amount ?? 0).negated();
    await tx.delete(addressMonths).where(eq(addressMonths.id, newest.id));
    await tx.insert(addressBalanceMovements).values({ addressPaymentId: addressId, kind: 'month_reopened', amountUsd: price.toFixed(2), paymentId, month: newest.month });
    balance = balance.plus(price);
  }
  return balance;
}

/** Completes owed months oldest first while the balance reaches the month's price; answers the months completed. */
async function spendOnOwedMonths(tx: Executor, addressId: number, paymentId: number | null, balance: Decimal, now: Date): Promise<Month[]> {
  if (balance.lessThanOrEqualTo(0)) return [];
  const address = await addressFacts(tx, addressId, null);
  if (!address) return [];
  // Each month at the tariff in force for it (issue 50); the oldest owed month the balance cannot reach stops the run.
  const completed: { month: Month; price: string }[] = [];
  const limit = lastPayableMonth(now);
  // A current agreement's months are its installments' to pay (docs/decisions.md): the balance passes them by.
  const held = await agreementMonthsOf(tx, addressId);
  for (let month = address.start; month <= limit; month = addMonths(month, 1)) {
    if (address.taken.has(month) || held.has(month)) continue;
    const price = monthPrice(address.type, feeAt(address.schedule, month));
    if (price === null || new Decimal(price).lessThanOrEqualTo(0) || balance.lessThan(price)) break;
    completed.push({ month, price });
    balance = balance.minus(price);
  }
  if (!completed.length) return [];
  await tx.insert(addressMonths).values(completed.map(({ month }) => ({ addressPaymentId: addressId, month, fromBalance: true })));
  await tx
    .insert(addressBalanceMovements)
    .values(completed.map(({ month, price }) => ({ addressPaymentId: addressId, kind: 'month', amountUsd: new Decimal(price).negated().toFixed(2), paymentId, month })));
  return completed.map(({ month }) => month);
}

/**
 * Brings the payment's part of the address's balance to `credit` (its credit now: 0 once
 * rejected or deleted) and settles the balance. Answers the months the balance completed.
 */
export async function settleBalance(tx: Executor, plan: { addressId: number; paymentId: number; credit: string; now: Date }): Promise<Month[]> {
  const held = await creditHeld(tx, plan.addressId, plan.paymentId);
  const change = new Decimal(plan.credit).minus(held);
  if (!change.isZero()) {
    await tx
      .insert(addressBalanceMovements)
      .values({ addressPaymentId: plan.addressId, kind: change.isPositive() ? 'credit' : 'reversal', amountUsd: change.toFixed(2), paymentId: plan.paymentId });
  }
  const balance = await reopenWhileNegative(tx, plan.addressId, plan.paymentId, await balanceOf(tx, plan.addressId));
  return spendOnOwedMonths(tx, plan.addressId, plan.paymentId, balance, plan.now);
}
