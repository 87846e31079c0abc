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

/** Timestamps leave the server as ISO 8601 strings (a Date, or the driver's timestamptz text). */
export const iso = (value: Date | string): string => new Date(value).toISOString();
export const isoTimestamp = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/**
 * numeric(18,2) text as it leaves the API: two decimals, never through a binary float. It arrives
 * as "1234.50" already: only other shapes go through decimal.js (most of an export's rows otherwise).
 */
export const money = (value: string) => (/^-?\d+\.\d{2}$/.test(value) ? value : new Decimal(value).toFixed(2));
export const moneyOrNull = (value: string | null) => (value === null ? null : money(value));
