import { paymentAmounts } from '@recaudo/domain/amounts';
import { describe, expect, it } from 'vitest';
import { METHODS } from '../payment-fixtures';
import { changeCurrencies, changeSuggestion, formSettlement, mainLineSuggestion, tenderFieldName, tenderInput, usesTenders, type TenderContext } from './tender-lines';
import type { TenderFormLine } from './values';

/** One residential month of $ 12,50 at BS 36,45 per dollar: BS 455,63 due, IGTF 3 %. */
const context: TenderContext = {
  methods: METHODS,
  amounts: paymentAmounts({ type: 0, fee: '12.50', months: 1, rate: '36.45' }),
  rateId: 1,
  rate: '36.45',
  igtfRate: '3.00',
};
const TRANSFER = 1;
const MOBILE = 3;
const CASH_VES = 4;
const CASH_USD = 5;

const line = (overrides: Partial<TenderFormLine>): TenderFormLine => ({
  payment_method_id: null,
  amount: null,
  reference: '',
  bank_id: null,
  pay_phone: '',
  conciliation_id: null,
  ...overrides,
});

const values = (overrides: Partial<Parameters<typeof formSettlement>[0]> = {}): Parameters<typeof formSettlement>[0] => ({
  payment_method_id: CASH_VES,
  amount_payment: '455.63',
  reference: '',
  bank_id: null,
  extra_tenders: [],
  change_currency: 'VES',
  change_amount: null,
  ...overrides,
});

/** $ 10 in cash, and a Pago Móvil for the rest. */
const mixed = (mobile: string | null, change: Partial<ReturnType<typeof values>> = {}) =>
  values({ payment_method_id: CASH_USD, amount_payment: '10', extra_tenders: [line({ payment_method_id: MOBILE, amount: mobile, reference: '123456', bank_id: 7, pay_phone: '04141234567' })], ...change });

describe('tender form: one method stays the specification’s call', () => {
  it('a bolívar method without extra lines or change sends no lines; its amount is Monto pagado', () => {
    const plain = values({ payment_method_id: TRANSFER, reference: '000123' });
    expect(usesTenders(plain, METHODS)).toBe(false);
    expect(tenderInput(plain, METHODS, null)).toEqual({ tenders: [], change: null });
    expect(changeSuggestion(values({ amount_payment: '500.00' }), context)).toBeNull();
    expect(formSettlement(plain, context)).toMatchObject({ owed: '455.63', tendered: '455.63', shortfall: null, igtfAmount: '0.00' });
  });

  it('a dollar method alone is a line in dollars and brings the months plus its IGTF', () => {
    expect(mainLineSuggestion(context, CASH_USD)).toBe('12.88');
    expect(mainLineSuggestion(context, TRANSFER)).toBe('455.63');
    const dollars = values({ payment_method_id: CASH_USD, amount_payment: '12.88' });
    expect(usesTenders(dollars, METHODS)).toBe(true);
    expect(tenderInput(dollars, METHODS, null).tenders).toEqual([
      { payment_method_id: CASH_USD, currency: 'USD', amount: '12.88', reference: null, bank_id: null, pay_phone: null, conciliation_id: null },
    ]);
    expect(formSettlement(dollars, context)).toMatchObject({ igtfBase: '12.50', igtfCurrencyAmount: '0.38', igtfAmount: '13.85', owed: '469.48', shortfall: null });
  });
});

describe('tender form: $ 10 in cash plus a Pago Móvil', () => {
  it('while the Pago Móvil is empty the form says what is missing in bolívares and dollars, IGTF on the $ 10 only', () => {
    const settled = formSettlement(mixed(null), context)!;
    expect(settled).toMatchObject({ igtfBase: '10.00', igtfCurrencyAmount: '0.30', igtfAmount: '10.94', owed: '466.57', tendered: '364.50' });
    expect(settled.shortfall).toEqual({ ves: '102.07', foreign: '2.81' });
    expect(settled.issues.tenders).toBe('Faltan BS 102,07 ($ 2,81) para cubrir el pago de los meses y el IGTF.');
    expect(settled.amountsVes).toEqual(['364.50', '0.00']);
  });

  it('a rounder Pago Móvil leaves change, suggested in bolívares or in dollars, and sent with the lines', () => {
    const over = mixed('110.00');
    expect(changeSuggestion(over, context)).toBe('7.93');
    expect(changeSuggestion({ ...over, change_currency: 'USD' }, context)).toBe('0.22');
    expect(changeCurrencies(over, METHODS)).toEqual(['VES', 'USD']);
    const given = { ...over, change_amount: '7.93' };
    expect(formSettlement(given, context)).toMatchObject({ changeVes: '7.93', received: '466.57', shortfall: null, issues: {} });
    expect(tenderInput(given, METHODS, null)).toEqual({
      tenders: [
        { payment_method_id: CASH_USD, currency: 'USD', amount: '10', reference: null, bank_id: null, pay_phone: null, conciliation_id: null },
        { payment_method_id: MOBILE, currency: 'VES', amount: '110.00', reference: '123456', bank_id: 7, pay_phone: '04141234567', conciliation_id: null },
      ],
      change: { currency: 'VES', amount: '7.93' },
    });
  });

  it('more change than what is left over is flagged as the server would refuse it', () => {
    const settled = formSettlement({ ...mixed('110.00'), change_amount: '50.00' }, context)!;
    expect(settled.issues['change.amount']).toBe('El vuelto (BS 50,00) es mayor que lo que sobra del pago (BS 7,93).');
  });

  it('a bank validation made on line 1 travels with that line', () => {
    const validated = values({ payment_method_id: MOBILE, amount_payment: '300.00', reference: '55', bank_id: 7, extra_tenders: [line({ payment_method_id: CASH_USD, amount: '5' })] });
    expect(tenderInput(validated, METHODS, 41).tenders.map((sent) => sent.conciliation_id)).toEqual([41, null]);
  });
});

describe('tender form: where the server’s refusals land', () => {
  it('line 1 on the form’s own fields, the others on their row, the cover on Monto pagado, the change on its input', () => {
    expect(tenderFieldName('tenders.0.amount')).toEqual(['amount_payment']);
    expect(tenderFieldName('tenders.0.currency')).toEqual(['payment_method_id']);
    expect(tenderFieldName('tenders.2.reference')).toEqual(['extra_tenders', 1, 'reference']);
    expect(tenderFieldName('tenders.1.currency')).toEqual(['extra_tenders', 0, 'payment_method_id']);
    expect(tenderFieldName('tenders')).toEqual(['amount_payment']);
    expect(tenderFieldName('change.amount')).toEqual(['change_amount']);
    expect(tenderFieldName('reference')).toBeNull();
  });

  it('a euro line on a dollar-rated payment is named before saving', () => {
    const euros = { ...METHODS[0]!, id: 9, name: 'Efectivo euros', currency: 'EUR' as const, is_igtf: true };
    const settled = formSettlement(values({ extra_tenders: [line({ payment_method_id: 9, amount: '5' })] }), { ...context, methods: [...METHODS, euros] })!;
    expect(settled.issues['tenders.1.currency']).toBe('Línea 2: una línea en Euros (EUR) no se puede convertir con la tasa del pago, que es en Dólares (USD).');
  });
});
