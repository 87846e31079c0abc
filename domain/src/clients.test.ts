import { describe, expect, it } from 'vitest';
import { ageOn } from './clients';

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('1990-11-27', '2026-11-27')).toBe(36);
    expect(ageOn('1990-11-28', '2026-11-27')).toBe(35);
    expect(ageOn('1990-12-01', '2026-11-27')).toBe(35);
    expect(ageOn('1990-10-30', '2026-11-27')).toBe(36);
  });

  it('takes a 29 February birthday as passed only from 1 March in other years', () => {
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('2000-02-29', '2028-02-29')).toBe(28);
  });

  it('has no age without a birth date', () => {
    expect(ageOn(null, '2026-11-27')).toBeNull();
  });
});
