import { describe, expect, it } from 'vitest';
import { percentageChange, percentageTone } from './dashboard';

describe('percentageChange', () => {
  it('is the change against the previous period in percent, two decimals half-up', () => {
    expect(percentageChange(3, 2)).toBe('50.00');
    expect(percentageChange(1, 3)).toBe('-66.67');
    expect(percentageChange(2, 3)).toBe('-33.33');
    expect(percentageChange(5, 5)).toBe('0.00');
  });

  it('from zero: 100 when something happened, 0 when nothing did', () => {
    expect(percentageChange(4, 0)).toBe('100.00');
    expect(percentageChange(0, 0)).toBe('0.00');
    expect(percentageChange(0, 7)).toBe('-100.00');
  });

  it('is green above zero, red below, yellow at zero', () => {
    expect(percentageTone('12.50')).toBe('up');
    expect(percentageTone('-0.01')).toBe('down');
    expect(percentageTone('0.00')).toBe('flat');
  });
});
