import { eq, sql } from 'drizzle-orm';
import { closedBoxMessages, type PaymentGroupKey } from '@recaudo/domain/closed-boxes';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { executeSql } from '../../platform/render';
import type { AuthContext } from '../auth/service';
import { lockPayment } from '../payments/payment-checks';
import { payments } from '../payments/tables';
import { closedBoxes } from './tables';

/**
 * A verified group of a closing (method / terminal / lot, `closed_boxes.verify_payments`) stays
 * as the supervisor verified it: its payments keep their money fields, status and closing until
 * someone allowed to verify takes the verification off. Every write that could break that holds
 * the closing's row, the lock `verify-payments` takes, so a verification and an edit never both win.
 */

type ClosedBoxRecord = typeof closedBoxes.$inferSelect;
type PaymentRecord = typeof payments.$inferSelect;

export const groupKeyOf = (group: PaymentGroupKey) => `${group.payment_method_id}|${group.terminal ?? ''}|${group.lot_number ?? ''}`;

export const isGroupVerified = (closing: Pick<ClosedBoxRecord, 'verifyPayments'>, key: string) =>
  closing.verifyPayments.some((group) => groupKeyOf(group) === key);

/**
 * The groups of a closing that these of its payments are in, one per tender line (issue 49: a
 * payment paid in several methods is in each of their groups), by the database's
 * `closed_box_lines` (migration 0049), the definition the closing's groups are read by.
 */
export async function groupKeysOf(tx: Executor, closedBoxId: number, paymentIds: number[]): Promise<string[]> {
  if (!paymentIds.length) return [];
  const rows = await executeSql<PaymentGroupKey>(
    tx,
    sql`select distinct payment_method_id, terminal, lot_number from closed_box_lines(array[${closedBoxId}]::int[])
      where payment_id = any(${`{${paymentIds.join(',')}}`}::int[])`,
  );
  return rows.map(groupKeyOf);
}

/** Whether the payment, as stored now, has a line in a verified group of `closing`. */
export async function inVerifiedGroup(tx: Executor, closing: ClosedBoxRecord | null, paymentId: number): Promise<boolean> {
  if (!closing?.verifyPayments.length) return false;
  return (await groupKeysOf(tx, closing.id, [paymentId])).some((key) => isGroupVerified(closing, key));
}

export const verifiedGroupError = (closedBoxId: number) => new AppError('validation', closedBoxMessages.paymentInVerifiedGroup(closedBoxId));

/** What may still change on a payment of a verified group. */
const FREE_FIELDS = new Set(['observations', 'files']);

/**
 * Refuses a change of any other field (`changed` in API names) of a payment that was in a verified
 * group of `closing` before the edit (`wasVerified`) or is in one as the edit stored it.
 */
export async function assertOnlyFreeFieldsChanged(tx: Executor, closing: ClosedBoxRecord | null, changed: string[], wasVerified: boolean, paymentId: number): Promise<void> {
  if (!closing || !changed.some((field) => !FREE_FIELDS.has(field))) return;
  if (wasVerified || (await inVerifiedGroup(tx, closing, paymentId))) throw verifiedGroupError(closing.id);
}

const ATTEMPTS = 3;

/**
 * Locks a payment's closing, then the payment (the closings' order: closing row first, then its
 * payments; the other way round a payment edit and a group approval could deadlock). The payment
 * may move to another closing between the first read and its lock; then the pair is taken again.
 */
export async function lockPaymentWithClosing(tx: Executor, auth: AuthContext, id: number): Promise<{ payment: PaymentRecord; closing: ClosedBoxRecord | null }> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const [current] = await tx.select({ closedBoxId: payments.closedBoxId }).from(payments).where(eq(payments.id, id));
    const closedBoxId = current?.closedBoxId ?? null;
    const [closing] = closedBoxId === null ? [] : await tx.select().from(closedBoxes).where(eq(closedBoxes.id, closedBoxId)).for('update');
    const payment = await lockPayment(tx, auth, id);
    if (payment.closedBoxId === (closing?.id ?? null)) return { payment, closing: closing ?? null };
  }
  throw new AppError('conflict', closedBoxMessages.stale);
}
