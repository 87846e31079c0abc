import { describe, expect, it } from 'vitest';
import { datedRateOf, rateLabel } from './exchange-rates';

describe('rateLabel (issue 47: what receipts, invoices, statements and the client home print)', () => {
  it('names the BCV rate to the cent, Venezuelan style, with its value date DD-MM-YYYY', () => {
    expect(rateLabel('245.67140000', '2026-12-01', 'bcv')).toBe('Tasa BCV 245,67 del 01-12-2026');
    expect(rateLabel('1245.675', '2026-11-27', 'bcv')).toBe('Tasa BCV 1.245,68 del 27-11-2026');
  });

  it('says a manual rate is manual, with its value date when it has one', () => {
    expect(rateLabel('40.00', '2026-12-01', 'manual')).toBe('Tasa manual 40,00 del 01-12-2026');
    expect(rateLabel('40.1', null, 'manual')).toBe('Tasa manual 40,10');
  });

  it('claims no source for a rate of none known (a payment older than the history)', () => {
    expect(rateLabel('36.55', null, null)).toBe('Tasa de cambio 36,55');
  });
});

describe('datedRateOf', () => {
  it('takes the rate in force to the cent, half up, keeping its value date and source; none is 0.00', () => {
    expect(datedRateOf({ rate: '245.67500000', value_date: '2026-12-01', source: 'bcv', stale: false })).toEqual({ rate: '245.68', value_date: '2026-12-01', source: 'bcv' });
    expect(datedRateOf(null)).toEqual({ rate: '0.00', value_date: null, source: null });
  });
});
