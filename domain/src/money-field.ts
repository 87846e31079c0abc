import Decimal from 'decimal.js';
import { z } from 'zod';
import { blank, fail, messages } from './validation';

/**
 * A money amount (fees, rates): a number or numeric text with a dot, not negative, at most
 * two decimals, up to numeric(18,2). Answers the amount as text with two decimals ("12.50"),
 * never a binary float. `requiredMessage` replaces the "obligatorio" text where the spec
 * words it differently. Kept apart from validation.ts so that forms without amounts do not
 * load decimal.js.
 */
export const moneyField = (attribute: string, options: { requiredMessage?: string } = {}) =>
  z.unknown().transform((value, ctx) => {
    if (blank(value)) return fail(ctx, options.requiredMessage ?? messages.required(attribute));
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^-?\d+(\.\d+)?$/.test(text)) return fail(ctx, messages.number(attribute));
    if (text.startsWith('-') && !/^-0+(\.0+)?$/.test(text)) return fail(ctx, messages.min(attribute, 0));
    const unsigned = text.replace(/^-/, '');
    if (!/^\d+(\.\d{1,2})?$/.test(unsigned)) return fail(ctx, messages.decimals(attribute));
    if ((unsigned.split('.')[0] ?? '').replace(/^0+(?=\d)/, '').length > 16) return fail(ctx, messages.maxAmount(attribute));
    return new Decimal(unsigned).toFixed(2);
  });
