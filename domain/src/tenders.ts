import Decimal from 'decimal.js';
import { z } from 'zod';
import { formatMoney } from './format-money';
import { moneyField } from './money-field';
import { blank, messages, optionalText, recordId } from './validation';

/**
 * How a client paid (issue 49): tender lines in bolívares, dollars or euros, the change given
 * back and the IGTF a special taxpayer collects on the part of the bill that foreign currency
 * pays. One function (`settleTenders`) values the lines, computes the IGTF and says whether they
 * cover what is due; the payment form runs it as the cashier types and the server before storing.
 */
export const CURRENCIES = ['VES', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<Currency, 'BS' | '$' | '€'> = { VES: 'BS', USD: '$', EUR: '€' };
export const CURRENCY_LABELS: Record<Currency, string> = { VES: 'Bolívares (VES)', USD: 'Dólares (USD)', EUR: 'Euros (EUR)' };

/** HKA takes at most five `formasPago` (providers.md §2.4), so a payment has at most five lines. */
export const MAX_TENDER_LINES = 5;

/** The foreign currency of a payment's rate: exchange_rate_id 1 is the dollar, any other the euro. */
export const rateCurrencyOf = (exchangeRateId: number): Exclude<Currency, 'VES'> => (exchangeRateId === 1 ? 'USD' : 'EUR');

const money = (value: Decimal.Value, currency: Currency) => formatMoney(new Decimal(value).toFixed(2), CURRENCY_SYMBOLS[currency]);

export const tenderMessages = {
  tooManyLines: `Un pago puede tener como máximo ${MAX_TENDER_LINES} líneas de cobro.`,
  line: (position: number, message: string) => `Línea ${position}: ${message}`,
  methodCurrency: (method: string, currency: Currency) => `el método ${method} recibe ${CURRENCY_LABELS[currency]}.`,
  rateCurrency: (currency: Currency, rate: Currency) =>
    `una línea en ${CURRENCY_LABELS[currency]} no se puede convertir con la tasa del pago, que es en ${CURRENCY_LABELS[rate]}.`,
  methodMissing: 'el método de pago seleccionado no existe.',
  methodInactive: 'el método de pago seleccionado está inactivo.',
  shortfall: (ves: Decimal.Value, foreign: Decimal.Value, currency: Currency) =>
    `Faltan ${money(ves, 'VES')} (${money(foreign, currency)}) para cubrir el pago de los meses y el IGTF.`,
  changeNotTendered: (currency: Currency) => `El vuelto en ${CURRENCY_LABELS[currency]} no puede darse: ninguna línea se pagó en esa moneda.`,
  changeOverTendered: (change: Decimal.Value, tendered: Decimal.Value, currency: Currency) =>
    `El vuelto (${money(change, currency)}) es mayor que lo entregado en esa moneda (${money(tendered, currency)}).`,
  changeOverExcess: (change: Decimal.Value, excess: Decimal.Value) =>
    `El vuelto (${money(change, 'VES')}) es mayor que lo que sobra del pago (${money(excess, 'VES')}).`,
  igtfDiffers: (sent: Decimal.Value, computed: Decimal.Value) => `El IGTF enviado (${money(sent, 'VES')}) no coincide con el calculado por Recaudo (${money(computed, 'VES')}).`,
  conciliationTwice: 'la misma validación bancaria no puede respaldar dos líneas.',
} as const;

const optionalId = (attribute: string) => z.preprocess((value) => (blank(value) ? null : value), recordId(attribute).nullable());
const currencyField = (attribute: string) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), z.enum(CURRENCIES, { error: messages.invalid(attribute) }));

/** One tender line as the API takes it (amount as decimal text in the line's currency). */
export const tenderLineSchema = z.object({
  payment_method_id: recordId('Método de pago'),
  currency: currencyField('Moneda'),
  amount: moneyField('Monto', { positive: true }),
  reference: optionalText('Referencia', 50),
  bank_id: optionalId('Banco de origen'),
  pay_phone: optionalText('Teléfono', 20),
  conciliation_id: optionalId('Conciliación'),
});
export type TenderLine = z.output<typeof tenderLineSchema>;

const parsedJson = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * `tenders`: a list of lines (JSON, or `tenders[0][amount]` form fields already folded into one).
 * Every refusal names its line ("Línea 2: …") on the field `tenders.1.amount`.
 */
