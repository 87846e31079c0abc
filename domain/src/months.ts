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
  /** The address's own start date. */
  addressDateStart?: string | null;
  /** The community's (residential) or the parish's (commercial) start of service. */
  serviceDateStart?: string | null;
  /** The earliest month the ledger covers for the address. */
  earliestCovered?: Month | null;
  /** When the address was registered. */
  createdAt: string | Date;
}

/** DESIGN §5: own date, else the community's or parish's, else the earliest paid month, else creation. */
export function startMonth(sources: StartMonthSources): Month {
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
 * The last month of the unbroken covered run that begins at the start month, or null when
 * the start month itself is owed.
 */
export function solventToDate(start: Month, covered: ReadonlySet<Month>): Month | null {
  let month = start;
  if (!covered.has(month)) return null;
  while (covered.has(addMonths(month, 1))) month = addMonths(month, 1);
  return month;
}

export type CalendarMonthState = 'before_start' | 'paid' | 'pending' | 'unpaid' | 'ahead';

export interface CalendarYear {
  year: number;
  months: { month: Month; state: CalendarMonthState; payment_id: number | null }[];
}

export interface Coverage {
  month: Month;
  /** The payment holding the month; null for a manual mark. */
  payment_id: number | null;
  /** True while that payment is still Procesando. */
  pending: boolean;
}

const MONTH_NUMBERS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

/**
 * The year → months structure of the month calendar: one entry per year from the start
 * year (or the first covered year, if earlier) to the current year, all twelve months each.
 */
export function calendarYears(start: Month, coverage: readonly Coverage[], now: Date = new Date()): CalendarYear[] {
  const current = currentMonth(now);
  const byMonth = new Map<Month, Coverage>();
  let firstYear = Number(start.slice(0, 4));
  for (const entry of coverage) {
    byMonth.set(entry.month, entry);
    firstYear = Math.min(firstYear, Number(entry.month.slice(0, 4)));
  }
  const lastYear = Number(current.slice(0, 4));
  // A page of addresses draws a dozen years of twelve months each: built with plain loops, as
  // every list request of the addresses pays for it.
  const years: CalendarYear[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const months: CalendarYear['months'] = [];
    for (const number of MONTH_NUMBERS) {
      const month = `${year}-${number}`;
      const entry = byMonth.get(month);
      let state: CalendarMonthState;
      if (entry) state = entry.pending ? 'pending' : 'paid';
      else if (month < start) state = 'before_start';
      else if (month > current) state = 'ahead';
      else state = 'unpaid';
      months.push({ month, state, payment_id: entry?.payment_id ?? null });
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
