import { describe, expect, it } from 'vitest';
import { iso } from './envelope';

/** What `iso` answered before it read UTC text itself: the value through a Date. */
const throughDate = (value: Date | string) => new Date(value).toISOString();

describe('iso', () => {
  it('writes UTC timestamps from PostgreSQL text and JSON as a Date would, cut to the millisecond', () => {
    const written = [
      '2026-11-27 05:00:00.123456+00',
      '2026-11-27T05:00:00.123456+00:00',
      '2026-11-27T05:00:00.9999+00:00',
      '2026-12-31 23:59:59.999999+00',
      '2026-11-27 05:00:00+00',
      '2026-11-27T05:00:00.1+00:00',
      '2026-11-27T05:00:00.12Z',
      '2026-02-28 00:00:00.000001+00',
    ];
    for (const value of written) expect(iso(value)).toBe(throughDate(value));
    expect(iso('2026-11-27 05:00:00.123456+00')).toBe('2026-11-27T05:00:00.123Z');
  });

  it('converts other offsets and Dates to UTC', () => {
    expect(iso('2026-11-27T05:00:00.123456-04:00')).toBe('2026-11-27T09:00:00.123Z');
    expect(iso('2026-11-27 01:30:00-04')).toBe(throughDate('2026-11-27 01:30:00-04'));
    const date = new Date(Date.UTC(2026, 10, 27, 5, 0, 0, 7));
    expect(iso(date)).toBe('2026-11-27T05:00:00.007Z');
  });

  it('agrees with a Date over a spread of microsecond timestamps', () => {
    for (let step = 0; step < 500; step++) {
      const millis = Date.UTC(2020, 0, 1) + step * 7_919_131_777;
      const micros = String((step * 7919) % 1_000_000).padStart(6, '0');
      const value = `${new Date(millis).toISOString().slice(0, 19).replace('T', ' ')}.${micros}+00`;
      expect(iso(value)).toBe(throughDate(value));
    }
  });
});
