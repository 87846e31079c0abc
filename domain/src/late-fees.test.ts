import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lateFeeFields, lateFeeSettingsOf, lateMonthsOf, LATE_FEE_OFF, monthsSinceDay, monthSurcharge, type AgreementHold, type LateFeeSettings } from './late-fees';

const TWO_PERCENT: LateFeeSettings = { percent: '2.00', grace_days: 10, cap_months: null, cap_percent: null };
const surcharge = (today: string, settings: Partial<LateFeeSettings> = {}, extra: { covered?: boolean; agreement?: AgreementHold; fee?: string | null } = {}) =>
  monthSurcharge({ month: '2026-03', fee: extra.fee === undefined ? '10.00' : extra.fee, settings: { ...TWO_PERCENT, ...settings }, today, covered: extra.covered ?? false, agreement: extra.agreement });

describe('lateMonthsOf', () => {
  it('counts nothing through the first day plus the grace, one from the next day', () => {
    expect(lateMonthsOf('2026-03', 10, '2026-03-11')).toBe(0);
    expect(lateMonthsOf('2026-03', 10, '2026-03-12')).toBe(1);
    expect(lateMonthsOf('2026-03', 0, '2026-03-01')).toBe(0);
    expect(lateMonthsOf('2026-03', 0, '2026-03-02')).toBe(1);
  });

  it('adds one each month the late day comes round again, across a year end and short months', () => {
    expect(lateMonthsOf('2026-03', 10, '2026-04-11')).toBe(1);
    expect(lateMonthsOf('2026-03', 10, '2026-04-12')).toBe(2);
    expect(lateMonthsOf('2025-12', 0, '2026-01-31')).toBe(2);
    // 30 days of grace from 1 January ends on 31 January; February 1 makes it late.
    expect(lateMonthsOf('2026-01', 30, '2026-01-31')).toBe(0);
    expect(lateMonthsOf('2026-01', 30, '2026-02-01')).toBe(1);
    // The second percentage: 30 days after 1 February (28 days long) is 3 March.
    expect(lateMonthsOf('2026-01', 30, '2026-03-03')).toBe(1);
    expect(lateMonthsOf('2026-01', 30, '2026-03-04')).toBe(2);
  });

  it('counts nothing for a month that has not come yet', () => {
    expect(lateMonthsOf('2026-05', 0, '2026-03-20')).toBe(0);
  });
});

describe('monthSurcharge', () => {
  it('is nothing on the last day of grace and the percentage of the fee on the day after', () => {
    expect(surcharge('2026-03-11')).toBeNull();
    expect(surcharge('2026-03-12')).toBe('0.20');
  });

  it('is simple: the percentage times the months late, never on the surcharge', () => {
    // Six months late at 2 %: 12 % of 10,00, not 1,02^6 − 1.
    expect(surcharge('2026-08-20')).toBe('1.20');
  });

  it('stops at the cap in months', () => {
    expect(surcharge('2026-08-20', { cap_months: 3 })).toBe('0.60');
    expect(surcharge('2026-04-20', { cap_months: 3 })).toBe('0.40');
  });

  it('stops at the cap in percent of the fee, and at the lower of two caps', () => {
    expect(surcharge('2026-08-20', { cap_percent: '5.00' })).toBe('0.50');
    expect(surcharge('2026-08-20', { cap_percent: '5.00', cap_months: 2 })).toBe('0.40');
    expect(surcharge('2026-04-20', { cap_percent: '50.00' })).toBe('0.40');
  });

  it('rounds to the cent half-up', () => {
    expect(surcharge('2026-03-12', { percent: '2.50' }, { fee: '0.20' })).toBe('0.01');
    expect(surcharge('2026-03-12', { percent: '1.50' }, { fee: '7.00' })).toBe('0.11');
  });

  it('charges nothing on a month not yet due, a covered month, a month under agreement, without a fee or with the surcharge off', () => {
    expect(monthSurcharge({ month: '2026-09', fee: '10.00', settings: TWO_PERCENT, today: '2026-08-20', covered: false })).toBeNull();
    expect(surcharge('2026-08-20', {}, { covered: true })).toBeNull();
    expect(surcharge('2026-08-20', {}, { agreement: { status: 'current' } })).toBeNull();
    expect(surcharge('2026-08-20', {}, { fee: null })).toBeNull();
    expect(surcharge('2026-08-20', { percent: null })).toBeNull();
    expect(monthSurcharge({ month: '2026-03', fee: '10.00', settings: null, today: '2026-08-20', covered: false })).toBeNull();
  });
});

