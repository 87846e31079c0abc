import Decimal from 'decimal.js';
import { z } from 'zod';
import { addMonths, currentMonth, isMonth, monthName, type CalendarYear, type Month } from './months';

/**
 * Tariffs with effective dates (issue 50): a community's, an economic activity's or an address's
 * own fee keeps its history. The owner's `fee` is the newest tariff; each change keeps the month
 * it applies from and the fee in force before it, so a month is priced at the `previous_fee` of
 * the first change dated after it, else at the owner's fee. With no change, every month costs the
 * owner's fee, as before the history existed.
 */

export const FEE_OWNER_TYPES = ['community', 'activity', 'address'] as const;
export type FeeOwnerType = (typeof FEE_OWNER_TYPES)[number];

/** One change of a fee, oldest first in a schedule. */
export interface FeeChange {
  effective_month: Month;
  /** The fee in force for the months before `effective_month` (null: there was none). */
  previous_fee: string | null;
  fee: string | null;
}

/** What prices an owner's months: its newest fee and its changes, oldest first. */
export interface FeeSchedule {
  fee: string | null;
  changes: readonly FeeChange[];
}

/**
 * One change of an address's own fee (issue 50): a side may say that the address follows its
 * community's or economic activity's tariff instead (its own fee turned off), so turning the own
 * fee on or off applies from a month too.
 */
export interface OwnFeeChange extends FeeChange {
  /** The months before `effective_month` follow the community's or activity's tariff (`previous_fee` null). */
  previous_inherited: boolean;
  /** The months from `effective_month` follow it (`fee` null). */
  inherited: boolean;
}

/** The fee in force for `month`. */
export function feeAt(schedule: FeeSchedule, month: Month): string | null {
  for (const change of schedule.changes) if (month < change.effective_month) return change.previous_fee;
  return schedule.fee;
}

/** Two fees are the same amount (null: no fee). */
export const sameFee = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).equals(b));

/**
 * What prices an address's months: its own changes, each side either its own fee or its
 * community's or activity's schedule (`inherited`), merged into one schedule the way `feeAt`
 * reads it (a change wherever either source changes the price). `own.custom` and `own.fee` are
 * its newest state (the columns); without own changes it is its own fee or the inherited schedule.
 */
export function addressSchedule(own: { custom: boolean; fee: string | null; changes: readonly OwnFeeChange[] }, inherited: FeeSchedule): FeeSchedule {
  if (!own.changes.length) return own.custom ? { fee: own.fee, changes: [] } : inherited;
  const priceAt = (month: Month) => {
    const next = own.changes.find((change) => month < change.effective_month);
    const follows = next ? next.previous_inherited : !own.custom;
    return follows ? feeAt(inherited, month) : next ? next.previous_fee : own.fee;
  };
  const months = [...new Set([...own.changes, ...inherited.changes].map((change) => change.effective_month))].sort();
  const changes = months
    .map((month) => ({ effective_month: month, previous_fee: priceAt(addMonths(month, -1)), fee: priceAt(month) }))
    .filter((change) => !sameFee(change.previous_fee, change.fee));
  return { fee: own.custom ? own.fee : inherited.fee, changes };
}

/** Each month's fee, in the order given. */
export const feesOf = (schedule: FeeSchedule, months: readonly Month[]) => months.map((month) => feeAt(schedule, month));

/** The sum of the months' fees in $ to the cent (a month without fee costs nothing). */
export const feesTotal = (fees: readonly (string | null)[]) => fees.reduce((sum: Decimal, fee) => sum.plus(fee ?? 0), new Decimal(0)).toFixed(2);

/**
 * What an address row's months to pay cost in $ (spec 02 §9: no VAT): fee × months, or with tariff
 * changes each owed month of its calendar (unpaid or partly paid, through the current month) at
 * its own fee, as its statement adds them.
 */
export function rowOwedUsd(
  row: { fee: string | null; fee_changes: readonly FeeChange[]; months_to_pay: number; payments: readonly CalendarYear[] },
  now: Date = new Date(),
): string {
  if (!row.fee_changes.length) return new Decimal(row.fee ?? 0).times(Math.max(0, row.months_to_pay)).toFixed(2);
  const current = currentMonth(now);
  const owed = row.payments.flatMap((year) => year.months).filter((entry) => (entry.state === 'unpaid' || entry.state === 'partial') && entry.month <= current);
  return feesTotal(
    feesOf(
      { fee: row.fee, changes: row.fee_changes },
      owed.map((entry) => entry.month),
    ),
  );
}

/** The highest fee the schedule ever charges (null without any): what caps the balance's part of a month. */
export function highestFee(schedule: FeeSchedule): string | null {
  const fees = [schedule.fee, ...schedule.changes.map((change) => change.previous_fee)].filter((fee): fee is string => fee !== null);
  return fees.length ? Decimal.max(...fees).toFixed(2) : null;
}

/** A fee change's month when none is given: the next one. */
export const defaultEffectiveMonth = (now: Date = new Date()): Month => addMonths(currentMonth(now), 1);

/** One entry of `GET /api/fees/history`: the fee in force from `effective_month` (null: from the beginning). */
export interface FeeHistoryEntry {
  effective_month: Month | null;
  fee: string | null;
  /** An address's entry without an own fee: it follows its community's or activity's tariff (`fee` null); else null. */
  inherited_from: 'community' | 'activity' | null;
  /** When the change was recorded (ISO 8601) and by whom; null for the fee before any change. */
  created_at: string | null;
  created_by: string | null;
}

export interface FeeHistory {
  owner_type: FeeOwnerType;
  owner_id: number;
  /** Oldest first. */
  entries: FeeHistoryEntry[];
}

export const feeMessages = {
  effectiveMonthInvalid: 'El mes desde el que aplica la tarifa debe tener el formato AAAA-MM.',
  ownerTypeInvalid: 'El tipo de tarifa debe ser community, activity o address.',
  notFound: 'No se ha encontrado la tarifa',
  /** A change dated back over a closed month whose payments already carry invoices. */
  invoicedMonth: (month: Month) =>
    `No se puede aplicar la tarifa desde ${monthName(month).toLowerCase()}: ${monthName(month).toLowerCase()} ya está cerrado y tiene facturas emitidas con la tarifa anterior.`,
  effectiveLabel: '¿Desde qué mes aplica?',
  fromBeginning: 'Desde el inicio',
  inherited: { community: 'Tarifa de la comunidad', activity: 'Tarifa de la actividad económica' },
} as const;

/** `effective_month` beside a fee: 'YYYY-MM', optional (the server takes next month). */
export const effectiveMonthField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'string' && isMonth(value)) return value;
    ctx.addIssue({ code: 'custom', message: feeMessages.effectiveMonthInvalid });
    return z.NEVER;
  });

export const feeHistoryQuerySchema = z.object({
  owner_type: z.enum(FEE_OWNER_TYPES, { message: feeMessages.ownerTypeInvalid }),
  owner_id: z.coerce.number().int().positive().max(2_147_483_647),
});
