import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { agreementDetail, agreementRow, agreementSchedule } from '../../test/agreement-fixtures';
import { MyAgreements } from './my-agreements';

const row = agreementRow;
const agreement = (status: 'partial' | 'overdue') => agreementDetail({ installments: agreementSchedule(status) });

let rows = [row()];
let installment: 'partial' | 'overdue' = 'partial';
const api = installFakeApi((url) => {
  if (url.startsWith('/api/payment-agreements/5')) return ok(agreement(installment));
  if (url.startsWith('/api/payment-agreements?')) return ok({ data: rows, current_page: 1, per_page: 100, total: rows.length, last_page: 1 });
  if (url.startsWith('/api/configurations/exchange-rate')) return ok({ dollar_rate: '36.50', euro_rate: '40.00' });
  return notFound();
});

const client = makeSession({ user: { client_id: 10, client: { id: 10, name: 'Luisa Mendoza' } as never, role: { id: 4, name: 'Cliente', key: 'client' } } });

describe('Mi convenio (client home)', () => {
  it('shows the next installment with its due date, what is left of it in $ and BS at today’s rate, and «Pagar» opens the payment on it', async () => {
    rows = [row()];
    installment = 'partial';
    const onPay = vi.fn();
    renderApp(<MyAgreements onPay={onPay} />, { session: client });
    const card = (await screen.findByText('Mi convenio')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Al día')).toBeInTheDocument();
    expect(card).toHaveTextContent('Próxima: Cuota 1 de 2 · vence 02-12-2026');
    expect(await within(card).findByText('BS 365,00')).toBeInTheDocument();
    expect(within(card).getByText('$ 10,00')).toBeInTheDocument();
    expect(card).toHaveTextContent('0 de 2 cuotas pagadas');
    await userEvent.click(within(card).getByRole('button', { name: 'Pagar cuota 1 del convenio de Av. Principal, casa 4' }));
    expect(onPay).toHaveBeenCalledWith({ id: 5, address_payment_id: 2 });
  });

  it('says «Vencida» when the next installment is overdue', async () => {
    rows = [row()];
    installment = 'overdue';
    renderApp(<MyAgreements onPay={vi.fn()} />, { session: client });
    const card = (await screen.findByText('Mi convenio')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Vencida')).toBeInTheDocument();
  });

  it('shows nothing without a current agreement', async () => {
    rows = [row({ status: 'completed' })];
    renderApp(<MyAgreements onPay={vi.fn()} />, { session: client });
    // Her list was answered (the completed one), and no detail was even asked for.
    await waitFor(() => expect(api.fetch.mock.calls.some(([url]) => String(url).startsWith('/api/payment-agreements?'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText('Mi convenio')).not.toBeInTheDocument();
    expect(api.fetch.mock.calls.some(([url]) => String(url).startsWith('/api/payment-agreements/5'))).toBe(false);
  });
});
