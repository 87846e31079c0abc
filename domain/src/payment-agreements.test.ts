import { describe, expect, it } from 'vitest';
import { addsUpTo, coveredMonthCount, fillInstallments, installmentDueDates, splitInstallments } from './payment-agreements';

describe('agreement schedule arithmetic', () => {
  it('splits to the cent, the last installment taking the remainder', () => {
    expect(splitInstallments('100.00', 3)).toEqual(['33.33', '33.33', '33.34']);
    expect(addsUpTo(splitInstallments('0.05', 2), '0.05')).toBe(true);
    expect(addsUpTo(['1.00', '1.00'], '2.01')).toBe(false);
  });

  it('keeps the day of the month, or the month end when a month is shorter', () => {
    expect(installmentDueDates('2026-01-31', 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });

  it('fills the installments in order and covers a month only once the money reaches it', () => {
    expect(fillInstallments(['6.00', '8.00', '8.00'], '10.00')).toEqual(['6.00', '4.00', '0.00']);
    const months = [
      { month: '2026-01', price_usd: '5.00', surcharge_usd: '0.00' },
      { month: '2026-02', price_usd: '5.00', surcharge_usd: '1.00' },
    ];
    expect(coveredMonthCount(months, '10.99')).toBe(1);
    expect(coveredMonthCount(months, '11.00')).toBe(2);
  });
});
