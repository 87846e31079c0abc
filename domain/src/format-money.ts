import Decimal from 'decimal.js';
import { EMPTY_TEXT, isBlank } from './format';

/**
 * `BS 1.234,56` / `$ 12,00`: comma decimal, dot thousands, two decimals, half-up. Kept apart
 * from format.ts so that screens without amounts do not load decimal.js.
 */
export function formatMoney(value: Decimal.Value | null | undefined, currency: 'BS' | '$' | '€' = 'BS'): string {
  if (isBlank(value)) return EMPTY_TEXT;
  // Amounts from the API are already "1234.50": only other values need decimal.js to round.
  const fixed = typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value) ? value : new Decimal(value as Decimal.Value).toFixed(2, Decimal.ROUND_HALF_UP);
  const [whole = '0', cents = '00'] = fixed.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${currency} ${fixed.startsWith('-') ? '-' : ''}${grouped},${cents}`;
}
