import { describe, expect, it } from 'vitest';
import {
  addMonths,
  calendarYears,
  currentMonth,
  lastPayableMonth,
  monthName,
  monthOf,
  monthRange,
  monthsBetween,
  monthsLeftOwed,
  parseMonthText,
  solventToDate,
  startMonth,
  toggleOldestFirst,
  unpaidMonths,
} from './months';

// 00:30 on 1 January 2027 in UTC is still 31 December 2026 in Caracas (UTC−4).
const NEW_YEARS_EVE_IN_CARACAS = new Date('2027-01-01T00:30:00Z');
const MID_MARCH = new Date('2026-03-15T16:00:00Z');

describe('month arithmetic', () => {
  it('crosses year boundaries both ways', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', 24)).toBe('2028-05');
    expect(monthsBetween('2025-11', '2026-02')).toBe(4);
    expect(monthsBetween('2026-03', '2026-02')).toBe(0);
    expect(monthRange('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('takes the current month in Caracas, not in UTC', () => {
    expect(currentMonth(NEW_YEARS_EVE_IN_CARACAS)).toBe('2026-12');
    expect(lastPayableMonth(NEW_YEARS_EVE_IN_CARACAS)).toBe('2026-12');
    expect(monthOf(new Date('2026-04-01T02:00:00Z'))).toBe('2026-03');
    expect(monthOf('2026-04-01')).toBe('2026-04');
  });
});

describe('startMonth', () => {
  const createdAt = '2026-06-20T15:00:00Z';

  it('prefers the address date, then the community or parish date, then the earliest paid month, then creation', () => {
    expect(startMonth({ addressDateStart: '2025-02-10', serviceDateStart: '2024-01-01', earliestCovered: '2023-05', createdAt })).toBe('2025-02');
    expect(startMonth({ serviceDateStart: '2024-01-31', earliestCovered: '2023-05', createdAt })).toBe('2024-01');
    expect(startMonth({ earliestCovered: '2023-05', createdAt })).toBe('2023-05');
    expect(startMonth({ createdAt })).toBe('2026-06');
  });

  it('starts the month after an opening balance, before any other source (issue 48)', () => {
    expect(startMonth({ openingPaidThrough: '2025-12', addressDateStart: '2025-02-10', serviceDateStart: '2023-01-01', createdAt })).toBe('2026-01');
  });
});

describe('the opening balance in the calendar (issue 48)', () => {
  it('shows the months through the opening position as "opening" unless something else covers them', () => {
    const [year] = calendarYears('2026-03', [{ month: '2026-01', payment_id: 7, pending: false }], MID_MARCH, '2026-02');
    expect(year!.months.slice(0, 4).map((entry) => entry.state)).toEqual(['paid', 'opening', 'unpaid', 'ahead']);
  });

  it('reads the months people write', () => {
    expect(['2026-03', '03-2026', '3/2026', '2026/3'].map(parseMonthText)).toEqual(['2026-03', '2026-03', '2026-03', '2026-03']);
    expect(['2026-13', '', 'marzo', '45-2026'].map(parseMonthText)).toEqual([null, null, null, null]);
  });
});

describe('unpaidMonths (months_to_pay)', () => {
  it('counts from the start through the current month, across the year boundary', () => {
    const covered = new Set(['2025-11', '2026-01']);
    expect(unpaidMonths('2025-11', covered, MID_MARCH)).toEqual(['2025-12', '2026-02', '2026-03']);
  });

  it('owes the current month for an address created today', () => {
    expect(unpaidMonths(monthOf(MID_MARCH), new Set(), MID_MARCH)).toEqual(['2026-03']);
  });

  it('ignores months paid ahead and owes nothing once the current month is covered', () => {
    const covered = new Set(['2026-01', '2026-02', '2026-03', '2026-04', '2026-12']);
    expect(unpaidMonths('2026-01', covered, MID_MARCH)).toEqual([]);
  });

  it('owes nothing while the community start date is still in the future', () => {
    expect(unpaidMonths('2026-07', new Set(), MID_MARCH)).toEqual([]);
  });

  it('owes December on 31 December in Caracas even when UTC is already in January', () => {
    expect(unpaidMonths('2026-11', new Set(['2026-11']), NEW_YEARS_EVE_IN_CARACAS)).toEqual(['2026-12']);
  });
});

describe('solventToDate', () => {
  it('is the end of the unbroken run from the start month, paid ahead included', () => {
    expect(solventToDate('2026-01', new Set(['2026-01', '2026-02', '2026-03', '2026-05']))).toBe('2026-03');
    expect(solventToDate('2026-11', new Set(['2026-11', '2026-12', '2027-01']))).toBe('2027-01');
    expect(solventToDate('2026-01', new Set(['2026-02']))).toBeNull();
  });
});

describe('calendarYears', () => {
  it('lays out every year from the start to now with the state of each month', () => {
    const years = calendarYears(
      '2025-11',
      [
        { month: '2025-11', payment_id: 7, pending: false },
        { month: '2026-01', payment_id: null, pending: false },
        { month: '2026-02', payment_id: 9, pending: true },
        { month: '2026-06', payment_id: 9, pending: true },
      ],
      MID_MARCH,
    );
    expect(years.map((year) => year.year)).toEqual([2025, 2026]);
    const states2025 = years[0]!.months.map((entry) => entry.state);
    expect(states2025.slice(0, 10).every((state) => state === 'before_start')).toBe(true);
    expect(states2025.slice(10)).toEqual(['paid', 'unpaid']);
    expect(years[1]!.months.slice(0, 6).map((entry) => entry.state)).toEqual(['paid', 'pending', 'unpaid', 'ahead', 'ahead', 'pending']);
    expect(years[0]!.months[10]).toEqual({ month: '2025-11', state: 'paid', payment_id: 7, from_balance: false, price_usd: null, paid_usd: '0.00' });
  });

  it('marks the oldest owed month partial while the balance holds part of its price, and says what each month costs (issue 50)', () => {
    const coverage = [
      { month: '2026-01', payment_id: null, pending: false, from_balance: true },
      { month: '2026-02', payment_id: 9, pending: false },
    ];
    const [year] = calendarYears('2026-01', coverage, MID_MARCH, null, { price_usd: '5.00', toward_oldest_usd: '3.00' }).slice(-1);
    expect(year!.months.slice(0, 4)).toEqual([
      { month: '2026-01', state: 'paid', payment_id: null, from_balance: true, price_usd: '5.00', paid_usd: '5.00' },
      { month: '2026-02', state: 'paid', payment_id: 9, from_balance: false, price_usd: '5.00', paid_usd: '5.00' },
      { month: '2026-03', state: 'partial', payment_id: null, from_balance: false, price_usd: '5.00', paid_usd: '3.00' },
      { month: '2026-04', state: 'ahead', payment_id: null, from_balance: false, price_usd: '5.00', paid_usd: '0.00' },
    ]);
    // Nothing owed through now: the balance waits on the next month ahead.
    const ahead = calendarYears('2026-01', [...coverage, { month: '2026-03', payment_id: 10, pending: false }], MID_MARCH, null, { price_usd: '5.00', toward_oldest_usd: '1.00' });
    expect(ahead.at(-1)!.months[3]).toMatchObject({ month: '2026-04', state: 'partial', paid_usd: '1.00' });
  });

  it('starts at the first covered year when a payment predates the start month', () => {
    const years = calendarYears('2026-02', [{ month: '2025-12', payment_id: 3, pending: false }], MID_MARCH);
    expect(years.map((year) => year.year)).toEqual([2025, 2026]);
  });
});

describe('monthName', () => {
  it('names months in Spanish with their year', () => {
    expect(monthName('2026-01')).toBe('Enero 2026');
    expect(monthName('2025-09')).toBe('Septiembre 2025');
    expect(monthName('2026-12')).toBe('Diciembre 2026');
  });
});

describe('oldest first (issue 51)', () => {
  const covered = new Set(['2026-02']);
  it('names the owed months a choice leaves behind, oldest first', () => {
    expect(monthsLeftOwed('2026-01', covered, ['2026-04', '2026-03'])).toEqual(['2026-01']);
    expect(monthsLeftOwed('2026-01', covered, ['2026-01', '2026-03'])).toEqual([]);
    expect(monthsLeftOwed('2026-01', covered, ['2026-05'])).toEqual(['2026-01', '2026-03', '2026-04']);
    expect(monthsLeftOwed('2026-01', covered, [])).toEqual([]);
  });

  it('choosing takes every older payable month; letting go drops every newer one', () => {
    const payable = ['2026-01', '2026-03', '2026-04', '2026-05'];
    expect(toggleOldestFirst(payable, [], '2026-04')).toEqual(['2026-01', '2026-03', '2026-04']);
    expect(toggleOldestFirst(payable, ['2026-01', '2026-03', '2026-04'], '2026-05')).toEqual(payable);
    expect(toggleOldestFirst(payable, payable, '2026-03')).toEqual(['2026-01']);
    expect(toggleOldestFirst(payable, ['2026-01'], '2026-01')).toEqual([]);
  });
});
