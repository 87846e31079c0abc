import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';
import { EMPTY_TEXT, formatDate, formatDateTime, formatDuration, formatMonth, formatNumber, formatPhone } from './format';
import { parseDateParam } from './dates';

describe('formatters', () => {
  it('formats money with dot thousands, comma decimals and half-up cents', () => {
    expect(formatMoney('1234.565')).toBe('BS 1.234,57');
    expect(formatMoney(12, '$')).toBe('$ 12,00');
    expect(formatMoney('-0.5')).toBe('BS -0,50');
    expect(formatMoney('1000000')).toBe('BS 1.000.000,00');
    expect(formatMoney(null)).toBe(EMPTY_TEXT);
  });

  it('formats Venezuelan phones as +58 (###)-#######', () => {
    expect(formatPhone('4141234567')).toBe('+58 (414)-1234567');
    expect(formatPhone('04241234567')).toBe('+58 (424)-1234567');
    expect(formatPhone('')).toBe('VACIO');
  });

  it('shows dates, timestamps and months in Caracas time', () => {
    expect(formatDate('2026-03-15T03:30:00Z')).toBe('14-03-2026');
    // A calendar date is not shifted by the machine's or Caracas' offset.
    expect(formatDate('2026-01-15')).toBe('15-01-2026');
    expect(formatDateTime('2026-03-15T03:30:00Z')).toBe('14-03-2026 11:30 pm');
    expect(formatMonth('2026-07')).toBe('07-2026');
    expect(formatDuration(3725)).toBe('1 h 2 min');
    expect(formatDuration(65)).toBe('1 min 5 s');
  });

  it('reads filter dates in the formats the spec sends', () => {
    expect(parseDateParam('31-01-2026')).toBe('2026-01-31');
    expect(parseDateParam('2026-01-31')).toBe('2026-01-31');
    expect(parseDateParam('31/01/2026')).toBe('2026-01-31');
    expect(parseDateParam('2026-02-31')).toBeNull();
    expect(parseDateParam(' 29/02/2024 ')).toBe('2024-02-29');
    expect(parseDateParam('29-02-2023')).toBeNull();
    expect(parseDateParam('31-01/2026')).toBeNull();
    expect(parseDateParam('2026-1-05')).toBeNull();
    expect(parseDateParam('01/01/0026')).toBeNull();
    expect(parseDateParam(5)).toBeNull();
  });
});

describe('formatMoney of two-decimal text (the API amounts)', () => {
  it('formats it as decimal.js would', () => {
    expect(formatMoney('1234567.50')).toBe('BS 1.234.567,50');
    expect(formatMoney('-12.30', '$')).toBe('$ -12,30');
    expect(formatMoney('0.00')).toBe('BS 0,00');
    expect(formatMoney('999.99', '€')).toBe('€ 999,99');
  });
});

describe('formatNumber (counts and chart ticks)', () => {
  it('groups from the thousands on, keeps up to two decimals and drops zeros', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1200)).toBe('1.200');
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatNumber(48075.28)).toBe('48.075,28');
    expect(formatNumber(10.5)).toBe('10,5');
    expect(formatNumber(2.004)).toBe('2');
    expect(formatNumber(-1500)).toBe('-1.500');
  });
});
