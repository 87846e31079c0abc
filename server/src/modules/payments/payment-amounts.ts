import Decimal from 'decimal.js';
import { paymentAmounts } from '@recaudo/domain/amounts';
import type { Month } from '@recaudo/domain/months';
import type { PaymentFields } from '@recaudo/domain/payments';
import { feesOf } from '@recaudo/domain/tariffs';
import type { AddressFacts } from './payment-ledger';
import type { PaymentSurcharge } from './payment-surcharge';
import { amountColumns, type payments } from './tables';

type PaymentRecord = typeof payments.$inferSelect;

/**
 * The stored amounts (spec 02 §9, DESIGN §5): base, VAT, retention, bill amount and the dollar
 * figures are recomputed from the address's fee, the months, their surcharge and the rate.
 * `amount_payment` is what was actually paid, kept as typed: at least what its months cost
 * (`settlePayment`, issue 46), anything beyond is credit on the address's balance.
 */
export function amountsOf(address: AddressFacts, months: readonly Month[], rate: string, fields: PaymentFields, surcharge: PaymentSurcharge) {
  // A VAT withholding is made on an invoice (AplicarRetencion takes types 01–03), never on a delivery note.
  const withholds = address.type === 1 && fields.is_apply_retention && fields.type_document === '01';
  const computed = paymentAmounts({
    type: address.type,
    fee: address.fee,
    months: months.length,
    monthFees: feesOf(address.schedule, months),
    rate,
    applyRetention: withholds,
    surcharge: surcharge.netUsd,
  });
  return {
    ...amountColumns(computed),
    isApplyRetention: withholds,
    surchargeUsd: surcharge.surchargeUsd,
    surchargeWaivedUsd: surcharge.surchargeWaivedUsd,
    surchargeWaiverReason: surcharge.surchargeWaiverReason,
  };
}

/** What the stored figures say the months cost (`amount_payment` is what was received, not the cost). */
export const storedDue = (row: PaymentRecord) => ({
  ves: new Decimal(row.dollarAmountPayment).times(row.exchangeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  foreign: row.dollarAmountPayment,
});

/** What the months cost after retention, the figure the tender lines must cover (issue 49). */
export const dueOf = (amounts: { amountPayment: string; dollarAmountPayment: string }) => ({ ves: amounts.amountPayment, foreign: amounts.dollarAmountPayment });
