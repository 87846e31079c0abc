import type { StatementAgreement } from '@recaudo/domain/payment-agreements';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { AgreementLines } from './agreement-lines';

const agreement: StatementAgreement = {
  id: 5,
  status: 'current',
  debt_usd: '50.00',
  down_payment_usd: '10.00',
  paid_usd: '20.00',
  installments: [
    { number: 0, due_date: '2026-11-02', amount_usd: '10.00', paid_usd: '10.00', status: 'paid' },
    { number: 1, due_date: '2026-12-02', amount_usd: '20.00', paid_usd: '10.00', status: 'overdue' },
    { number: 2, due_date: '2027-01-02', amount_usd: '20.00', paid_usd: '0.00', status: 'pending' },
  ],
};

describe('the statement’s agreement section (issue 50)', () => {
  it('names the agreement’s state and what was paid of its debt, and lists every installment with its due date, amount and state', () => {
    renderApp(<AgreementLines address="Calle 9" agreement={agreement} />);
    const section = screen.getByRole('region', { name: 'Convenio de pago de Calle 9' });
    expect(section).toHaveTextContent('Convenio de pago (Vigente): pagado $ 20,00 de $ 50,00');
    const lines = within(section).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Cuota inicialvence 02-11-2026$ 10,00 de $ 10,00Pagada',
      'Cuota 1vence 02-12-2026$ 10,00 de $ 20,00Vencida',
      'Cuota 2vence 02-01-2027$ 0,00 de $ 20,00Por pagar',
    ]);
  });

  it('shows nothing for an address without an agreement', () => {
    renderApp(<AgreementLines address="Calle 9" agreement={null} />);
    expect(screen.queryByRole('region', { name: /Convenio de pago/ })).not.toBeInTheDocument();
  });
});
