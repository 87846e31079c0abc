import Decimal from 'decimal.js';
import { z } from 'zod';
import { formatMoney } from './format-money';
import { messages } from './messages';
import { blank, fail } from './validation';
import type { Month } from './months';

/**
 * The late-payment surcharge (recargo por mora, issue 50). A community (residential addresses) or
 * an economic activity (commercial ones) may charge a monthly percentage of each overdue month's
 * fee. A month falls due on its first day; after `grace_days` more days it is late, and every
 * month that starts after that adds the percentage once more (simple, never on the surcharge
 * itself), up to an optional cap in months and/or in percent of the fee. Off while `percent` is
 * null. One function (`monthSurcharge`) prices it for the calendar, the statement and the payment.
 */

export interface LateFeeSettings {
  /** Monthly percentage of the month's fee; null: no surcharge. */
  percent: string | null;
  /** Days after the first of the month before the month is late. */
  grace_days: number;
  /** At most this many monthly percentages (null: no cap in months). */
  cap_months: number | null;
  /** At most this percentage of the fee in all (null: no cap in percent). */
  cap_percent: string | null;
}

export const LATE_FEE_OFF: LateFeeSettings = { percent: null, grace_days: 0, cap_months: null, cap_percent: null };

export const MAX_GRACE_DAYS = 365;

export const lateFeeLabels = {
  percent: 'Recargo mensual (%)',
  grace_days: 'Días de gracia',
  cap_months: 'Tope en meses',
  cap_percent: 'Tope (% de la tarifa)',
} as const;

export const lateFeeMessages = {
  atMost: (attribute: string, max: number) => `El campo ${attribute} no debe ser mayor que ${max}.`,
  /** The line of its own the surcharge is wherever the debt shows. */
  line: 'Recargo por mora',
  waivedLine: 'Recargo por mora exonerado',
  waiverTooLarge: (surcharge: string) => `La exoneración no puede ser mayor que el recargo por mora de los meses pagados (${formatMoney(surcharge, '$')}).`,
  waiverReasonRequired: 'Indica el motivo de la exoneración del recargo por mora.',
  waiverNotAllowed: 'No tienes permiso para exonerar el recargo por mora.',
} as const;

/** A percentage: blank is none (null), else above 0, at most 100, two decimals. */
const optionalPercent = (attribute: string) =>
  z.unknown().transform((value, ctx): string | null => {
    if (blank(value)) return null;
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^-?\d+(\.\d+)?$/.test(text)) return fail(ctx, messages.number(attribute));
    if (!/^\d+(\.\d{1,2})?$/.test(text)) return /^-/.test(text) ? fail(ctx, messages.greaterThan(attribute, 0)) : fail(ctx, messages.decimals(attribute, 2));
    const amount = new Decimal(text);
    if (amount.isZero()) return fail(ctx, messages.greaterThan(attribute, 0));
    if (amount.greaterThan(100)) return fail(ctx, lateFeeMessages.atMost(attribute, 100));
    return amount.toFixed(2);
  });

/** A whole number from `min` to `max`; blank is `empty`. */
const wholeBetween = <Empty extends number | null>(attribute: string, min: number, max: number, empty: Empty) =>
  z.unknown().transform((value, ctx): number | Empty => {
    if (blank(value)) return empty;
    const number = typeof value === 'string' ? Number(value.trim()) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) return fail(ctx, messages.number(attribute));
    if (!Number.isInteger(number)) return fail(ctx, messages.integer(attribute));
    if (number < min) return fail(ctx, messages.min(attribute, min));
    if (number > max) return fail(ctx, lateFeeMessages.atMost(attribute, max));
    return number;
  });

/**
 * The settings' fields beside a community's or activity's own. Each may be left out of a request:
 * a new record then has the surcharge off, an edit keeps what was stored.
 */
export const lateFeeFields = {
  late_fee_percent: optionalPercent(lateFeeLabels.percent).optional(),
  late_fee_grace_days: wholeBetween(lateFeeLabels.grace_days, 0, MAX_GRACE_DAYS, 0).optional(),
  late_fee_cap_months: wholeBetween(lateFeeLabels.cap_months, 1, 240, null).optional(),
  late_fee_cap_percent: optionalPercent(lateFeeLabels.cap_percent).optional(),
};

export interface LateFeeInput {
  late_fee_percent?: string | null;
  late_fee_grace_days?: number;
  late_fee_cap_months?: number | null;
  late_fee_cap_percent?: string | null;
}

