import { caracasText } from './dates';

/** What every display shows for a missing value. */
export const EMPTY_TEXT = 'VACIO';

/** No value to show: null, undefined or empty text. */
export const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** `+58 (412)-1234567` from the stored 10 digits (a leading 0 or 58 is tolerated). */
export function formatPhone(phone: string | null | undefined): string {
  if (isBlank(phone)) return EMPTY_TEXT;
  const digits = String(phone).replace(/\D/g, '').replace(/^58/, '').replace(/^0/, '');
  if (digits.length !== 10) return String(phone);
  return `+58 (${digits.slice(0, 3)})-${digits.slice(3)}`;
}

/** A calendar date (YYYY-MM-DD) is shown as is; a timestamp as its Caracas day. */
export const formatDate = (value: string | Date | null | undefined) => {
  if (isBlank(value)) return EMPTY_TEXT;
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return day ? `${day[3]}-${day[2]}-${day[1]}` : caracasText(value as string | Date, false);
};

export const formatDateTime = (value: string | Date | null | undefined) => (isBlank(value) ? EMPTY_TEXT : caracasText(value as string | Date, true));

export const formatMonth = (value: string | null | undefined) => (isBlank(value) ? EMPTY_TEXT : `${String(value).slice(5, 7)}-${String(value).slice(0, 4)}`);

export const textOrEmpty = (value: string | null | undefined) => (isBlank(value) ? EMPTY_TEXT : String(value));

/** What a client's screen or document shows for nothing: a dash, never the staff screens' VACIO (issue 51). */
const CLIENT_EMPTY_TEXT = '—';
/** A formatted value as a client reads it: the staff screens' VACIO becomes a dash. */
export const forClients = (text: string) => (text === EMPTY_TEXT ? CLIENT_EMPTY_TEXT : text);

/** "1 h 5 min" for a session length in seconds. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined) return EMPTY_TEXT;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = Math.floor(totalSeconds % 60);
  if (hours) return `${hours} h ${minutes} min`;
  if (minutes) return `${minutes} min ${seconds} s`;
  return `${seconds} s`;
}

/** "1234567" as "1.234.567". */
export function groupThousands(whole: string): string {
  let grouped = whole.slice(0, whole.length % 3 || 3);
  for (let at = grouped.length; at < whole.length; at += 3) grouped += `.${whole.slice(at, at + 3)}`;
  return grouped;
}

/**
 * A count or a chart's tick the Venezuelan way, grouped from the thousands on whatever the
 * browser's locale data says (`1.200`, `48.075,28`), with at most two decimals and none when whole.
 */
export function formatNumber(value: number): string {
  const [whole, decimals] = Math.abs(value).toFixed(2).split('.') as [string, string];
  const fraction = decimals.replace(/0+$/, '');
  const sign = value < 0 && (whole !== '0' || fraction) ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `,${fraction}` : ''}`;
}
