import type { AgreementListRow, InstallmentStatus, PaymentAgreement } from '@recaudo/domain/payment-agreements';

/** The agreements the web tests show: Luisa Mendoza's, $ 50,00 with $ 10,00 down and two installments of $ 20,00. */
export const agreementRow = (overrides: Partial<AgreementListRow> = {}): AgreementListRow => ({
  id: 5,
  client_id: 10,
  client_name: 'Luisa Mendoza',
  address_payment_id: 2,
  address: 'Av. Principal, casa 4',
  status: 'current',
  debt_usd: '50.00',
  down_payment_usd: '10.00',
  paid_usd: '20.00',
  created_at: '2026-11-02T13:00:00.000Z',
  ...overrides,
});

/** The schedule: the down payment paid, installment 1 half paid ($ 10,00 left) in `first`, installment 2 pending. */
export const agreementSchedule = (first: InstallmentStatus = 'partial'): PaymentAgreement['installments'] => [
  { number: 0, due_date: '2026-11-02', amount_usd: '10.00', paid_usd: '10.00', status: 'paid' },
  { number: 1, due_date: '2026-12-02', amount_usd: '20.00', paid_usd: '10.00', status: first },
  { number: 2, due_date: '2027-01-02', amount_usd: '20.00', paid_usd: '0.00', status: 'pending' },
];

export const agreementDetail = (overrides: Partial<PaymentAgreement> = {}): PaymentAgreement => ({
  id: 5,
  address_payment_id: 2,
  client_id: 10,
  status: 'current',
  debt_usd: '50.00',
  surcharge_usd: '0.00',
  down_payment_usd: '10.00',
  paid_usd: '20.00',
  created_at: '2026-11-02T13:00:00.000Z',
  ended_at: null,
  months: [],
  installments: agreementSchedule(),
  ...overrides,
});
