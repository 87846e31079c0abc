import { describe, expect, it } from 'vitest';
import { debtTotal, paymentAmounts } from './amounts';

describe('paymentAmounts', () => {
  it('residential: fee × months × rate for both amounts, no VAT', () => {
    // 12.50 $ × 3 = 37.50 $; × 36.4521 BS = 1366.95375 → 1366.95
    expect(paymentAmounts({ type: 0, fee: '12.50', months: 3, rate: '36.4521' })).toEqual({
      tax_base: '37.50',
      iva: '0.00',
      retention: '0.00',
      dollar_amount_bill: '37.50',
      dollar_amount_payment: '37.50',
      amount_bill: '1366.95',
      amount_payment: '1366.95',
    });
  });

  it('residential ignores a retention request', () => {
    expect(paymentAmounts({ type: 0, fee: '5', months: 2, rate: '40', applyRetention: true }).amount_payment).toBe('400.00');
  });

  it('commercial without retention: base, 16 % VAT, total × rate (dollar rate)', () => {
    // base 18.50 × 2 = 37.00; VAT 5.92; total 42.92; × 36.45 = 1564.434 → 1564.43
    expect(paymentAmounts({ type: 1, fee: '18.50', months: 2, rate: '36.45' })).toEqual({
      tax_base: '37.00',
      iva: '5.92',
      retention: '0.00',
      dollar_amount_bill: '42.92',
      dollar_amount_payment: '42.92',
      amount_bill: '1564.43',
      amount_payment: '1564.43',
    });
  });

  it('commercial with retention: 75 % of the VAT withheld from the amount paid, not from the bill (euro rate)', () => {
    // base 25.00 × 3 = 75.00; VAT 12.00; retention 9.00; total 87.00; paid 78.00
    // × 39.8765 € rate: bill 3469.2555 → 3469.26; paid 3110.367 → 3110.37
    expect(paymentAmounts({ type: 1, fee: '25.00', months: 3, rate: '39.8765', applyRetention: true })).toEqual({
      tax_base: '75.00',
      iva: '12.00',
      retention: '9.00',
      dollar_amount_bill: '87.00',
      dollar_amount_payment: '78.00',
      amount_bill: '3469.26',
      amount_payment: '3110.37',
    });
  });

  it('rounds each step at the cent, half up', () => {
    // base 33.33 × 1; VAT 5.3328 → 5.33; retention 3.9975 → 4.00; total 38.66; paid 34.66
    // × 1.005: bill 38.8533 → 38.85; paid 34.8333 → 34.83
    expect(paymentAmounts({ type: 1, fee: '33.33', months: 1, rate: '1.005', applyRetention: true })).toMatchObject({
      iva: '5.33',
      retention: '4.00',
      dollar_amount_bill: '38.66',
      dollar_amount_payment: '34.66',
      amount_bill: '38.85',
      amount_payment: '34.83',
    });
    // 0.125 → 0.13 (half up), never the binary-float 0.12
    expect(paymentAmounts({ type: 0, fee: '0.125', months: 1, rate: '1' }).amount_payment).toBe('0.13');
    expect(paymentAmounts({ type: 0, fee: '0.1', months: 3, rate: '1' }).amount_payment).toBe('0.30');
  });

  it('zero months is zero', () => {
    expect(paymentAmounts({ type: 1, fee: '10', months: 0, rate: '40', applyRetention: true }).amount_bill).toBe('0.00');
  });
});

describe('debtTotal', () => {
  it('is months to pay × fee × rate in bolivars', () => {
    expect(debtTotal(4, '7.50', '36.4521')).toBe('1093.56');
    expect(debtTotal(0, '7.50', '36.4521')).toBe('0.00');
  });
});
