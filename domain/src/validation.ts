import { z } from 'zod';
import { parseDateParam, todayInCaracas } from './dates';
import { messages } from './messages';

export { messages };

/** A required text field; blank text counts as missing. */
export const requiredText = (attribute: string, max = 255) =>
  z
    .string({ error: messages.required(attribute) })
    .trim()
    .min(1, messages.required(attribute))
    .max(max, messages.maxLength(attribute, max));

export const optionalText = (attribute: string, max = 255) =>
  z
    .string({ error: messages.invalid(attribute) })
    .trim()
    .max(max, messages.maxLength(attribute, max))
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = (attribute = 'Correo') =>
  z
    .string({ error: messages.required(attribute) })
    .trim()
    .min(1, messages.required(attribute))
    .max(255, messages.maxLength(attribute, 255))
    .pipe(z.email({ error: messages.invalidFormat(attribute) }))
    .transform((value) => value.toLowerCase());

/** A whole, non-negative number; accepts numeric strings from forms and query strings. */
export const wholeNumber = (attribute: string, min = 0) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input == null || issue.input === '' ? messages.required(attribute) : messages.integer(attribute)) })
      .int(messages.integer(attribute))
      .min(min, messages.min(attribute, min)),
  );

/** The largest id a record can have: ids are PostgreSQL `integer`s. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record's id (1 to MAX_RECORD_ID): a larger one names no record, and PostgreSQL would refuse it. */
export const recordId = (attribute = 'id') =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input == null || issue.input === '' ? messages.required(attribute) : messages.invalid(attribute)) })
      .int(messages.invalid(attribute))
      .positive(messages.invalid(attribute))
      .max(MAX_RECORD_ID, messages.invalid(attribute)),
  );

/** Accepts true/false, 1/0 and their string forms, as forms and query strings send them. */
export const flag = (attribute: string) =>
  z.preprocess(
    (value) => {
      if (value === 'true' || value === '1' || value === 1) return true;
      if (value === 'false' || value === '0' || value === 0) return false;
      return value;
    },
    z.boolean({ error: (issue) => (issue.input == null ? messages.required(attribute) : messages.boolean(attribute)) }),
  );

export const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Adds one issue and answers zod's "no value". */
export function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A date (YYYY-MM-DD or DD-MM-YYYY) that is not later than today in Caracas; answers YYYY-MM-DD. */
export const dateNotAfterToday = (attribute: string) =>
  z.unknown().transform((value, ctx) => {
    if (blank(value)) return fail(ctx, messages.required(attribute));
    const text = typeof value === 'string' ? value.trim() : '';
    const parsed = parseDateParam(/^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text);
    if (!parsed) return fail(ctx, messages.invalid(attribute));
    if (parsed > todayInCaracas()) return fail(ctx, messages.dateNotAfterToday(attribute));
    return parsed;
  });

/** Mobile and landline prefixes the spec allows, followed by 7 digits. */
export const PHONE_PATTERN = /^(412|414|416|422|424|426|273)\d{7}$/;

/** The 10 stored digits of a phone typed as +58 (412)-1234567, 04121234567 or 4121234567. */
export function normalizePhone(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('58')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/** An optional phone: blank is null; otherwise it must match the pattern. */
export const optionalPhone = (attribute: string) =>
  // The preprocess lets a missing key through as null (a bare transform would be "nonoptional").
  z.preprocess(
    (value) => value ?? null,
    z.unknown().transform((value, ctx) => {
      if (blank(value)) return null;
      const digits = typeof value === 'string' || typeof value === 'number' ? normalizePhone(String(value)) : '';
      return PHONE_PATTERN.test(digits) ? digits : fail(ctx, messages.invalidFormat(attribute));
    }),
  );

/** Text of digits only, leading zeros kept (document counters). */
export const digitsText = (attribute: string, max = 20) =>
  z.unknown().transform((value, ctx) => {
    if (blank(value)) return fail(ctx, messages.required(attribute));
    const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^\d+$/.test(text)) return fail(ctx, messages.digits(attribute));
    if (text.length > max) return fail(ctx, messages.maxLength(attribute, max));
    return text;
  });
