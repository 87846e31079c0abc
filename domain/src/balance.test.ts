import { describe, expect, it } from 'vitest';
import { balanceInBolivars, balanceMessages, creditTowardMonth, monthPrice, paymentCredit } from './balance';

describe('credit balance arithmetic (issue 50)', () => {
  it('prices a month as a payment charges it: the fee, plus 16 % VAT when commercial', () => {
    expect(monthPrice(0, '5.00')).toBe('5.00');
    expect(monthPrice(1, '20.00')).toBe('23.20');
    expect(monthPrice(1, '7.33')).toBe('8.50');
    expect(monthPrice(0, null)).toBeNull();
  });

  it('credits what a payment brings beyond its months, less IGTF, at its own rate to the cent half-up', () => {
    expect(paymentCredit({ amount_payment: '109.50', igtf_amount: '0.00', exchange_rate: '36.50', dollar_amount_payment: '0.00' })).toBe('3.00');
    expect(paymentCredit({ amount_payment: '40.20', igtf_amount: '0.00', exchange_rate: '40.00', dollar_amount_payment: '0.00' })).toBe('1.01');
    expect(paymentCredit({ amount_payment: '401.50', igtf_amount: '0.00', exchange_rate: '36.50', dollar_amount_payment: '5.00' })).toBe('6.00');
    // IGTF is a tax collected with the payment, never credit: $ 10 brought, $ 0,30 of it IGTF, $ 7,25 of months.
    expect(paymentCredit({ amount_payment: '365.00', igtf_amount: '10.95', exchange_rate: '36.50', dollar_amount_payment: '7.25' })).toBe('2.45');
    // A few cents short of the months (a transfer's cents) draws nothing from the balance.
    expect(paymentCredit({ amount_payment: '182.40', igtf_amount: '0.00', exchange_rate: '36.50', dollar_amount_payment: '5.00' })).toBe('0.00');
  });

  it('counts the balance toward the oldest month up to its price, and shows it in bolívares at today’s rate', () => {
    expect(creditTowardMonth('3.00', '5.00')).toBe('3.00');
    expect(creditTowardMonth('7.00', '5.00')).toBe('5.00');
    expect(creditTowardMonth('0.00', '5.00')).toBeNull();
    expect(creditTowardMonth('3.00', null)).toBeNull();
    expect(balanceInBolivars('4.23', '36.50')).toBe('154.40');
    expect(balanceMessages.partial('3.00', '5.00')).toBe('abonado $ 3,00 de $ 5,00');
  });
});
