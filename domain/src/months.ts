import Decimal from 'decimal.js';
import { caracasMonth } from './dates';

/**
 * Month arithmetic of the ledger. A month is 'YYYY-MM'; comparing two months as strings
 * orders them in time, so no date library is needed past "which month is it in Caracas".
 */
export type Month = string;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMonth = (value: unknown): value is Month => typeof value === 'string' && MONTH_PATTERN.test(value);

/** The month of a date or timestamp, in Caracas. A plain 'YYYY-MM-DD' is taken as written. */
export function monthOf(value: string | Date): Month {
  if (typeof value === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(value)) return value.slice(0, 7);
  return caracasMonth(value);
}

export const currentMonth = (now: Date = new Date()): Month => caracasMonth(now);

const toIndex = (month: Month) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const fromIndex = (index: number): Month => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

export const addMonths = (month: Month, count: number): Month => fromIndex(toIndex(month) + count);

/**
 * A month as people write it: 'YYYY-MM', 'MM-YYYY', 'MM/YYYY' or 'YYYY/MM' (a spreadsheet's
 * "pagado hasta"); null when it is none of them.
 */
export function parseMonthText(value: string): Month | null {
  const text = value.trim();
  const yearFirst = /^(\d{4})[-/](\d{1,2})$/.exec(text);
  const monthFirst = /^(\d{1,2})[-/](\d{4})$/.exec(text);
  const [year, month] = yearFirst ? [yearFirst[1]!, yearFirst[2]!] : monthFirst ? [monthFirst[2]!, monthFirst[1]!] : ['', ''];
  const candidate = `${year}-${month.padStart(2, '0')}`;
  return isMonth(candidate) ? candidate : null;
}

/** How many months from `from` to `to`, both included; 0 when `to` is before `from`. */
export const monthsBetween = (from: Month, to: Month): number => Math.max(0, toIndex(to) - toIndex(from) + 1);

/** Every month from `from` to `to`, both included. */
export function monthRange(from: Month, to: Month): Month[] {
  const count = monthsBetween(from, to);
  const start = toIndex(from);
  return Array.from({ length: count }, (_, offset) => fromIndex(start + offset));
}

/** Paying ahead is allowed up to December of the current year. */
export const lastPayableMonth = (now: Date = new Date()): Month => `${currentMonth(now).slice(0, 4)}-12`;

export interface StartMonthSources {
  /** The opening position: the last month an opening balance covers (issue 48); the month after it starts the ledger. */
  openingPaidThrough?: Month | null;
  /** The address's own start date. */
  addressDateStart?: string | null;
  /** The community's (residential) or the parish's (commercial) start of service. */
  serviceDateStart?: string | null;
  /** The earliest month the ledger covers for the address. */
  earliestCovered?: Month | null;
  /** When the address was registered. */
  createdAt: string | Date;
}

/**
 * DESIGN §5: the month after the opening balance, else own date, else the community's or
 * parish's, else the earliest paid month, else creation.
 */
export function startMonth(sources: StartMonthSources): Month {
  if (sources.openingPaidThrough) return addMonths(sources.openingPaidThrough, 1);
  if (sources.addressDateStart) return monthOf(sources.addressDateStart);
  if (sources.serviceDateStart) return monthOf(sources.serviceDateStart);
  if (sources.earliestCovered) return sources.earliestCovered;
  return monthOf(sources.createdAt);
}

/** Months from the start through the current month that nothing covers, oldest first. */
export function unpaidMonths(start: Month, covered: ReadonlySet<Month>, now: Date = new Date()): Month[] {
  return monthRange(start, currentMonth(now)).filter((month) => !covered.has(month));
}

/**
 * Months are paid oldest first (issue 51): the months from the start through the newest one
 * chosen that neither something else covers nor the payment takes, oldest first. A client's
 * payment that leaves one of them owed is refused; staff are warned with their names.
 */
export function monthsLeftOwed(start: Month, covered: ReadonlySet<Month>, chosen: readonly Month[]): Month[] {
  if (chosen.length === 0) return [];
  const taking = new Set(chosen);
  const newest = [...taking].sort().at(-1)!;
  return monthRange(start, newest).filter((month) => !covered.has(month) && !taking.has(month));
}

/**
 * The client's month picker, oldest first: choosing a month takes it and every older payable one;
 * letting one go lets go of it and every newer one, so the choice never leaves a gap.
 */
export function toggleOldestFirst(payable: readonly Month[], chosen: readonly Month[], month: Month): Month[] {
  if (chosen.includes(month)) return chosen.filter((item) => item < month);
  return [...new Set([...chosen, ...payable.filter((item) => item <= month)])].sort();
}

/**
 * The last month of the unbroken covered run that begins at the start month, or null when
 * the start month itself is owed.
 */
export function solventToDate(start: Month, covered: ReadonlySet<Month>): Month | null {
  let month = start;
  if (!covered.has(month)) return null;
  while (covered.has(addMonths(month, 1))) month = addMonths(month, 1);
  return month;
}

/**
 * `opening`: covered by the opening balance ("Saldo inicial"): no payment, no receipt.
 * `partial`: the oldest owed month while the credit balance holds part of its price (issue 50).
 */
