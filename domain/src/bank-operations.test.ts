import { describe, expect, it } from 'vitest';
import { bankMessages, bankPhone, formatBankAmount, formatBankTime, movementRangeIssue, parseBankAmount } from './bank-operations';

describe('parseBankAmount', () => {
  it('reads the Venezuelan format of the movements', () => {
    expect(parseBankAmount('1.825,00')).toBe('1825.00');
    expect(parseBankAmount('217.947.805,89')).toBe('217947805.89');
    expect(parseBankAmount('-36.960,41')).toBe('-36960.41');
    expect(parseBankAmount('0,5')).toBe('0.50');
  });
  it('reads the dot-decimal format of the test manual and of getMovement', () => {
    expect(parseBankAmount('1.0')).toBe('1.00');
    expect(parseBankAmount('-0.13')).toBe('-0.13');
    expect(parseBankAmount('120.00')).toBe('120.00');
    expect(parseBankAmount(150)).toBe('150.00');
  });
  it('refuses what is no amount', () => {
    expect(parseBankAmount('')).toBeNull();
    expect(parseBankAmount('abc')).toBeNull();
    expect(parseBankAmount('1,2,3')).toBeNull();
    expect(parseBankAmount(null)).toBeNull();
  });
  it('writes amounts back as the bank does', () => {
    expect(formatBankAmount('1825')).toBe('1.825,00');
    expect(formatBankAmount('-5.4')).toBe('-5,40');
    expect(formatBankAmount('217947805.89')).toBe('217.947.805,89');
  });
});

describe('bank formats', () => {
  it('shows HHmm as a time and phones in the bank format', () => {
    expect(formatBankTime('1032')).toBe('10:32 am');
    expect(formatBankTime('1705')).toBe('05:05 pm');
    expect(formatBankTime('')).toBe('');
    expect(bankPhone('4121234567')).toBe('04121234567');
  });

  it('keeps the movements search within one month back and today', () => {
    const today = '2026-11-25';
    expect(movementRangeIssue(undefined, '25/11/2026', today)).toBe(bankMessages.rangeRequired);
    expect(movementRangeIssue('2026-11-01', '25/11/2026', today)).toBe(bankMessages.rangeRequired);
    expect(movementRangeIssue('20/11/2026', '26/11/2026', today)).toBe(bankMessages.rangeFuture);
    expect(movementRangeIssue('24/10/2026', '25/11/2026', today)).toBe(bankMessages.rangeTooOld);
    expect(movementRangeIssue('22/11/2026', '20/11/2026', today)).toBe(bankMessages.rangeInverted);
    expect(movementRangeIssue('25/10/2026', '25/11/2026', today)).toBeNull();
  });
});
