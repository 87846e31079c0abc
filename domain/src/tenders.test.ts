import { describe, expect, it } from 'vitest';
import { coverShortfall, settleTenders, suggestedChange, type SettlementInput } from './tenders';

const dollars = { name: 'Efectivo dólares', currency: 'USD' as const, is_igtf: true };
const pagoMovil = { name: 'Pago móvil', currency: 'VES' as const, is_igtf: false };
/** A month of $ 7,25 at Bs 36,50 (Bs 264,63), IGTF 3 %. */
const month = (lines: SettlementInput['lines'], change: SettlementInput['change'] = null, igtfRate: string | null = '3.00'): SettlementInput => ({
  due: '264.63',
  dueForeign: '7.25',
  rate: '36.50',
  rateCurrency: 'USD',
  igtfRate,
  lines,
  change,
});

describe('settleTenders (issue 49)', () => {
  it('charges IGTF on the months a $ 10 bill pays, not on the change', () => {
    const settled = settleTenders(month([{ currency: 'USD', amount: '10.00', method: dollars }], { currency: 'USD', amount: '2.53' }));
    expect(settled).toMatchObject({ igtfBase: '7.25', igtfCurrencyAmount: '0.22', igtfAmount: '8.03', changeVes: '92.35', shortfall: null, issues: {} });
    expect(suggestedChange(settleTenders(month([{ currency: 'USD', amount: '10.00', method: dollars }])), 'USD', '36.50')).toBe('2.53');
  });

  it('charges IGTF on the foreign part only and nothing when the office does not collect it', () => {
    const lines = [
      { currency: 'USD' as const, amount: '5.00', method: dollars },
      { currency: 'VES' as const, amount: '87.61', method: pagoMovil },
    ];
    expect(settleTenders(month(lines))).toMatchObject({ igtfBase: '5.00', igtfAmount: '5.48', shortfall: null });
    expect(settleTenders(month(lines, null, null))).toMatchObject({ igtfBase: '0.00', igtfAmount: '0.00', excess: '5.48' });
  });

  it('says what is missing in both currencies', () => {
    const input = month([{ currency: 'USD', amount: '5.00', method: dollars }]);
    expect(coverShortfall(input)).toBe('Faltan BS 87,61 ($ 2,41) para cubrir el pago de los meses y el IGTF.');
    expect(coverShortfall(month([{ currency: 'USD', amount: '7.47', method: dollars }]))).toBeNull();
  });
});
