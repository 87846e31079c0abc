import Decimal from 'decimal.js';
import { paymentAmounts } from './amounts';
import { formatMoney } from './format-money';
import type { CalendarMoney, Month } from './months';
import { feeAt, highestFee, type FeeChange } from './tariffs';
import { monthSurcharge, type AgreementHold, type LateFeeSettings } from './late-fees';

/**
 * An address's credit balance (saldo a favor, issue 50): what payments brought beyond the months
 * they name, kept in the fee's unit (dollars) and spent on owed months oldest first. Every change
 * is a movement; the balance is their sum. One module for the server's arithmetic and the screens.
 */

export const BALANCE_MOVEMENT_KINDS = ['credit', 'month', 'reversal', 'month_reopened'] as const;
export type BalanceMovementKind = (typeof BALANCE_MOVEMENT_KINDS)[number];

export const BALANCE_MOVEMENT_LABELS: Record<BalanceMovementKind, string> = {
  credit: 'Abono a favor',
  month: 'Mes cubierto con abonos',
  reversal: 'Abono revertido',
  month_reopened: 'Mes adeudado de nuevo',
};

export interface BalanceMovement {
  /** When it was recorded (ISO 8601). */
  date: string;
  kind: BalanceMovementKind;
  /** Signed, in dollars: positive adds to the balance. */
  amount_usd: string;
  payment_id: number | null;
  month: Month | null;
}

export interface AddressBalance {
  balance_usd: string;
  /** The balance at today's dollar rate, in bolívares. */
  balance_ves: string;
  movements: BalanceMovement[];
}

const cents = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/**
 * What one month costs when a payment pays it (the fee, plus VAT for a commercial address, no
 * retention): the price the balance must reach to complete it. Null without a fee.
 */
export const monthPrice = (type: 0 | 1, fee: string | null): string | null =>
  fee === null ? null : paymentAmounts({ type, fee, months: 1, rate: 1 }).dollar_amount_bill;

export interface PaymentMoney {
  /** Bolívares that stayed with the office (lines less change). */
  amount_payment: string;
  /** IGTF in bolívares: a tax collected with the payment, never credit. */
  igtf_amount: string;
  exchange_rate: string;
  /** What the payment's months cost in dollars after retention. */
  dollar_amount_payment: string;
}

/**
 * A payment's credit: what it brought, less IGTF, converted at its own rate to the cent
 * (half-up), less what its months cost in dollars; never below zero: a payment never draws on the
 * balance (what it names must be paid by its own amount: payments/tenders.ts `settlePayment`).
 */
export function paymentCredit(payment: PaymentMoney): string {
  const rate = new Decimal(payment.exchange_rate);
  if (rate.lessThanOrEqualTo(0)) return '0.00';
  const brought = cents(new Decimal(payment.amount_payment).minus(payment.igtf_amount).dividedBy(rate));
  return Decimal.max(brought.minus(payment.dollar_amount_payment), 0).toFixed(2);
}

/** The part of the balance that counts toward the oldest owed month: the balance, at most the month's price. */
export function creditTowardMonth(balanceUsd: string, priceUsd: string | null): string | null {
  if (priceUsd === null || new Decimal(balanceUsd).lessThanOrEqualTo(0)) return null;
  return Decimal.min(new Decimal(balanceUsd), new Decimal(priceUsd)).toFixed(2);
}

/**
 * What the calendar needs to price an address's months (months.ts `CalendarMoney`): the newest
 * price, and with tariff changes (issue 50) each month's, the balance's part of the oldest owed
 * month capped there by that month's price.
 */
export function calendarMoney(
  address: { type: 0 | 1; fee: string | null; balance_usd: string; fee_changes: readonly FeeChange[]; late_fee?: LateFeeSettings | null },
  today?: string,
  holds?: ReadonlyMap<Month, AgreementHold>,
): CalendarMoney {
  const price = monthPrice(address.type, address.fee);
  const schedule = { fee: address.fee, changes: address.fee_changes };
  const settings = address.late_fee ?? null;
  // With the surcharge on (issue 50), each owed month says what it has accrued by today, less what a payment agreement held.
  const surcharge =
    settings?.percent && today ? { surcharge_of: (month: Month) => monthSurcharge({ month, fee: feeAt(schedule, month), settings, today, covered: false, agreement: holds?.get(month) }) } : {};
  if (!address.fee_changes.length) return { price_usd: price, toward_oldest_usd: creditTowardMonth(address.balance_usd, price), ...surcharge };
  return {
    price_usd: price,
    toward_oldest_usd: creditTowardMonth(address.balance_usd, monthPrice(address.type, highestFee(schedule))),
    price_of: (month) => monthPrice(address.type, feeAt(schedule, month)),
    ...surcharge,
  };
}

/** Whether there is a balance to show: above zero. */
export const hasBalance = (balanceUsd: string) => new Decimal(balanceUsd).greaterThan(0);

/** The balance at today's rate, in bolívares to the cent. */
export const balanceInBolivars = (balanceUsd: string, dollarRate: string) => cents(new Decimal(balanceUsd).times(dollarRate)).toFixed(2);

export const balanceMessages = {
  /** An abono (no months) whose amount is worth nothing in dollars at its rate. */
  abonoTooSmall: (rate: string) => `El abono debe valer al menos $ 0,01 a la tasa del pago (${formatMoney(rate)} por dólar).`,
  /** An abono pays no month, so it has no invoice line: the invoice goes out with the months. */
  abonoWithoutInvoice: 'Un abono no lleva factura digital: desmarca "Enviar factura digital" o elige los meses que paga.',
  monthHeldByBalance: (month: Month) => `El mes ${month.slice(5, 7)}-${month.slice(0, 4)} está cubierto con el saldo a favor y no se puede desmarcar.`,
  /** The calendar's words for a month partly paid by the balance. */
  partial: (paidUsd: string, priceUsd: string) => `abonado ${formatMoney(paidUsd, '$')} de ${formatMoney(priceUsd, '$')}`,
} as const;
