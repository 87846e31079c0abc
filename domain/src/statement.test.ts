import { describe, expect, it } from 'vitest';
import { addressListQuerySchema } from './addresses';
import { addressStatement, agingBucket, agingCardTotal, invalidAgingMessage, sumDebts, type AddressStatementInput } from './statement';

const MID_MARCH_2026 = new Date('2026-03-15T16:00:00Z');
// 00:30 UTC on 1 January 2027 is still 31 December 2026 in Caracas.
const NEW_YEARS_EVE_IN_CARACAS = new Date('2027-01-01T00:30:00Z');
const RATE = '36.5000';

const address = (overrides: Partial<AddressStatementInput> = {}): AddressStatementInput => ({
  address_payment_id: 1,
  address: 'Calle 3, casa 12',
  type: 0,
  fee: '12.50',
  start_month: '2026-01',
  opening_paid_through: null,
  coverage: [],
  ...overrides,
});
const paid = (month: string, id = 5, pending = false) => ({ month, payment_id: id, pending, payment: { id, number: `A-0000000${id}`, date_payment: '2026-02-01' } });
const marked = (month: string) => ({ month, payment_id: null, pending: false, payment: null });

describe('agingBucket', () => {
  it('puts months owed in 1-3, 4-6, 7-12 and 13+, and nothing owed in none', () => {
    expect([0, 1, 3, 4, 6, 7, 12, 13, 40].map(agingBucket)).toEqual([null, '1-3', '1-3', '4-6', '4-6', '7-12', '7-12', '13+', '13+']);
  });
});

