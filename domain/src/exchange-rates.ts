import Decimal from 'decimal.js';
import { z } from 'zod';
import { dayjs, parseDateParam } from './dates';
import { moneyField } from './money-field';
import { listQuerySchema } from './paging';
import { messages, requiredText } from './validation';

/**
 * The official exchange rates (issue 47): every rate Recaudo has known, in bolívares per unit
 * with the BCV's eight decimals, by value date ("Fecha Valor"), from the BCV page or typed by an
 * administrator with a reason.
 */
export const RATE_CURRENCIES = ['USD', 'EUR'] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];
export const RATE_SOURCES = ['bcv', 'manual'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];
export const RATE_SOURCE_LABELS: Record<RateSource, string> = { bcv: 'BCV', manual: 'Manual' };
export const RATE_CURRENCY_LABELS: Record<RateCurrency, string> = { USD: 'Dólar', EUR: 'Euro' };
/** The BCV publishes eight decimals. */
export const RATE_DECIMALS = 8;
/** A rate whose value date is more than this many business days old is stale. */
export const STALE_BUSINESS_DAYS = 3;

export interface ExchangeRateRow {
  id: number;
  currency: RateCurrency;
  rate: string;
  value_date: string;
  source: RateSource;
  reason: string | null;
  user: { id: number; name: string } | null;
  created_at: string;
}

/** The rate in force on a date; `stale` when it is older than the date allows (or earlier than the date asked). */
export interface RateInForce {
  rate: string;
  value_date: string;
  source: RateSource;
  stale: boolean;
}

export interface CurrentRates {
  usd: RateInForce | null;
  eur: RateInForce | null;
}

export const currentRatesQuerySchema = z.object({
  date: z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDateParam(value) : null;
      if (!day) {
        ctx.addIssue({ code: 'custom', message: messages.invalid('Fecha') });
        return z.NEVER;
      }
      return day;
    })
    .optional(),
});

/** `GET exchange-rates`: search (reason, user), `filters[currency]`, `filters[source]`, `filters[dates][]` pair of value dates. */
export const exchangeRateListQuerySchema = listQuerySchema;

/** A rate typed by an administrator: more than zero, at most eight decimals, with its reason. */
export const manualRateField = (attribute: string) => moneyField(attribute, { positive: true, decimals: RATE_DECIMALS, requiredMessage: 'Ingresa Datos!' });
export const rateReasonField = requiredText('Motivo', 500);

/** Business days after `from` up to and including `to` (weekdays; the BCV publishes nothing on weekends). */
export function businessDaysBetween(from: string, to: string): number {
  let day = dayjs(from);
  const end = dayjs(to);
  let count = 0;
  while (day.isBefore(end, 'day')) {
    day = day.add(1, 'day');
    if (day.day() !== 0 && day.day() !== 6) count++;
  }
  return count;
}

/** A rate as a payment stores it: to the cent, half up. */
export const paymentRateOf = (rate: string) => new Decimal(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** A rate to the cent as payments and statements take it, with the value date and source of the rate in force it comes from. */
export interface DatedRate {
  rate: string;
  value_date: string | null;
  source: RateSource | null;
}

/** The rate in force as a payment takes it; "0.00" of no date or source while none was ever stored. */
export const datedRateOf = (inForce: RateInForce | null): DatedRate =>
  inForce ? { rate: paymentRateOf(inForce.rate), value_date: inForce.value_date, source: inForce.source } : { rate: '0.00', value_date: null, source: null };

/** "245,67140000": the BCV's own writing, comma decimal and eight places, thousands with dots. */
export function formatRate(rate: string, places = RATE_DECIMALS): string {
  const fixed = new Decimal(rate).toFixed(places, Decimal.ROUND_HALF_UP);
  const [whole = '0', decimals = ''] = fixed.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${decimals ? `,${decimals}` : ''}`;
}

const RATE_LABEL_HEADS: Record<RateSource, string> = { bcv: 'Tasa BCV', manual: 'Tasa manual' };

/**
 * "Tasa BCV 245,67 del 01-12-2026" (or "Tasa manual 40,00"): what receipts, invoices, statements
 * and the client home print. A rate of no known source (a payment made before the history of
 * rates, an office with no rate yet) claims none: "Tasa de cambio 36,50".
 */
export function rateLabel(rate: string, valueDate: string | null, source: RateSource | null): string {
  const head = source ? RATE_LABEL_HEADS[source] : 'Tasa de cambio';
  const date = valueDate ? ` del ${valueDate.slice(8, 10)}-${valueDate.slice(5, 7)}-${valueDate.slice(0, 4)}` : '';
  return `${head} ${formatRate(rate, 2)}${date}`;
}

export const exchangeRateMessages = {
  stored: 'Tasa registrada',
  accepted: 'Tasa leída aceptada',
  alertNotFound: 'No se ha encontrado la alerta',
  alertClosed: 'Esa alerta ya fue atendida',
  alertWithoutRate: 'Esa alerta no trae una tasa que aceptar',
  reasonRequired: 'Indica el motivo de la tasa manual',
  manualRateNotAllowed: 'No tienes permiso para cambiar la tasa del pago: se usa la tasa BCV vigente en su fecha',
  noRate: 'La tasa de cambio del día aún no está configurada. Intenta de nuevo más tarde.',
} as const;
