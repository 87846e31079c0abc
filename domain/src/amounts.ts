import Decimal from 'decimal.js';

/**
 * Payment amounts (spec 02 §9, DESIGN §5), one function for the payment panel and the server.
 * Fees are in the foreign currency of the chosen rate; the rate is bolivars per unit. Every
 * figure is rounded to the cent half-up as soon as it is computed, and later figures are built
 * from the rounded ones, so the receipt's lines add up exactly.
 */
export const VAT_RATE = '0.16';
/** Share of the VAT a withholding agent retains. */
export const RETENTION_RATE = '0.75';

export interface AmountInput {
  /** Address type: 0 residential (no VAT), 1 commercial. */
  type: 0 | 1;
  /** Monthly fee in the foreign currency, decimal text. */
  fee: Decimal.Value;
  months: number;
  /** Bolivars per unit of the foreign currency, decimal text. */
  rate: Decimal.Value;
  /** Commercial only: the client withholds 75 % of the VAT. */
  applyRetention?: boolean;
  /**
   * Each month's fee when a tariff changed among them (issue 50, domain tariffs.ts `feesOf`): the
   * base is their sum instead of fee × months.
   */
  monthFees?: readonly (string | null)[];
  /**
   * The late-payment surcharge charged with the months, less any waiver (issue 50, late-fees.ts):
   * part of the base, so it carries VAT and retention as the fee does.
   */
  surcharge?: Decimal.Value;
}

/** Every amount as two-decimal text. `dollar_*` are in the rate's foreign currency. */
export interface Amounts {
  tax_base: string;
  iva: string;
  retention: string;
  dollar_amount_bill: string;
  dollar_amount_payment: string;
  amount_bill: string;
  amount_payment: string;
}

const cents = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export function paymentAmounts(input: AmountInput): Amounts {
  const rate = new Decimal(input.rate);
  const monthsBase = input.monthFees
    ? cents(input.monthFees.reduce((sum: Decimal, fee) => sum.plus(fee ?? 0), new Decimal(0)))
    : cents(new Decimal(input.fee).times(Math.max(0, input.months)));
  const base = cents(monthsBase.plus(input.surcharge ?? 0));
  const commercial = input.type === 1;
  const iva = commercial ? cents(base.times(VAT_RATE)) : new Decimal(0);
  const retention = commercial && input.applyRetention ? cents(iva.times(RETENTION_RATE)) : new Decimal(0);
  const total = base.plus(iva);
  const paid = total.minus(retention);
  return {
    tax_base: base.toFixed(2),
    iva: iva.toFixed(2),
    retention: retention.toFixed(2),
    dollar_amount_bill: total.toFixed(2),
    dollar_amount_payment: paid.toFixed(2),
    amount_bill: cents(total.times(rate)).toFixed(2),
    amount_payment: cents(paid.times(rate)).toFixed(2),
  };
}

/** Debt total (spec 02 §9): months to pay × fee × rate, in bolivars. */
export const debtTotal = (monthsToPay: number, fee: Decimal.Value, rate: Decimal.Value) =>
  cents(new Decimal(fee).times(Math.max(0, monthsToPay)).times(rate)).toFixed(2);
