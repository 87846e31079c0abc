import type { Amounts } from '@recaudo/domain/amounts';
import { formatMoney } from '@recaudo/domain/format-money';
import { CURRENCY_SYMBOLS, foreignLineToCover, rateCurrencyOf, settleTenders, suggestedChange, type Currency, type Settlement, type TenderFigures } from '@recaudo/domain/tenders';
import type { MethodOption } from '../../../components/select-options';
import type { PaymentInput, TenderInput } from '../api';
import { blank, methodFields, trimmed, type PaymentFormValues, type TenderFormLine } from './values';

/**
 * The tender side of the payment form (issue 49). Line 1 is the form's own method fields
 * (Método de pago, Referencia, Banco, Monto pagado in the method's currency); lines 2–5 are
 * `extra_tenders`. The form values them with the domain's `settleTenders`, the same function the
 * server runs, so the cover, IGTF and change the cashier sees are what will be stored.
 */

export interface TenderContext {
  methods: readonly MethodOption[] | undefined;
  amounts: Amounts | null;
  rateId: number | null;
  rate: string | null;
  /** The office's IGTF rate in percent, or null when it does not collect IGTF. */
  igtfRate: string | null;
}

type TenderValues = Pick<PaymentFormValues, 'payment_method_id' | 'amount_payment' | 'reference' | 'bank_id' | 'extra_tenders' | 'change_currency' | 'change_amount'>;

const methodOf = (methods: TenderContext['methods'], id: number | null | undefined) => methods?.find((row) => row.id === id);

/** A line's currency: its method's (bolívares until a method is chosen). */
export const lineCurrency = (methods: TenderContext['methods'], methodId: number | null | undefined): Currency => methodOf(methods, methodId)?.currency ?? 'VES';

const validAmount = (value: string | null | undefined): value is string => !blank(value) && /^\d+(\.\d+)?$/.test(String(value).trim());
const validRate = (rate: string | null) => validAmount(rate) && Number(rate) > 0;

/** Every line of the form with its method, main line first (blank lines included, so positions match the server's). */
export function formLines(values: TenderValues): TenderFormLine[] {
  const main: TenderFormLine = {
    payment_method_id: values.payment_method_id,
    amount: values.amount_payment,
    reference: values.reference,
    bank_id: values.bank_id,
    pay_phone: '',
    conciliation_id: null,
  };
  return [main, ...(values.extra_tenders ?? [])];
}

/** The change the cashier typed, or null when none. */
const changeOf = (values: TenderValues) =>
  validAmount(values.change_amount) && Number(values.change_amount) > 0 ? { currency: values.change_currency, amount: values.change_amount } : null;

/**
 * Whether the payment goes to the server as tender lines: extra lines, a foreign main method or
 * change given. Otherwise it is the specification's one-method call, as before issue 49.
 */
export function usesTenders(values: TenderValues, methods: TenderContext['methods']): boolean {
  return (values.extra_tenders ?? []).length > 0 || lineCurrency(methods, values.payment_method_id) !== 'VES' || changeOf(values) !== null;
}

/** The settlement of what the form holds, or null until the address, rate and amounts are known. */
export function formSettlement(values: TenderValues, context: TenderContext, withChange = true): Settlement | null {
  const { amounts, rate, rateId } = context;
  if (!amounts || !validRate(rate)) return null;
  // A line still being typed counts as zero, so `amountsVes[i]` is line i + 1's equivalent.
  const lines: TenderFigures[] = formLines(values).map((line) => {
    const method = methodOf(context.methods, line.payment_method_id);
    return {
      currency: method?.currency ?? 'VES',
      amount: validAmount(line.amount) ? line.amount.trim() : '0',
      method: method ? { name: method.name, currency: method.currency, is_igtf: method.is_igtf } : null,
    };
  });
  return settleTenders({
    due: amounts.amount_payment,
    dueForeign: amounts.dollar_amount_payment,
    rate: rate!,
    rateCurrency: rateCurrencyOf(rateId ?? 1),
    igtfRate: context.igtfRate,
    lines,
    change: withChange ? changeOf(values) : null,
  });
}

