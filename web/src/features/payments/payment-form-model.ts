import type { AddressRow } from '@recaudo/domain/addresses';
import { calendarMoney } from '@recaudo/domain/balance';
import type { ExchangeRates } from '@recaudo/domain/configurations';
import { calendarYears, currentMonth, lastPayableMonth, monthRange, unpaidMonths, type CalendarYear, type Coverage, type Month } from '@recaudo/domain/months';
import { DOLLAR_RATE_ID, EURO_RATE_ID } from '@recaudo/domain/payments';

/**
 * The month side of the payment panel (spec 02 "Month calendar", §4 month type), worked out from
 * the address row the panel loaded. The payment being edited doesn't count as coverage: its
 * months are what the panel is choosing again.
 */
export interface PanelMonths {
  /** The address's start month: nothing before it is owed. */
  start: Month;
  /** The years shown, from the year of the earliest unpaid month to the current one. */
  years: CalendarYear[];
  /** Months owed from the start month through the current month, oldest first ("Pagar deuda total"). */
  unpaid: Month[];
  /** Months covered by other payments or manual marks. */
  covered: ReadonlySet<Month>;
  /** Unpaid months before the current one: a "Mes actual" payment leaves them owed, so the panel says so. */
  earlierOwed: Month[];
  /** The month a "Mes actual" payment pays: the current one, or the earliest owed when it is covered (as the server). */
  currentTypeMonth: Month | null;
}

export function panelMonths(
  address: Pick<AddressRow, 'start_month' | 'payments' | 'opening_paid_through' | 'type' | 'fee' | 'fee_changes' | 'balance_usd'>,
  editingId: number | null,
  keep: readonly Month[] = [],
  now = new Date(),
): PanelMonths {
  const coverage: Coverage[] = address.payments
    .flatMap((year) => year.months)
    .filter((entry) => (entry.state === 'paid' || entry.state === 'pending') && (editingId === null || entry.payment_id !== editingId))
    .map((entry) => ({ month: entry.month, payment_id: entry.payment_id, pending: entry.state === 'pending', from_balance: entry.from_balance }));
  const covered = new Set(coverage.map((entry) => entry.month));
  const unpaid = unpaidMonths(address.start_month, covered, now);
  const current = currentMonth(now);
  const first = [unpaid[0], ...keep, current].filter((month): month is Month => Boolean(month)).sort()[0]!;
  // Each owed month's late-payment surcharge as the server answered it (issue 50).
  const surcharges = new Map(address.payments.flatMap((year) => year.months).map((entry) => [entry.month, entry.surcharge_usd ?? null]));
  const money = { ...calendarMoney(address), surcharge_of: (month: Month) => surcharges.get(month) ?? null };
  const years = calendarYears(address.start_month, coverage, now, address.opening_paid_through, money).filter((year) => year.year >= Number(first.slice(0, 4)));
  const currentTypeMonth = !covered.has(current)
    ? current
    : (monthRange(address.start_month, lastPayableMonth(now)).find((month) => !covered.has(month)) ?? null);
  return { start: address.start_month, years, unpaid, covered, currentTypeMonth, earlierOwed: unpaid.filter((month) => month < current) };
}

/** A month the panel may pick: not covered by anything else (a month partly paid by the balance is still owed), from the start month through December. */
export const isPayable = (entry: CalendarYear['months'][number], now = new Date()) =>
  (entry.state === 'unpaid' || entry.state === 'ahead' || entry.state === 'partial') && entry.month <= lastPayableMonth(now);

export interface RateChoice {
  id: number;
  rate: string;
}

/** Spec 02 §9: a commercial address uses the highest configured rate, any other the dollar rate. */
export function defaultRate(addressType: 0 | 1, rates: ExchangeRates): RateChoice {
  if (addressType === 1 && Number(rates.euro_rate) > Number(rates.dollar_rate)) return { id: EURO_RATE_ID, rate: rates.euro_rate };
  return { id: DOLLAR_RATE_ID, rate: rates.dollar_rate };
}

export const rateOf = (id: number, rates: ExchangeRates) => (id === DOLLAR_RATE_ID ? rates.dollar_rate : rates.euro_rate);
/** The form's values with the rate in force on their date, unless a rate was typed with its reason (issue 47). */
export const withRateInForce = <T extends { exchange_rate_id: number | null; exchange_rate: string | null; exchange_rate_reason: string }>(values: T, inForce: ExchangeRates): T =>
  values.exchange_rate_id && !values.exchange_rate_reason ? { ...values, exchange_rate: rateOf(values.exchange_rate_id, inForce) } : values;
/** The foreign currency of a rate: exchange_rate_id 1 is the dollar, any other the euro. */
export const currencyOf = (rateId: number): '$' | '€' => (rateId === DOLLAR_RATE_ID ? '$' : '€');
