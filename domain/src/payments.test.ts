import { describe, expect, it } from 'vitest';
import { balanceMessages } from './balance';
import { canChangeStatus, paymentFieldsSchema, paymentMessages, paymentRuleIssues } from './payments';

const form = {
  client_id: '3',
  address_payment_id: '8',
  status: '1',
  payment_method_id: '1',
  date_payment: '2026-01-15',
  exchange_rate: '36.45',
  amount_payment: '1366.95',
  serie_id: '2',
  number: '00012345',
  type_payment_month: '1',
  months_payment: '["2025-12","2026-01"]',
  send_invoice: '0',
};

describe('payment form', () => {
  it('reads the multipart fields, months from JSON', () => {
    const parsed = paymentFieldsSchema.parse(form);
    expect(parsed).toMatchObject({ client_id: 3, status: 1, months_payment: ['2025-12', '2026-01'], send_invoice: false, exchange_rate: '36.45', date_bill: null });
    expect(paymentRuleIssues(parsed, { type: 4, usesBankApi: false })).toEqual({});
  });

  it('asks the method-specific fields and the 8-digit control number unless an invoice is sent; no months is an abono (issue 50), not a missing field', () => {
    const parsed = paymentFieldsSchema.parse({ ...form, number: '123', months_payment: '[]', serie_id: '' });
    expect(paymentRuleIssues(parsed, { type: 1, usesBankApi: true })).toEqual({
      reference: paymentMessages.referenceRequired,
      bank_id: paymentMessages.bankRequired,
      serie_id: paymentMessages.serieRequired,
      number: paymentMessages.controlNumber,
    });
    const abono = paymentFieldsSchema.parse({ ...form, months_payment: '[]' });
    expect(paymentRuleIssues(abono, { type: 4, usesBankApi: false })).toEqual({});
    expect(paymentRuleIssues({ ...abono, send_invoice: true }, { type: 4, usesBankApi: false })).toEqual({ send_invoice: balanceMessages.abonoWithoutInvoice });
    const card = paymentFieldsSchema.parse({ ...form, send_invoice: '1', number: '' });
    expect(paymentRuleIssues(card, { type: 2, usesBankApi: false })).toEqual({ terminal: paymentMessages.terminalRequired, lot_number: paymentMessages.lotRequired });
  });

  it('refuses payment dates in the future and bad months', () => {
    const result = paymentFieldsSchema.safeParse({ ...form, date_payment: '2999-01-01', months_payment: '["2026-13"]' });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields.date_payment).toBe('El campo Fecha de pago debe ser una fecha anterior o igual a hoy.');
    expect(fields.months_payment).toBe('El campo Meses es inválido.');
  });

  it('names the digital invoice switch and the control number as the form labels them (issue 46)', () => {
    const result = paymentFieldsSchema.safeParse({ ...form, send_invoice: 'quizás', number: '1'.repeat(21) });
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields.send_invoice).toBe('El campo Enviar factura digital debe ser verdadero o falso.');
    expect(fields.number).toBe('El campo Nº de control no debe ser mayor que 20 caracteres.');
  });
});

describe('rate and amount paid', () => {
  it('must be above zero: 0, -0.00 and negatives are refused with the Laravel-worded message', () => {
    const issues = (overrides: Record<string, string>) =>
      paymentFieldsSchema.safeParse({ ...form, ...overrides }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    for (const value of ['0', '0.00', '-0.00', '-1']) {
      expect(issues({ exchange_rate: value }), value).toEqual([['exchange_rate', 'El campo Tasa de cambio debe ser mayor que 0.']]);
      expect(issues({ amount_payment: value }), value).toEqual([['amount_payment', 'El campo Monto pagado debe ser mayor que 0.']]);
    }
    expect(paymentFieldsSchema.parse({ ...form, exchange_rate: '0.01', amount_payment: '0.01' })).toMatchObject({ exchange_rate: '0.01', amount_payment: '0.01' });
  });
});

describe('status transitions', () => {
  it('allow 0 → 1/2, 1 → 2, 2 → 1 only', () => {
    expect([canChangeStatus(0, 1), canChangeStatus(0, 2), canChangeStatus(1, 2), canChangeStatus(2, 1)]).toEqual([true, true, true, true]);
    expect([canChangeStatus(1, 0), canChangeStatus(2, 0), canChangeStatus(1, 1)]).toEqual([false, false, false]);
  });
});
