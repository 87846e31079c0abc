import Decimal from 'decimal.js';
import { z } from 'zod';
import { blank, fail, messages } from './validation';

/**
 * A money amount (fees, rates): a number or numeric text with a dot, not negative, at most
 * two decimals (`decimals`: a BCV rate has eight), up to numeric(18,2). Answers the amount as text with two decimals ("12.50"),
 * never a binary float. `requiredMessage` replaces the "obligatorio" text where the spec
 * words it differently; `positive` refuses zero (and "-0.00") where a zero would mean
 * something was given for free, as a rate or an amount paid. Kept apart from validation.ts so that forms without amounts do not
 * load decimal.js.
 */
export const moneyField = (attribute: string, options: { requiredMessage?: string; positive?: boolean; decimals?: number } = {}) =>
  z.unknown().transform((value, ctx) => {
    if (blank(value)) return fail(ctx, options.requiredMessage ?? messages.required(attribute));
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^-?\d+(\.\d+)?$/.test(text)) return fail(ctx, messages.number(attribute));
    const negative = text.startsWith('-') && !/^-0+(\.0+)?$/.test(text);
    if (negative) return fail(ctx, options.positive ? messages.greaterThan(attribute, 0) : messages.min(attribute, 0));
    const unsigned = text.replace(/^-/, '');
    const places = options.decimals ?? 2;
    if (!new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(unsigned)) return fail(ctx, messages.decimals(attribute, places));
    if ((unsigned.split('.')[0] ?? '').replace(/^0+(?=\d)/, '').length > 16) return fail(ctx, messages.maxAmount(attribute));
    const amount = new Decimal(unsigned);
    if (options.positive && amount.isZero()) return fail(ctx, messages.greaterThan(attribute, 0));
    return amount.toFixed(places);
  });
