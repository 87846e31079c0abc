import dayjs from 'dayjs';
import 'dayjs/locale/es';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

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