/** What a new line should bring in its currency: what is still missing, or nothing when covered. */
export function missingIn(settlement: Settlement | null, currency: Currency, rateCurrency: Currency): string | null {
  if (!settlement?.shortfall) return null;
  if (currency === 'VES') return settlement.shortfall.ves;
  return currency === rateCurrency ? settlement.shortfall.foreign : null;
}

/** What the main line should bring on its own in its currency: the months, plus IGTF on a foreign line of an IGTF method. */
export function mainLineSuggestion(context: TenderContext, methodId: number | null): string | null {
  const { amounts } = context;
  if (!amounts || !validRate(context.rate)) return null;
  const method = methodOf(context.methods, methodId);
  const currency = method?.currency ?? 'VES';
  if (currency === 'VES') return amounts.amount_payment;
  if (currency !== rateCurrencyOf(context.rateId ?? 1)) return null;
  return foreignLineToCover(amounts.dollar_amount_payment, context.igtfRate, method!.is_igtf);
}

/**
 * The change to hand back in `currency` when the lines bring more than is owed (nothing given yet).
 * Only for a payment in lines or in foreign currency: a one-method bolívar payment stays as before
 * issue 49 (the cashier may still type its change).
 */
export function changeSuggestion(values: TenderValues, context: TenderContext): string | null {
  if (!usesTenders({ ...values, change_amount: null }, context.methods)) return null;
  const settled = formSettlement(values, context, false);
  if (!settled || Number(settled.excess) <= 0 || !validRate(context.rate)) return null;
  return suggestedChange(settled, values.change_currency, context.rate!);
}

/** "$ 10,00" / "BS 1.234,56": an amount in a line's currency. */
export const moneyIn = (value: string | null | undefined, currency: Currency) => formatMoney(value ?? 0, CURRENCY_SYMBOLS[currency]);

/** The currencies change may be given in: bolívares always, and each foreign currency a line was paid in. */
export function changeCurrencies(values: TenderValues, methods: TenderContext['methods']): Currency[] {
  const paid = formLines(values).map((line) => lineCurrency(methods, line.payment_method_id));
  return ['VES', ...(['USD', 'EUR'] as const).filter((currency) => paid.includes(currency))];
}

/** The lines and change as `payments/store` takes them; none for the one-method call. */
export function tenderInput(
  values: TenderValues,
  methods: TenderContext['methods'],
  mainConciliationId: number | null,
): Required<Pick<PaymentInput, 'tenders' | 'change'>> {
  if (!usesTenders(values, methods)) return { tenders: [], change: null };
  const tenders: TenderInput[] = formLines(values).map((line, index) => {
    const method = methodOf(methods, line.payment_method_id);
    const shown = methodFields(method);
    return {
      payment_method_id: line.payment_method_id,
      currency: method?.currency ?? 'VES',
      amount: line.amount ?? '',
      reference: shown.reference ? trimmed(line.reference) : null,
      bank_id: shown.bank ? line.bank_id : null,
      pay_phone: trimmed(line.pay_phone),
      conciliation_id: index === 0 ? mainConciliationId : line.conciliation_id,
    };
  });
  return { tenders, change: changeOf(values) };
}

/**
 * Where a server's 422 on a line lands on the form: line 1 on the form's own method fields, the
 * others on their row of `extra_tenders`; the cover on `amount_payment`, the change on its input.
 */
export function tenderFieldName(name: string): (string | number)[] | null {
  const line = /^tenders\.(\d+)\.(\w+)$/.exec(name);
  if (line) {
    const index = Number(line[1]);
    const field = line[2]!;
    if (index > 0) return ['extra_tenders', index - 1, field === 'currency' ? 'payment_method_id' : field];
    const main: Record<string, string> = { payment_method_id: 'payment_method_id', currency: 'payment_method_id', amount: 'amount_payment', reference: 'reference', bank_id: 'bank_id' };
    return [main[field] ?? 'amount_payment'];
  }
  if (name === 'tenders') return ['amount_payment'];
  if (name === 'change.amount' || name === 'change.currency' || name === 'change') return ['change_amount'];
  return null;
}
