import Decimal from 'decimal.js';
import { lateFeeMessages, monthSurcharge, surchargeTotal } from '@recaudo/domain/late-fees';
import type { Month } from '@recaudo/domain/months';
import type { PaymentFields } from '@recaudo/domain/payments';
import { hasPermission } from '@recaudo/domain/permissions';
import { feeAt } from '@recaudo/domain/tariffs';
import type { Executor } from '../../db/client';
import { AppError, fieldError } from '../../platform/errors';
import type { AuthContext } from '../auth/service';
import { agreementHoldsOf, type AgreementHolds } from '../payment-agreements/holds';
import type { AddressFacts } from './payment-ledger';
import type { payments } from './tables';

/**
 * The late-payment surcharge a payment charges (issue 50): each month it pays at the surcharge
 * accrued on the payment's date (what the client owed the day she paid; an edit that keeps the
 * date keeps the figure), less what a user with `waive_late_fee` waived, with a reason.
 */
export interface PaymentSurcharge {
  surchargeUsd: string;
  surchargeWaivedUsd: string;
  surchargeWaiverReason: string | null;
  /** What is charged: the surcharge less the waiver, part of the tax base. */
  netUsd: string;
}

/** Each month's surcharge on `day` (YYYY-MM-DD), less what a payment agreement held: the one function that prices them, as the calendar and statement do. */
export const monthSurcharges = (address: Pick<AddressFacts, 'schedule' | 'lateFee'>, months: readonly Month[], day: string, holds?: AgreementHolds) =>
  months.map((month) => monthSurcharge({ month, fee: feeAt(address.schedule, month), settings: address.lateFee, today: day, covered: false, agreement: holds?.get(month) }));

export async function paymentSurcharge(
  tx: Executor,
  auth: AuthContext,
  address: AddressFacts,
  months: readonly Month[],
  fields: PaymentFields,
  previous: typeof payments.$inferSelect | null,
): Promise<PaymentSurcharge> {
  const holds = address.lateFee?.percent && months.length ? (await agreementHoldsOf(tx, [address.id])).get(address.id) : undefined;
  const surcharge = surchargeTotal(monthSurcharges(address, months, fields.date_payment, holds));
  const waived = new Decimal(fields.surcharge_waived_usd);
  const reason = waived.isZero() ? null : fields.surcharge_waiver_reason;
  const unchanged = previous !== null && waived.equals(previous.surchargeWaivedUsd) && reason === previous.surchargeWaiverReason;
  if (!waived.isZero() && !unchanged && !hasPermission([...auth.permissions], 'waive_late_fee')) throw new AppError('forbidden', lateFeeMessages.waiverNotAllowed);
  if (waived.greaterThan(surcharge)) throw fieldError('surcharge_waived_usd', lateFeeMessages.waiverTooLarge(surcharge));
  if (!waived.isZero() && !reason) throw fieldError('surcharge_waiver_reason', lateFeeMessages.waiverReasonRequired);
  return { surchargeUsd: surcharge, surchargeWaivedUsd: waived.toFixed(2), surchargeWaiverReason: reason, netUsd: new Decimal(surcharge).minus(waived).toFixed(2) };
}