export type CalendarMonthState = 'before_start' | 'opening' | 'paid' | 'pending' | 'partial' | 'unpaid' | 'ahead';
export const CALENDAR_MONTH_STATES = ['before_start', 'opening', 'paid', 'pending', 'partial', 'unpaid', 'ahead'] as const satisfies readonly CalendarMonthState[];

export interface CalendarMonth {
  month: Month;
  state: CalendarMonthState;
  payment_id: number | null;
  /** Covered by the credit balance ("con abonos"), not by a payment of its own. */
  from_balance: boolean;
  /** What the month costs in dollars (fee, plus VAT when commercial); null without a fee. */
  price_usd: string | null;
  /** How much of it is paid: the price when covered, the balance's part when partial, else 0. */
  paid_usd: string;
  /** The late-payment surcharge accrued on an owed month (issue 50, late-fees.ts); absent when none applies. */
  surcharge_usd?: string;
}

export interface CalendarYear {
  year: number;
  months: CalendarMonth[];
}

export interface Coverage {
  month: Month;
  /** The payment holding the month; null for a manual mark or the credit balance. */
  payment_id: number | null;
  /** True while that payment is still Procesando. */
  pending: boolean;
  /** Covered by the credit balance (issue 50). */
  from_balance?: boolean;
}

/** A month's price and the credit balance's part of the oldest owed month's (domain balance.ts). */
export interface CalendarMoney {
  price_usd: string | null;
  /** The balance, at most the price; null without a balance. */
  toward_oldest_usd: string | null;
  /** Each month's price when a tariff changed (issue 50); absent: every month at `price_usd`. */
  price_of?: (month: Month) => string | null;
  /** An owed month's late-payment surcharge today (issue 50); absent: no surcharge. */
  surcharge_of?: (month: Month) => string | null;
}

/** The balance's part of a month: at most its price. */
const towardMonth = (toward: string, price: string | null) => (price !== null && new Decimal(price).lessThan(toward) ? price : toward);

const MONTH_NUMBERS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

/** The oldest month from the start through the payable limit that nothing covers: where the balance goes first. */
function oldestOwed(start: Month, covered: ReadonlyMap<Month, Coverage>, openingPaidThrough: Month | null, limit: Month): Month | null {
  for (let month = start; month <= limit; month = addMonths(month, 1)) {
    if (!covered.has(month) && !(openingPaidThrough !== null && month <= openingPaidThrough)) return month;
  }
  return null;
}

/**
 * The year → months structure of the month calendar: one entry per year from the start
 * year (or the first covered year, if earlier) to the current year, all twelve months each.
 * Months through `openingPaidThrough` that nothing else covers are the opening balance's. With
 * `money`, each month says its price and what is paid of it, and the oldest owed month is
 * `partial` while the balance holds part of it.
 */
export function calendarYears(
  start: Month,
  coverage: readonly Coverage[],
  now: Date = new Date(),
  openingPaidThrough: Month | null = null,
  money: CalendarMoney = { price_usd: null, toward_oldest_usd: null },
): CalendarYear[] {
  const current = currentMonth(now);
  const byMonth = new Map<Month, Coverage>();
  let firstYear = Number(start.slice(0, 4));
  for (const entry of coverage) {
    byMonth.set(entry.month, entry);
    firstYear = Math.min(firstYear, Number(entry.month.slice(0, 4)));
  }
  const lastYear = Number(current.slice(0, 4));
  const price = money.price_usd;
  const partial = money.toward_oldest_usd !== null ? oldestOwed(start, byMonth, openingPaidThrough, lastPayableMonth(now)) : null;
  // A page of addresses draws a dozen years of twelve months each: built with plain loops, as
  // every list request of the addresses pays for it.
  const years: CalendarYear[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const months: CalendarMonth[] = [];
    for (const number of MONTH_NUMBERS) {
      const month = `${year}-${number}`;
      const entry = byMonth.get(month);
      let state: CalendarMonthState;
      if (entry) state = entry.pending ? 'pending' : 'paid';
      else if (openingPaidThrough !== null && month <= openingPaidThrough) state = 'opening';
      else if (month < start) state = 'before_start';
      else if (month === partial) state = 'partial';
      else if (month > current) state = 'ahead';
      else state = 'unpaid';
      const priced = money.price_of ? money.price_of(month) : price;
      const paid = state === 'partial' ? towardMonth(money.toward_oldest_usd!, priced) : entry || state === 'opening' ? (priced ?? '0.00') : '0.00';
      const calendarMonth: CalendarMonth = { month, state, payment_id: entry?.payment_id ?? null, from_balance: entry?.from_balance ?? false, price_usd: priced, paid_usd: paid };
      const surcharge = money.surcharge_of && (state === 'unpaid' || state === 'partial') ? money.surcharge_of(month) : null;
      if (surcharge !== null) calendarMonth.surcharge_usd = surcharge;
      months.push(calendarMonth);
    }
    years.push({ year, months });
  }
  return years;
}

/** Spanish month names, January first (spec 01 §9: months named in Spanish). */
export const MONTH_NAMES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const;
export const MONTH_SHORT_NAMES = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'] as const;

/** 'YYYY-MM' → 'Enero 2026'. */
export const monthName = (month: Month) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
