import { describe, expect, it } from 'vitest';
import { paymentAmounts } from './amounts';
import { calendarMoney } from './balance';
import { calendarYears } from './months';
import { debtOfFees } from './statement';
import { addressSchedule, feeAt, feesOf, rowOwedUsd, type FeeSchedule } from './tariffs';

/** $ 5,00 until February 2026, $ 8,00 from March, $ 9,50 from June. */
const schedule: FeeSchedule = {
  fee: '9.50',
  changes: [
    { effective_month: '2026-03', previous_fee: '5.00', fee: '8.00' },
    { effective_month: '2026-06', previous_fee: '8.00', fee: '9.50' },
  ],
};

describe('tariffs', () => {
  it('prices the month before a change at the old fee, the change month and after at the new one', () => {
    expect(['2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2027-01'].map((month) => feeAt(schedule, month))).toEqual(['5.00', '8.00', '8.00', '8.00', '9.50', '9.50']);
    expect(feeAt({ fee: '4.00', changes: [] }, '2020-01')).toBe('4.00');
  });

  it('adds the months of a payment and of a debt each at its fee', () => {
    const fees = feesOf(schedule, ['2026-02', '2026-03']);
    expect(paymentAmounts({ type: 1, fee: '9.50', months: 2, monthFees: fees, rate: '36.57' })).toMatchObject({ tax_base: '13.00', iva: '2.08', dollar_amount_bill: '15.08' });
    expect(debtOfFees(fees, '36.57')).toEqual({ months_owed: 2, owed_usd: '13.00', owed_bs: '475.41' });
  });

  it('prices each calendar month and the row debt at its tariff, the balance part capped by the oldest owed month', () => {
    const now = new Date('2026-07-15T12:00:00Z');
    const address = { type: 0 as const, fee: '9.50', balance_usd: '7.00', fee_changes: schedule.changes };
    const years = calendarYears('2026-02', [{ month: '2026-03', payment_id: 1, pending: false }], now, null, calendarMoney(address));
    const months = years[0]!.months;
    expect(months.find((entry) => entry.month === '2026-02')).toMatchObject({ state: 'partial', price_usd: '5.00', paid_usd: '5.00' });
    expect(months.find((entry) => entry.month === '2026-03')).toMatchObject({ state: 'paid', price_usd: '8.00', paid_usd: '8.00' });
    expect(months.find((entry) => entry.month === '2026-07')).toMatchObject({ state: 'unpaid', price_usd: '9.50' });
    // 2026-02 at 5, 04 and 05 at 8, 06 and 07 at 9,50 (03 paid).
    expect(rowOwedUsd({ fee: '9.50', fee_changes: schedule.changes, months_to_pay: 5, payments: years }, now)).toBe('40.00');
    expect(rowOwedUsd({ fee: '9.50', fee_changes: [], months_to_pay: 5, payments: years }, now)).toBe('47.50');
  });
});

describe('an address schedule with its own fee turned on or off', () => {
  /** The activity: $ 10,00, $ 12,00 from March 2026, $ 15,00 from September. */
  const activity: FeeSchedule = {
    fee: '15.00',
    changes: [
      { effective_month: '2026-03', previous_fee: '10.00', fee: '12.00' },
      { effective_month: '2026-09', previous_fee: '12.00', fee: '15.00' },
    ],
  };
  const months = ['2026-01', '2026-02', '2026-03', '2026-05', '2026-06', '2026-08', '2026-09', '2026-12'];

  it('turned on from June at $ 4,00: the months before follow the activity with its changes, from June the own fee', () => {
    const schedule = addressSchedule(
      { custom: true, fee: '4.00', changes: [{ effective_month: '2026-06', previous_fee: null, fee: '4.00', previous_inherited: true, inherited: false }] },
      activity,
    );
    expect(months.map((month) => feeAt(schedule, month))).toEqual(['10.00', '10.00', '12.00', '12.00', '4.00', '4.00', '4.00', '4.00']);
    expect(schedule.changes).toEqual([
      { effective_month: '2026-03', previous_fee: '10.00', fee: '12.00' },
      { effective_month: '2026-06', previous_fee: '12.00', fee: '4.00' },
    ]);
  });

  it('turned off from June: the months before keep the own fee and its history, from June the activity', () => {
    const schedule = addressSchedule(
      {
        custom: false,
        fee: null,
        changes: [
          { effective_month: '2026-02', previous_fee: '3.00', fee: '4.00', previous_inherited: false, inherited: false },
          { effective_month: '2026-06', previous_fee: '4.00', fee: null, previous_inherited: false, inherited: true },
        ],
      },
      activity,
    );
    expect(months.map((month) => feeAt(schedule, month))).toEqual(['3.00', '4.00', '4.00', '4.00', '12.00', '12.00', '15.00', '15.00']);
    expect(schedule.fee).toBe('15.00');
  });

  it('a switch to the same price changes nothing; without own changes it is the own fee or the activity as it is', () => {
    const same = addressSchedule(
      { custom: true, fee: '12.00', changes: [{ effective_month: '2026-06', previous_fee: null, fee: '12.00', previous_inherited: true, inherited: false }] },
      { fee: '12.00', changes: [] },
    );
    expect(same.changes).toEqual([]);
    expect(addressSchedule({ custom: false, fee: null, changes: [] }, activity)).toBe(activity);
    expect(addressSchedule({ custom: true, fee: '4.00', changes: [] }, activity)).toEqual({ fee: '4.00', changes: [] });
  });
});
