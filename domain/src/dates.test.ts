import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, afterCaracasToday, caracas, caracasDay, caracasDayStart, caracasMonth, caracasText, dayjs } from './dates';

/**
 * The two walks through the years ask dayjs's zone thousands of times, which builds Intl formatters:
 * about a second each alone, 5 s on a 2-core machine with the rest of the suite beside them.
 */
const WALK_BUDGET_MS = 30_000;

describe('caracas', () => {
  it('reads every instant from the change of May 2016 on as the zone rules do (fixed UTC−4), day boundaries included', () => {
    const formats = ['YYYY-MM-DD HH:mm:ss', 'DD-MM-YYYY hh:mm a', 'YYYY-MM'];
    // Every five days, seven hours and thirteen minutes: each hour of the day, every month, both sides of midnight.
    for (let instant = Date.UTC(2016, 4, 1, 0, 0); instant < Date.UTC(2031, 0, 1); instant += 127 * 3600_000 + 13 * 60_000) {
      const zoned = dayjs(instant).tz(BUSINESS_TIME_ZONE);
      const fixed = caracas(instant);
      for (const format of formats) expect(fixed.format(format)).toBe(zoned.format(format));
      expect(fixed.startOf('day').valueOf()).toBe(zoned.startOf('day').valueOf());
      expect(fixed.valueOf()).toBe(instant);
    }
  }, WALK_BUDGET_MS);

  it('keeps the half-hour offset of the years before (UTC−4:30)', () => {
    expect(caracas('2015-06-01T12:00:00Z').format('YYYY-MM-DD HH:mm')).toBe('2015-06-01 07:30');
    expect(caracas('2016-05-01T06:59:00Z').format('HH:mm')).toBe('02:29');
    expect(caracas('2016-05-01T07:00:00Z').format('HH:mm')).toBe('03:00');
  });
});

describe('caracasText, caracasDay and caracasMonth', () => {
  it('write every instant as dayjs in the zone does, from Dates and from ISO text with Z or an offset', () => {
    for (let instant = Date.UTC(2014, 0, 1, 0, 7); instant < Date.UTC(2031, 0, 1); instant += 127 * 3600_000 + 17 * 60_000) {
      // Every five days, seven hours and seventeen minutes: each hour of the day, every month.
      // dayjs's zone is slow (it builds Intl formatters), so its answers are taken once per instant.
      const zoned = dayjs(instant).tz(BUSINESS_TIME_ZONE);
      const [text, day, month, date] = ['DD-MM-YYYY hh:mm a', 'DD-MM-YYYY', 'YYYY-MM', 'YYYY-MM-DD'].map((format) => zoned.format(format));
      const iso = new Date(instant).toISOString();
      for (const value of [new Date(instant), iso, dayjs(instant).utcOffset(-240).format('YYYY-MM-DDTHH:mm:ss.SSSZ')]) {
        expect(caracasText(value, true)).toBe(text);
        expect(caracasText(value, false)).toBe(day);
        expect(caracasMonth(value)).toBe(month);
        expect(caracasDay(value)).toBe(date);
      }
    }
  }, WALK_BUDGET_MS);

  it('writes noon, midnight and the hour of the 2016 change as the zone rules do', () => {
    expect(caracasText('2026-03-15T04:00:00Z', true)).toBe('15-03-2026 12:00 am');
    expect(caracasText('2026-03-15T16:05:00.123456Z', true)).toBe('15-03-2026 12:05 pm');
    expect(caracasText('2016-05-01T06:59:00Z', true)).toBe('01-05-2016 02:29 am');
    expect(caracasText('2016-05-01T07:00:00Z', true)).toBe('01-05-2016 03:00 am');
  });

  it('leaves text without a zone to dayjs, which reads it as local time', () => {
    expect(caracasText('2026-03-15 10:00', true)).toBe(caracas('2026-03-15 10:00').format('DD-MM-YYYY hh:mm a'));
    expect(caracasText('no es una fecha', false)).toBe('Invalid Date');
  });
});

describe('caracasDayStart', () => {
  it('is midnight in Caracas', () => {
    expect(caracasDayStart('2026-01-31').toISOString()).toBe('2026-01-31T04:00:00.000Z');
    expect(caracasDayStart('2015-03-10').toISOString()).toBe('2015-03-10T04:30:00.000Z');
    expect(caracasDayStart('2016-05-01').toISOString()).toBe('2016-05-01T04:30:00.000Z');
    expect(caracasDayStart('2016-05-02').toISOString()).toBe('2016-05-02T04:00:00.000Z');
  });
});

describe('afterCaracasToday', () => {
  it("refuses only the picker's days after Caracas' today", () => {
    const today = caracasDay(new Date());
    const day = (text: string) => dayjs(text, 'YYYY-MM-DD');
    expect(afterCaracasToday(day(today))).toBe(false);
    expect(afterCaracasToday(day(today).subtract(1, 'day'))).toBe(false);
    expect(afterCaracasToday(day(today).add(1, 'day'))).toBe(true);
  });
});