describe('addressStatement', () => {
  it('a new address owes its start month through the current one, in $ and in BS', () => {
    const statement = addressStatement(address(), RATE, MID_MARCH_2026);
    expect(statement.months.map((entry) => [entry.month, entry.state, entry.fee])).toEqual([
      ['2026-01', 'owed', '12.50'],
      ['2026-02', 'owed', '12.50'],
      ['2026-03', 'owed', '12.50'],
    ]);
    expect(statement).toMatchObject({ months_owed: 3, owed_usd: '37.50', owed_bs: '1368.75', oldest_owed: '2026-01', solvent_to_date: null, aging: '1-3' });
  });

  it('an address starting this month owes that month only; one starting ahead owes nothing', () => {
    expect(addressStatement(address({ start_month: '2026-03' }), RATE, MID_MARCH_2026)).toMatchObject({ months_owed: 1, oldest_owed: '2026-03' });
    const ahead = addressStatement(address({ start_month: '2026-05' }), RATE, MID_MARCH_2026);
    expect(ahead).toMatchObject({ months: [], months_owed: 0, owed_usd: '0.00', owed_bs: '0.00', oldest_owed: null, aging: null });
  });

  it('lists months paid ahead after the current month and owes nothing', () => {
    const statement = addressStatement(address({ coverage: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'].map((month) => paid(month)) }), RATE, MID_MARCH_2026);
    expect(statement.months.map((entry) => entry.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
    expect(statement.months.every((entry) => entry.state === 'paid' && entry.payment?.number === 'A-00000005')).toBe(true);
    expect(statement).toMatchObject({ months_owed: 0, oldest_owed: null, solvent_to_date: '2026-05', aging: null });
  });

  it('a month the credit balance completed is "Pagado con abonos", and the balance comes with its movements (issue 50)', () => {
    const movements = [
      { date: '2026-02-01T14:00:00.000Z', kind: 'credit' as const, amount_usd: '15.00', payment_id: 8, month: null },
      { date: '2026-02-01T14:00:00.000Z', kind: 'month' as const, amount_usd: '-12.50', payment_id: 8, month: '2026-01' },
    ];
    const statement = addressStatement(
      address({ coverage: [{ month: '2026-01', payment_id: null, pending: false, from_balance: true, payment: null }], balance: { balance_usd: '2.50', movements } }),
      RATE,
      MID_MARCH_2026,
    );
    expect(statement.months[0]).toEqual({ month: '2026-01', fee: '12.50', state: 'balance', payment: null });
    expect(statement).toMatchObject({ months_owed: 2, solvent_to_date: '2026-01', balance_usd: '2.50', balance_movements: movements });
    expect(addressStatement(address(), RATE, MID_MARCH_2026)).toMatchObject({ balance_usd: '0.00', balance_movements: [] });
  });

  it('a month marked by hand is covered without a payment; a gap is still owed', () => {
    const statement = addressStatement(address({ coverage: [marked('2026-01'), paid('2026-03')] }), RATE, MID_MARCH_2026);
    expect(statement.months.map((entry) => [entry.month, entry.state, entry.payment?.id ?? null])).toEqual([
      ['2026-01', 'marked', null],
      ['2026-02', 'owed', null],
      ['2026-03', 'paid', 5],
    ]);
    expect(statement).toMatchObject({ months_owed: 1, oldest_owed: '2026-02', solvent_to_date: '2026-01', owed_usd: '12.50', owed_bs: '456.25' });
  });

  it('a month of a payment Procesando is waiting, not owed', () => {
    const statement = addressStatement(address({ coverage: [paid('2026-01'), paid('2026-02', 9, true)] }), RATE, MID_MARCH_2026);
    expect(statement.months.map((entry) => entry.state)).toEqual(['paid', 'pending', 'owed']);
    expect(statement).toMatchObject({ months_owed: 1, oldest_owed: '2026-03' });
  });

  it('crosses the year boundary in Caracas time, and a covered month before the start is listed', () => {
    const statement = addressStatement(address({ start_month: '2025-11', coverage: [paid('2025-10')] }), RATE, NEW_YEARS_EVE_IN_CARACAS);
    expect(statement.months.map((entry) => entry.month)).toEqual(['2025-10', '2025-11', '2025-12', ...Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`)]);
    expect(statement.months[0]!.state).toBe('paid');
    expect(statement).toMatchObject({ months_owed: 14, oldest_owed: '2025-11', aging: '13+', owed_usd: '175.00', owed_bs: '6387.50' });
  });

  it('an address without a fee owes its months at zero', () => {
    expect(addressStatement(address({ fee: null }), RATE, MID_MARCH_2026)).toMatchObject({ months_owed: 3, owed_usd: '0.00', owed_bs: '0.00' });
  });
});

describe('sumDebts', () => {
  it('adds the addresses and groups them by bucket, decimal to the cent', () => {
    const totals = sumDebts([
      { months_owed: 2, owed_usd: '0.10', owed_bs: '3.65', aging: '1-3' },
      { months_owed: 1, owed_usd: '0.20', owed_bs: '7.30', aging: '1-3' },
      { months_owed: 13, owed_usd: '162.50', owed_bs: '5931.25', aging: '13+' },
      { months_owed: 0, owed_usd: '0.00', owed_bs: '0.00', aging: null },
    ]);
    expect(totals).toEqual({
      months_owed: 16,
      owed_usd: '162.80',
      owed_bs: '5942.20',
      aging: {
        '1-3': { addresses: 2, owed_usd: '0.30', owed_bs: '10.95' },
        '4-6': { addresses: 0, owed_usd: '0.00', owed_bs: '0.00' },
        '7-12': { addresses: 0, owed_usd: '0.00', owed_bs: '0.00' },
        '13+': { addresses: 1, owed_usd: '162.50', owed_bs: '5931.25' },
      },
    });
  });
});

describe('agingCardTotal', () => {
  it('adds the buckets to the cent, addresses included', () => {
    expect(
      agingCardTotal([
        { bucket: '1-3', addresses: 1200, owed_usd: '9000.00', owed_bs: '364500.00', surcharge_usd: '12.40' },
        { bucket: '4-6', addresses: 0, owed_usd: '0.00', owed_bs: '0.00', surcharge_usd: '0.00' },
        { bucket: '7-12', addresses: 3, owed_usd: '145.10', owed_bs: '5872.55', surcharge_usd: '3.05' },
        { bucket: '13+', addresses: 2, owed_usd: '87.69', owed_bs: '3551.45', surcharge_usd: '0.00' },
      ]),
    ).toEqual({ addresses: 1205, owed_usd: '9232.79', owed_bs: '373924.00', surcharge_usd: '15.45' });
    expect(agingCardTotal([])).toEqual({ addresses: 0, owed_usd: '0.00', owed_bs: '0.00', surcharge_usd: '0.00' });
  });
});

describe('addressListQuerySchema filters[aging]', () => {
  it('takes a bucket or nothing, and refuses any other value with the Spanish message', () => {
    for (const aging of ['1-3', '4-6', '7-12', '13+', '', undefined]) expect(addressListQuerySchema.safeParse({ filters: { aging } }).success).toBe(true);
    for (const aging of ['13', '0-0', ['1-3']]) {
      const parsed = addressListQuerySchema.safeParse({ filters: { aging } });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ['filters', 'aging'], message: invalidAgingMessage });
    }
  });
});

describe('an opening balance (issue 48)', () => {
  it('is one "Saldo inicial" line for the month it covers to; the months after it are owed and nothing before it', () => {
    const statement = addressStatement(address({ start_month: '2026-01', opening_paid_through: '2025-12' }), RATE, MID_MARCH_2026);
    expect(statement.months.map((entry) => [entry.month, entry.state])).toEqual([
      ['2025-12', 'opening'],
      ['2026-01', 'owed'],
      ['2026-02', 'owed'],
      ['2026-03', 'owed'],
    ]);
    expect(statement.months_owed).toBe(3);
    expect(statement.solvent_to_date).toBe('2025-12');
    expect(statement.oldest_owed).toBe('2026-01');
  });
});
