import dayjs from 'dayjs';
import 'dayjs/locale/es.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);
dayjs.locale('es');

/** The business day is Caracas' day, whatever the machine's zone. */
export const BUSINESS_TIME_ZONE = 'America/Caracas';

/**
 * Venezuela keeps UTC−4 all year since 2016-05-01 02:30 (before, UTC−4:30): instants from the
 * next day on take the fixed offset, which costs nothing, where `tz()` builds an `Intl` formatter per call
 * (5 % of a server under load, most of an export's date cells). Older instants keep the zone rules.
 */
const FIXED_OFFSET_SINCE = Date.UTC(2016, 4, 2, 4, 0);
const CARACAS_OFFSET_MINUTES = -240;

export const caracas = (value?: dayjs.ConfigType) => {
  const instant = dayjs(value);
  return instant.valueOf() >= FIXED_OFFSET_SINCE ? instant.utcOffset(CARACAS_OFFSET_MINUTES) : instant.tz(BUSINESS_TIME_ZONE);
};

/** An ISO instant that names its zone: `Date.parse` and dayjs read it the same way. */
const ZONED_INSTANT = /^\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})$/i;
const pad = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * The Caracas wall clock of an instant from May 2016 on, in the UTC fields of a Date; null for
 * older instants and for values that are not an instant with its zone (dayjs reads those).
 */
function fixedOffsetClock(value: unknown): Date | null {
  const instant = value instanceof Date ? value.getTime() : typeof value === 'string' && ZONED_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  return instant >= FIXED_OFFSET_SINCE ? new Date(instant + CARACAS_OFFSET_MINUTES * 60_000) : null;
}

/**
 * `DD-MM-YYYY` (and ` hh:mm a` with `withTime`) of an instant in Caracas, as
 * `caracas(value).format(…)` writes it, without building a dayjs object: an export formats one
 * per row, where dayjs took a seventh of a CSV export's CPU.
 */
export function caracasText(value: string | Date, withTime: boolean): string {
  const clock = fixedOffsetClock(value);
  if (!clock) return caracas(value).format(withTime ? 'DD-MM-YYYY hh:mm a' : 'DD-MM-YYYY');
  const day = `${pad(clock.getUTCDate())}-${pad(clock.getUTCMonth() + 1)}-${clock.getUTCFullYear()}`;
  if (!withTime) return day;
  const hours = clock.getUTCHours();
  return `${day} ${pad(hours % 12 || 12)}:${pad(clock.getUTCMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** `YYYY-MM` of an instant in Caracas, as `caracas(value).format('YYYY-MM')` writes it (every list request asks for the current month). */
export function caracasMonth(value: string | Date): string {
  const clock = fixedOffsetClock(value);
  return clock ? `${clock.getUTCFullYear()}-${pad(clock.getUTCMonth() + 1)}` : caracas(value).format('YYYY-MM');
}

/** The instant a Caracas day (YYYY-MM-DD) starts. */
export function caracasDayStart(day: string): Date {
  const start = new Date(`${day}T00:00:00-04:00`);
  return start.getTime() >= FIXED_OFFSET_SINCE ? start : dayjs.tz(day, BUSINESS_TIME_ZONE).toDate();
}

/** YYYY-MM-DD of an instant in Caracas, on the fixed clock as `caracasText`. */
export function caracasDay(value: string | Date): string {
  const clock = fixedOffsetClock(value);
  return clock ? `${clock.getUTCFullYear()}-${pad(clock.getUTCMonth() + 1)}-${pad(clock.getUTCDate())}` : caracas(value).format('YYYY-MM-DD');
}

/** Today in Caracas as YYYY-MM-DD (every clients page asks it, for the ages: dayjs's zone cost 3 % of the request). */
export const todayInCaracas = () => caracasDay(new Date());

/** A date picker's day after Caracas' today: the pickers of payment and document dates refuse it. */
export const afterCaracasToday = (day: dayjs.Dayjs) => day.format('YYYY-MM-DD') > todayInCaracas();

/** Accepts the wire's YYYY-MM-DD and the spec's DD-MM-YYYY filter dates; answers YYYY-MM-DD or null. */
export function parseDateParam(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  // Read by hand: dayjs's strict parse over three formats took 0.3 ms, most of what checking an imported row costs.
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)?.slice(1) ?? /^(\d{2})([-/])(\d{2})\2(\d{4})$/.exec(text)?.slice(1).filter((_, at) => at !== 1).reverse();
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  // Years before 100 are refused, as dayjs refused them (it read them as 19xx).
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? parts.join('-') : null;
}

export { dayjs };