describe('a month of a payment agreement that ended', () => {
  // 2026-03 at 2 % after 10 days: late once on 2026-03-12, twice on 2026-04-12...
  const hold: AgreementHold = { status: 'ended', signed: '2026-05-20', ended: '2026-07-10' };

  it('keeps what it had accrued at signing until the day it ended', () => {
    expect(surcharge('2026-05-20')).toBe('0.60');
    expect(surcharge('2026-07-10', {}, { agreement: hold })).toBe('0.60');
    expect(surcharge('2026-05-25', {}, { agreement: hold })).toBe('0.60');
  });

  it('resumes from the day after it ended, one percentage more each month from there', () => {
    expect(surcharge('2026-07-11', {}, { agreement: hold })).toBe('0.80');
    expect(surcharge('2026-08-10', {}, { agreement: hold })).toBe('0.80');
    expect(surcharge('2026-08-11', {}, { agreement: hold })).toBe('1.00');
    expect(surcharge('2026-08-12', {}, { agreement: hold })).toBe('1.00');
    expect(surcharge('2026-08-12')).toBe('1.20');
  });

  it('stays within the caps, counting the months before and after the agreement together', () => {
    expect(surcharge('2026-09-11', { cap_months: 4 }, { agreement: hold })).toBe('0.80');
  });
});

describe('monthsSinceDay', () => {
  it('counts the day after, and each time the day comes round, on the last day of a shorter month', () => {
    expect(monthsSinceDay('2026-01-31', '2026-01-31')).toBe(0);
    expect(monthsSinceDay('2026-01-31', '2026-02-01')).toBe(1);
    expect(monthsSinceDay('2026-01-31', '2026-02-28')).toBe(1);
    expect(monthsSinceDay('2026-01-31', '2026-03-01')).toBe(2);
    expect(monthsSinceDay('2026-12-15', '2027-01-16')).toBe(2);
  });
});

describe('lateFeeFields', () => {
  const schema = z.object(lateFeeFields);
  const issues = (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('reads blank as none and keeps what a request leaves out', () => {
    const parsed = schema.parse({ late_fee_percent: '', late_fee_grace_days: '', late_fee_cap_months: null });
    expect(parsed).toEqual({ late_fee_percent: null, late_fee_grace_days: 0, late_fee_cap_months: null });
    const stored: LateFeeSettings = { percent: '3.00', grace_days: 5, cap_months: 6, cap_percent: null };
    expect(lateFeeSettingsOf(schema.parse({ late_fee_grace_days: 15 }), stored)).toEqual({ ...stored, grace_days: 15 });
    expect(lateFeeSettingsOf(schema.parse({}))).toEqual(LATE_FEE_OFF);
  });

  it('answers each bad value in Spanish', () => {
    expect(issues({ late_fee_percent: '0' })).toEqual({ late_fee_percent: 'El campo Recargo mensual (%) debe ser mayor que 0.' });
    expect(issues({ late_fee_percent: '-2' })).toEqual({ late_fee_percent: 'El campo Recargo mensual (%) debe ser mayor que 0.' });
    expect(issues({ late_fee_percent: '100.01' })).toEqual({ late_fee_percent: 'El campo Recargo mensual (%) no debe ser mayor que 100.' });
    expect(issues({ late_fee_percent: '2.125' })).toEqual({ late_fee_percent: 'El campo Recargo mensual (%) debe tener como máximo 2 decimales.' });
    expect(issues({ late_fee_percent: 'dos' })).toEqual({ late_fee_percent: 'El campo Recargo mensual (%) debe ser un número.' });
    expect(issues({ late_fee_grace_days: '2.5' })).toEqual({ late_fee_grace_days: 'El campo Días de gracia debe ser un número entero.' });
    expect(issues({ late_fee_grace_days: -1 })).toEqual({ late_fee_grace_days: 'El campo Días de gracia debe ser al menos 0.' });
    expect(issues({ late_fee_grace_days: 366 })).toEqual({ late_fee_grace_days: 'El campo Días de gracia no debe ser mayor que 365.' });
    expect(issues({ late_fee_cap_months: 0 })).toEqual({ late_fee_cap_months: 'El campo Tope en meses debe ser al menos 1.' });
    expect(issues({ late_fee_cap_percent: '0.00' })).toEqual({ late_fee_cap_percent: 'El campo Tope (% de la tarifa) debe ser mayor que 0.' });
  });
});
