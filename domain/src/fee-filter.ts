import Decimal from 'decimal.js';
import { moneyField } from './money-field';
import { blank } from './validation';

/**
 * The `fee` filter of the addresses list (spec 01 §3 filter types; docs/decisions.md): one fee
 * (`filters[fee]=12.50`, the addresses paying exactly that) or a range as a pair
 * (`filters[fee][]=10&filters[fee][]=20`, both ends included; a blank end leaves that side open).
 * Compared with the effective monthly fee in dollars, as decimals.
 */
export interface FeeRange {
  /** Two-decimal text ("10.00"); null: no lower end. */
  from: string | null;
  /** Two-decimal text; null: no upper end. */
  to: string | null;
}

export const FEE_FILTER_LABEL = 'Tarifa';

export const feeFilterMessages = {
  shape: 'El filtro Tarifa debe ser un monto o un rango de dos montos (desde y hasta).',
  order: 'En el filtro Tarifa, el monto desde no puede ser mayor que el monto hasta.',
} as const;

const amount = moneyField(FEE_FILTER_LABEL);

type Parsed = { ok: true; value: string | null } | { ok: false; message: string };

function parseEnd(value: unknown): Parsed {
  if (blank(value)) return { ok: true, value: null };
  if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, message: feeFilterMessages.shape };
  const result = amount.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message ?? feeFilterMessages.shape };
}

/** The filter as a range (null when blank), or the messages that say what is wrong with it. */
export function parseFeeFilter(value: unknown): { range: FeeRange | null; errors: string[] } {
  if (blank(value) || (Array.isArray(value) && value.every(blank))) return { range: null, errors: [] };
  const ends = Array.isArray(value) ? value : [value, value];
  if (ends.length === 1) ends.push(ends[0]);
  if (ends.length !== 2) return { range: null, errors: [feeFilterMessages.shape] };
  const [from, to] = ends.map(parseEnd) as [Parsed, Parsed];
  const errors = [from, to].flatMap((end) => (end.ok ? [] : [end.message]));
  if (!from.ok || !to.ok) return { range: null, errors: [...new Set(errors)] };
  if (from.value !== null && to.value !== null && new Decimal(from.value).greaterThan(to.value)) return { range: null, errors: [feeFilterMessages.order] };
  return { range: { from: from.value, to: to.value }, errors: [] };
}
