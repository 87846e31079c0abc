import { describe, expect, it } from 'vitest';
import { bankAnswerFields, bankMessages, bankPhone, formatBankAmount, formatBankTime, movementRangeIssue, originBankText, parseBankAmount } from './bank-operations';

describe('parseBankAmount', () => {
  it('reads the Venezuelan format of the movements', () => {
    expect(parseBankAmount('1.825,00')).toBe('1825.00');
    expect(parseBankAmount('217.947.805,89')).toBe('217947805.89');
    expect(parseBankAmount('-36.960,41')).toBe('-36960.41');
    expect(parseBankAmount('0,5')).toBe('0.50');
  });
  it('reads the dot-decimal format of the test manual and of getMovement', () => {
    expect(parseBankAmount('1.0')).toBe('1.00');
    expect(parseBankAmount('-0.13')).toBe('-0.13');
    expect(parseBankAmount('120.00')).toBe('120.00');
    expect(parseBankAmount(150)).toBe('150.00');
  });
  it('refuses what is no amount', () => {
    expect(parseBankAmount('')).toBeNull();
    expect(parseBankAmount('abc')).toBeNull();
    expect(parseBankAmount('1,2,3')).toBeNull();
    expect(parseBankAmount(null)).toBeNull();
  });
  it('writes amounts back as the bank does', () => {
    expect(formatBankAmount('1825')).toBe('1.825,00');
    expect(formatBankAmount('-5.4')).toBe('-5,40');
    expect(formatBankAmount('217947805.89')).toBe('217.947.805,89');
  });
});

describe('bank formats', () => {
  it('shows HHmm as a time and phones in the bank format', () => {
    expect(formatBankTime('1032')).toBe('10:32 am');
    expect(formatBankTime('1705')).toBe('05:05 pm');
    expect(formatBankTime('')).toBe('');
    expect(bankPhone('4121234567')).toBe('04121234567');
  });

  it('keeps the movements search within one month back and today', () => {
    const today = '2026-11-25';
    expect(movementRangeIssue(undefined, '25/11/2026', today)).toBe(bankMessages.rangeRequired);
    expect(movementRangeIssue('2026-11-01', '25/11/2026', today)).toBe(bankMessages.rangeRequired);
    expect(movementRangeIssue('20/11/2026', '26/11/2026', today)).toBe(bankMessages.rangeFuture);
    expect(movementRangeIssue('24/10/2026', '25/11/2026', today)).toBe(bankMessages.rangeTooOld);
    expect(movementRangeIssue('22/11/2026', '20/11/2026', today)).toBe(bankMessages.rangeInverted);
    expect(movementRangeIssue('25/10/2026', '25/11/2026', today)).toBeNull();
  });
});

describe('a conciliation for a person: bank names and the bank\'s answer as labelled fields', () => {
  it('writes the origin bank with its name when Bancos knows the code', () => {
    expect(originBankText({ origin_bank: '0102', origin_bank_name: 'Banco de Venezuela' })).toBe('0102 · Banco de Venezuela');
    expect(originBankText({ origin_bank: '0999', origin_bank_name: null })).toBe('0999');
    expect(originBankText({ origin_bank: '', origin_bank_name: null })).toBe('VACIO');
  });

  it('lays out a BDV answer, a connection failure and a text answer as Spanish label and value', () => {
    const success = { http_status: 200, body: { code: 1000, message: 'Monto: 120.00 - estatus: Transacción realizada', data: { status: '1000', amount: '120.00', reason: 'Transacción realizada', referencia: '12345678' }, status: 200 } };
    expect(bankAnswerFields(success)).toEqual([
      { label: 'Estado HTTP', value: '200' },
      { label: 'Código del banco', value: '1000' },
      { label: 'Mensaje del banco', value: 'Monto: 120.00 - estatus: Transacción realizada' },
      { label: 'Estatus', value: '1000' },
      { label: 'Monto', value: '120.00' },
      { label: 'Motivo', value: 'Transacción realizada' },
      { label: 'Referencia', value: '12345678' },
    ]);
    expect(bankAnswerFields({ http_status: 200, body: { code: 1010, message: 'Registro solicitado no existe', data: null } })).toEqual([
      { label: 'Estado HTTP', value: '200' },
      { label: 'Código del banco', value: '1010' },
      { label: 'Mensaje del banco', value: 'Registro solicitado no existe' },
    ]);
    expect(bankAnswerFields({ error: 'timeout', detail: 'aborted' })).toEqual([
      { label: 'Error de conexión', value: 'Tiempo de espera agotado' },
      { label: 'Detalle', value: 'aborted' },
    ]);
    expect(bankAnswerFields({ http_status: 502, body: '<html>Bad gateway</html>' })).toEqual([
      { label: 'Estado HTTP', value: '502' },
      { label: 'Respuesta', value: '<html>Bad gateway</html>' },
    ]);
    expect(bankAnswerFields(null)).toEqual([]);
  });
});
