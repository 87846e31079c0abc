import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { dayjs } from '@recaudo/domain/dates';
import type { RateCurrency } from '@recaudo/domain/exchange-rates';

/**
 * The simulated BCV's rates: a plausible daily walk, the same in every process and on every
 * restart because each value date's rates come from the date alone. The dollar drifts up about
 * 0.3 % a business day with a small daily wobble around 245,67 on 2026-12-01; the euro follows
 * at about 1,09 dollars.
 */
const ANCHOR_DATE = '2026-12-01';
const ANCHOR_USD = new Decimal('245.67140000');
const DAILY_DRIFT = new Decimal('1.003');

const isBusinessDay = (day: dayjs.Dayjs) => day.day() !== 0 && day.day() !== 6;

/** Business days from the anchor to `date` (negative before it). */
function businessOffset(date: string): number {
  let day = dayjs(ANCHOR_DATE);
  const target = dayjs(date);
  const step = target.isBefore(day) ? -1 : 1;
  let offset = 0;
  while (!day.isSame(target, 'day')) {
    day = day.add(step, 'day');
    if (isBusinessDay(day)) offset += step;
  }
  return offset;
}

/** A wobble in [-spread, +spread] taken from the date's hash. */
function wobble(date: string, salt: string, spread: number): Decimal {
  const byte = createHash('sha256').update(`${salt}${date}`).digest()[0]!;
  return new Decimal(byte).dividedBy(255).times(2 * spread).minus(spread);
}

export function simulatedRates(valueDate: string): Record<RateCurrency, string> {
  const usd = ANCHOR_USD.times(DAILY_DRIFT.pow(businessOffset(valueDate))).times(new Decimal(1).plus(wobble(valueDate, 'usd', 0.002)));
  const eur = usd.times(new Decimal('1.09').plus(wobble(valueDate, 'eur', 0.01)));
  return { USD: usd.toFixed(8), EUR: eur.toFixed(8) };
}

/** The next business day after `date`. */
export function nextBusinessDay(date: string): string {
  let day = dayjs(date).add(1, 'day');
  while (!isBusinessDay(day)) day = day.add(1, 'day');
  return day.format('YYYY-MM-DD');
}

/** The business days from `from` to `to`, both included. */
export function businessDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = dayjs(from); !day.isAfter(to, 'day'); day = day.add(1, 'day')) if (isBusinessDay(day)) days.push(day.format('YYYY-MM-DD'));
  return days;
}

/**
 * The value date the BCV's page shows at a Caracas day and hour: from 16:00 of a business day the
 * next business day's; a weekend shows Monday's (published on Friday afternoon); otherwise the day's own.
 */
export function publishedValueDate(today: string, hour: number): string {
  const day = dayjs(today);
  if (!isBusinessDay(day) || hour >= 16) return nextBusinessDay(today);
  return today;
}