/** The settings a request leaves: its fields over what was stored (`LATE_FEE_OFF` for a new record). */
export const lateFeeSettingsOf = (input: LateFeeInput, stored: LateFeeSettings = LATE_FEE_OFF): LateFeeSettings => ({
  percent: input.late_fee_percent === undefined ? stored.percent : input.late_fee_percent,
  grace_days: input.late_fee_grace_days ?? stored.grace_days,
  cap_months: input.late_fee_cap_months === undefined ? stored.cap_months : input.late_fee_cap_months,
  cap_percent: input.late_fee_cap_percent === undefined ? stored.cap_percent : input.late_fee_cap_percent,
});

/** The settings in API names, as community and activity rows answer them. */
export type LateFeeRow = ReturnType<typeof lateFeeFieldsOf>;
export const lateFeeFieldsOf = (settings: LateFeeSettings) => ({
  late_fee_percent: settings.percent,
  late_fee_grace_days: settings.grace_days,
  late_fee_cap_months: settings.cap_months,
  late_fee_cap_percent: settings.cap_percent,
});

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
const monthIndex = (year: number, month: number) => year * 12 + month;

/**
 * How many monthly percentages a month has accrued on `today` (YYYY-MM-DD, Caracas): none through
 * its first day plus the grace; one from the next day; one more each time that day comes round
 * again a month later.
 */
export function lateMonthsOf(month: Month, graceDays: number, today: string): number {
  // The day `grace_days` before today: the month is late once its first day is before that one.
  const shifted = new Date((dayNumber(today) - graceDays) * 86_400_000);
  const elapsed = monthIndex(shifted.getUTCFullYear(), shifted.getUTCMonth()) - monthIndex(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1);
  return Math.max(0, elapsed + (shifted.getUTCDate() > 1 ? 1 : 0));
}

/**
 * A payment agreement's hold on one of its months (issue 50): while the agreement is current no
 * surcharge accrues on it; once it broke (or was cancelled) accrual resumes from the day it ended,
 * and the days from its signing to that day never count. Days are YYYY-MM-DD in Caracas.
 */
export type AgreementHold = { status: 'current' } | { status: 'ended'; signed: string; ended: string };

/** How many times `from`'s day of the month has come round since `from` (one the next day, one more a month later...), by `today`. */
export function monthsSinceDay(from: string, today: string): number {
  if (today <= from) return 0;
  const elapsed = monthIndex(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1) - monthIndex(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1);
  // The same day `elapsed` months on (the month's last day when shorter) counts once today is past it.
  const target = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1 + elapsed, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const sameDay = `${today.slice(0, 8)}${String(Math.min(Number(from.slice(8, 10)), lastDay)).padStart(2, '0')}`;
  return elapsed + (today > sameDay ? 1 : 0);
}

/** The monthly percentages a month has accrued on `today`, less the time a payment agreement held it. */
function accruedMonths(input: MonthSurchargeInput, graceDays: number): number {
  const hold = input.agreement;
  if (hold?.status !== 'ended') return lateMonthsOf(input.month, graceDays, input.today);
  const beforeSigning = lateMonthsOf(input.month, graceDays, input.today < hold.signed ? input.today : hold.signed);
  return beforeSigning + monthsSinceDay(hold.ended, input.today);
}

export interface MonthSurchargeInput {
  month: Month;
  /** The month's fee (the tariff in force for it, before VAT); null: nothing to charge on. */
  fee: string | null;
  settings: LateFeeSettings | null;
  /** Today in Caracas, YYYY-MM-DD. */
  today: string;
  /** Paid or otherwise covered: a covered month accrues nothing. */
  covered: boolean;
  /** A payment agreement's hold on the month (issue 50); none: the month accrues as any other. */
  agreement?: AgreementHold | null;
}

/**
 * The surcharge of one month in dollars to the cent (half-up), before VAT (a commercial address
 * pays VAT on it as on the fee); null when none applies.
 */
export function monthSurcharge(input: MonthSurchargeInput): string | null {
  const { settings, fee } = input;
  if (!settings?.percent || fee === null || input.covered || input.agreement?.status === 'current') return null;
  const accrued = accruedMonths(input, settings.grace_days);
  const months = settings.cap_months === null ? accrued : Math.min(accrued, settings.cap_months);
  if (months === 0) return null;
  let amount = new Decimal(fee).times(settings.percent).dividedBy(100).times(months);
  if (settings.cap_percent !== null) amount = Decimal.min(amount, new Decimal(fee).times(settings.cap_percent).dividedBy(100));
  const cents = amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return cents.isZero() ? null : cents.toFixed(2);
}

/** The surcharges of several months added up, in dollars. */
export const surchargeTotal = (surcharges: readonly (string | null)[]) => surcharges.reduce((sum: Decimal, value) => sum.plus(value ?? 0), new Decimal(0)).toFixed(2);
