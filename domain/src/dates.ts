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

export const caracas = (value?: dayjs.ConfigType) => dayjs(value).tz(BUSINESS_TIME_ZONE);

/** Today in Caracas as YYYY-MM-DD. */
export const todayInCaracas = () => caracas().format('YYYY-MM-DD');

/** Accepts the wire's YYYY-MM-DD and the spec's DD-MM-YYYY filter dates; answers YYYY-MM-DD or null. */
export function parseDateParam(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const parsed = dayjs(value.trim(), ['YYYY-MM-DD', 'DD-MM-YYYY', 'DD/MM/YYYY'], true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

export { dayjs };
