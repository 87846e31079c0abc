import { eq } from 'drizzle-orm';
import { closedBoxMessages, type PaymentGroupKey } from '@recaudo/domain/closed-boxes';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
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
type Grouped = Pick<PaymentRecord, 'paymentMethodId' | 'terminal' | 'lotNumber'>;

export const groupKeyOf = (group: PaymentGroupKey) => `${group.payment_method_id}|${group.terminal ?? ''}|${group.lot_number ?? ''}`;

const paymentGroupKey = (payment: Grouped) => groupKeyOf({ payment_method_id: payment.paymentMethodId, terminal: payment.terminal, lot_number: payment.lotNumber });

export const isGroupVerified = (closing: Pick<ClosedBoxRecord, 'verifyPayments'>, key: string) =>
  closing.verifyPayments.some((group) => groupKeyOf(group) === key);

/** Whether the payment, as it is or as an edit would leave it, sits in a verified group of `closing`. */
export const inVerifiedGroup = (closing: ClosedBoxRecord | null, ...versions: Grouped[]) =>
  closing !== null && versions.some((payment) => isGroupVerified(closing, paymentGroupKey(payment)));

export const verifiedGroupError = (closedBoxId: number) => new AppError('validation', closedBoxMessages.paymentInVerifiedGroup(closedBoxId));

/** What may still change on a payment of a verified group. */
const FREE_FIELDS = new Set(['observations', 'files']);

/** Refuses a change of any other field of a payment in a verified group (`changed` in API names). */
export function assertOnlyFreeFieldsChanged(closing: ClosedBoxRecord | null, changed: string[], ...versions: Grouped[]): void {
  if (!closing || !inVerifiedGroup(closing, ...versions)) return;
  if (changed.some((field) => !FREE_FIELDS.has(field))) throw verifiedGroupError(closing.id);
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