export const tendersField = z.preprocess(
  (value) => (blank(value) ? [] : parsedJson(value)),
  z.unknown().transform((value, ctx): TenderLine[] => {
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: messages.invalid('Líneas de cobro') });
      return z.NEVER;
    }
    if (value.length > MAX_TENDER_LINES) {
      ctx.addIssue({ code: 'custom', message: tenderMessages.tooManyLines });
      return z.NEVER;
    }
    const lines: TenderLine[] = [];
    value.forEach((raw, index) => {
      const parsed = tenderLineSchema.safeParse(raw && typeof raw === 'object' ? raw : {});
      if (parsed.success) lines.push(parsed.data);
      else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [index, ...issue.path], message: tenderMessages.line(index + 1, issue.message) });
    });
    return lines;
  }),
);

/** `change`: the vuelto given back, in one currency; absent or blank, none. */
export const changeField = z.preprocess(
  (value) => {
    const parsed = parsedJson(value);
    if (blank(parsed)) return null;
    if (parsed && typeof parsed === 'object' && blank((parsed as { amount?: unknown }).amount)) return null;
    return parsed;
  },
  z.object({ currency: currencyField('Moneda del vuelto'), amount: moneyField('Vuelto') }).nullable(),
);
export type ChangeGiven = z.output<typeof changeField>;

/** What `settleTenders` needs of each line: its currency and amount, and its method's facts. */
export interface TenderFigures {
  currency: Currency;
  amount: string;
  method: { name: string; currency: Currency; is_igtf: boolean } | null;
}

export interface SettlementInput {
  /** What the months cost in bolívares after any retention (the computed `amount_payment`). */
  due: Decimal.Value;
  /** The same in the rate's currency (`dollar_amount_payment`). */
  dueForeign: Decimal.Value;
  /** Bolívares per unit of the rate's currency. */
  rate: Decimal.Value;
  rateCurrency: Exclude<Currency, 'VES'>;
  /** The IGTF rate in percent ("3.00") when the office collects it, else null. */
  igtfRate: string | null;
  lines: TenderFigures[];
  change: ChangeGiven;
}

export interface Settlement {
  /** Each line's value in bolívares (two-decimal text), in line order. */
  amountsVes: string[];
  tendered: string;
  changeVes: string;
  /** What stayed with the office: tendered less change, in bolívares. */
  received: string;
  /** The foreign amount IGTF was charged on, in the rate's currency. */
  igtfBase: string;
  igtfCurrencyAmount: string;
  /** IGTF in bolívares. */
  igtfAmount: string;
  /** The months plus IGTF, in bolívares. */
  owed: string;
  /** The same in the rate's currency (what the cashier quotes a client paying in dollars). */
  owedForeign: string;
  /** What is left over after the months and IGTF before any change is given (the change to hand back). */
  excess: string;
  /** Missing in bolívares and in the rate's currency (rounded up to the cent), or null when covered. */
  shortfall: { ves: string; foreign: string } | null;
  /** Refusals as field → message: `tenders.N.currency`, `change.amount`, `tenders` (the cover). */
  issues: Record<string, string>;
}

const cents = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const ZERO = new Decimal(0);

/**
 * Values the lines at the payment's rate and computes the IGTF and the cover (issue 49).
 *
 * IGTF is charged on the principal the foreign-currency lines of an IGTF method pay: their total
 * less any change given back in that currency, capped at what the months cost — never on the IGTF
 * itself, on change or on bolívar lines. It is computed in the rate's currency and converted at the
 * rate, like the payment's other figures. The lines cover the payment when what they bring, less
 * the change, reaches the months plus IGTF; each conversion rounds to the cent, so a cent per
 * converted figure is forgiven.
 */
