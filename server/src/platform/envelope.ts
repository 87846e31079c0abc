import Decimal from 'decimal.js';
import { z } from 'zod';

/** `{success, message, data}`: the shape of every JSON answer (DESIGN §3). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

export const emptyEnvelope = z.object({ success: z.literal(true), message: z.string(), data: z.null() });

export const pagedOf = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

export const ok = <T>(data: T, message = 'Operación exitosa') => ({ success: true as const, message, data });
export const done = (message: string) => ({ success: true as const, message, data: null });

/** A timestamp in UTC as PostgreSQL writes it (text or JSON), to the microsecond. */
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:Z|\+00(?::?00)?)$/;

/**
 * Timestamps leave the server as ISO 8601 strings (a Date, or the driver's timestamptz text).
 * UTC text is rewritten as it stands, to the millisecond as a Date would cut it: parsing it into
 * a Date to print it again was 5 % of the clients page's CPU (about 30 timestamps a page).
 */
export const iso = (value: Date | string): string => {
  if (typeof value !== 'string') return value.toISOString();
  const utc = UTC_TIMESTAMP.exec(value);
  if (!utc) return new Date(value).toISOString();
  return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
};
export const isoTimestamp = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/**
 * numeric(18,2) text as it leaves the API: two decimals, never through a binary float. It arrives
 * as "1234.50" already: only other shapes go through decimal.js (most of an export's rows otherwise).
 */
export const money = (value: string) => (/^-?\d+\.\d{2}$/.test(value) ? value : new Decimal(value).toFixed(2));
export const moneyOrNull = (value: string | null) => (value === null ? null : money(value));