export function settleTenders(input: SettlementInput): Settlement {
  const rate = new Decimal(input.rate);
  const issues: Record<string, string> = {};
  const convertible = (currency: Currency) => currency === 'VES' || currency === input.rateCurrency;
  const toVes = (currency: Currency, amount: Decimal.Value) => (currency === 'VES' ? cents(amount) : cents(new Decimal(amount).times(rate)));
  const amountsVes = input.lines.map((line, index) => {
    const position = index + 1;
    if (line.method && line.method.currency !== line.currency)
      issues[`tenders.${index}.currency`] = tenderMessages.line(position, tenderMessages.methodCurrency(line.method.name, line.method.currency));
    else if (!convertible(line.currency)) issues[`tenders.${index}.currency`] = tenderMessages.line(position, tenderMessages.rateCurrency(line.currency, input.rateCurrency));
    return convertible(line.currency) ? toVes(line.currency, line.amount) : ZERO;
  });
  const tenderedIn = (currency: Currency) => input.lines.filter((line) => line.currency === currency).reduce((sum, line) => sum.plus(line.amount), ZERO);
  const foreignLines = input.lines.filter((line) => line.currency !== 'VES' && convertible(line.currency));
  const tendered = amountsVes.reduce((sum, value) => sum.plus(value), ZERO);

  const change = input.change && !new Decimal(input.change.amount).isZero() ? input.change : null;
  let changeVes = ZERO;
  if (change) {
    const inCurrency = tenderedIn(change.currency);
    // Bolívares can always be handed back; foreign change only from what was tendered in it.
    if (change.currency === 'VES') changeVes = toVes('VES', change.amount);
    else if (!input.lines.some((line) => line.currency === change.currency)) issues['change.currency'] = tenderMessages.changeNotTendered(change.currency);
    else if (new Decimal(change.amount).greaterThan(inCurrency)) issues['change.amount'] = tenderMessages.changeOverTendered(change.amount, inCurrency, change.currency);
    else changeVes = toVes(change.currency, change.amount);
  }

  const igtfPaid = foreignLines.filter((line) => line.method?.is_igtf ?? false).reduce((sum, line) => sum.plus(line.amount), ZERO);
  const changeInForeign = change && change.currency === input.rateCurrency ? new Decimal(change.amount) : ZERO;
  const igtfBase = input.igtfRate === null ? ZERO : Decimal.min(Decimal.max(igtfPaid.minus(changeInForeign), ZERO), new Decimal(input.dueForeign));
  const igtfCurrencyAmount = input.igtfRate === null ? ZERO : cents(igtfBase.times(input.igtfRate).dividedBy(100));
  const igtfAmount = cents(igtfCurrencyAmount.times(rate));

  const owed = cents(input.due).plus(igtfAmount);
  const excess = tendered.minus(owed);
  const received = tendered.minus(changeVes);
  const converted = foreignLines.length + (igtfAmount.isZero() ? 0 : 1) + (change && change.currency !== 'VES' ? 1 : 0);
  const tolerance = new Decimal('0.01').times(converted);
  const missing = owed.minus(received);
  const shortfall = input.lines.length > 0 && missing.greaterThan(tolerance) ? { ves: missing.toFixed(2), foreign: missing.dividedBy(rate).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2) } : null;
  if (shortfall && !changeVes.isZero() && excess.plus(tolerance).greaterThanOrEqualTo(0)) issues['change.amount'] = tenderMessages.changeOverExcess(changeVes, Decimal.max(excess, ZERO));
  else if (shortfall) issues.tenders = tenderMessages.shortfall(shortfall.ves, shortfall.foreign, input.rateCurrency);

  return {
    amountsVes: amountsVes.map((value) => value.toFixed(2)),
    tendered: tendered.toFixed(2),
    changeVes: changeVes.toFixed(2),
    received: received.toFixed(2),
    igtfBase: igtfBase.toFixed(2),
    igtfCurrencyAmount: igtfCurrencyAmount.toFixed(2),
    igtfAmount: igtfAmount.toFixed(2),
    owed: owed.toFixed(2),
    owedForeign: cents(input.dueForeign).plus(igtfCurrencyAmount).toFixed(2),
    excess: excess.toFixed(2),
    shortfall,
    issues,
  };
}

/**
 * The cover rule alone, for any check that a payment's money reaches what its months cost (an
 * approval's, issue 46): the shortfall message, or null when covered.
 */
export function coverShortfall(input: SettlementInput): string | null {
  const settled = settleTenders(input);
  return settled.shortfall ? tenderMessages.shortfall(settled.shortfall.ves, settled.shortfall.foreign, input.rateCurrency) : null;
}

/** The change to suggest in a currency: what is left over, converted at the rate to the nearest cent (the cover forgives a cent per conversion). */
export function suggestedChange(settlement: Pick<Settlement, 'excess'>, currency: Currency, rate: Decimal.Value): string {
  const excess = Decimal.max(new Decimal(settlement.excess), ZERO);
  return currency === 'VES' ? excess.toFixed(2) : excess.dividedBy(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** What one foreign line must bring to pay the months on its own: their amount plus the IGTF charged on it (the payment form's first suggestion). */
export function foreignLineToCover(dueForeign: Decimal.Value, igtfRate: string | null, isIgtf: boolean): string {
  const due = new Decimal(dueForeign);
  const igtf = igtfRate !== null && isIgtf ? cents(due.times(igtfRate).dividedBy(100)) : ZERO;
  return due.plus(igtf).toFixed(2);
}
