import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { pick } from '../../test/select-option';
import { agreementDetail } from '../../test/agreement-fixtures';
import { CLIENTS, METHODS, panelAddress } from './payment-fixtures';
import { PaymentFormPanel } from './payment-form-panel';

/** The address's current agreement: the down payment paid, installment 1 half paid ($ 10,00 left). */
const agreement = agreementDetail({ address_payment_id: 1 });

let stored: FormData | null = null;
const api = installFakeApi(async (url, init) => {
  const decoded = decodeURIComponent(url);
  if (decoded.startsWith('/api/payments/store')) {
    stored = init?.body as FormData;
    return ok({ id: 90, number_correlative: null, hash: 'h' }, 'Pago registrado');
  }
  if (decoded.startsWith('/api/payment-agreements?')) {
    expect(decoded).toContain('filters[address_payment_id]=1');
    expect(decoded).toContain('filters[status]=current');
    return ok({ data: [{ id: 5 }], current_page: 1, per_page: 1, total: 1, last_page: 1 });
  }
  if (decoded === '/api/payment-agreements/5') return ok(agreement);
  if (decoded.startsWith('/api/clients/selects/data')) return ok(CLIENTS);
  if (decoded.startsWith('/api/addresses-payment/address-select-client/')) return ok([panelAddress()]);
  if (decoded === '/api/payment-methods/selects') return ok(METHODS);
  if (decoded === '/api/banks/selects') return ok([]);
  if (decoded === '/api/correlatives/selects') return ok([{ id: 1, serie: 'A' }]);
  if (decoded.startsWith('/api/exchange-rates/current'))
    return ok({ usd: { rate: '36.45', value_date: '2026-12-01', source: 'bcv', stale: false }, eur: { rate: '40.00', value_date: '2026-12-01', source: 'bcv', stale: false } });
  if (decoded === '/api/payments/tender-settings') return ok({ igtf_rate: null, max_tender_lines: 5, invoice_printer: false });
  if (decoded.startsWith('/api/tickets-payments/selects')) return ok([]);
  return notFound();
});

/** Monto pagado as shown (the input drops a trailing zero of the cents). */
const amountShown = (panel: HTMLElement) => (within(panel).getByLabelText('Monto pagado') as HTMLInputElement).value;

describe('Nuevo pago of an agreement’s installment (issue 50)', () => {
  it('staff who read agreements may pay the next installment of the address’s current agreement instead of months', async () => {
    renderApp(<PaymentFormPanel open payment={null} onClose={vi.fn()} defaultClient={CLIENTS[0]} />, {
      session: makeSession({ permissions: ['payments', 'add_payment', 'clients'] }),
    });
    const panel = screen.getByRole('dialog', { name: 'Nuevo pago' });
    const toggle = await within(panel).findByRole('checkbox', { name: 'Pagar la cuota 1 del convenio de pago' });
    expect(within(panel).getByRole('region', { name: 'Meses de la dirección' })).toBeInTheDocument();
    await userEvent.click(toggle);
    // What installment 1 still owes, $ 10,00, at the dollar's 36,45.
    expect(await within(panel).findByText(/Se paga la cuota 1 del convenio/)).toHaveTextContent('$ 10,00 · BS 364,50');
    await waitFor(() => expect(amountShown(panel)).toMatch(/^364,50?$/));
    expect(within(panel).queryByRole('region', { name: 'Meses de la dirección' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await within(panel).findByRole('region', { name: 'Meses de la dirección' })).toBeInTheDocument();
  }, 60_000);

  it('staff without clients nor payment_agreements are not offered it (nor is the agreement asked for)', async () => {
    renderApp(<PaymentFormPanel open payment={null} onClose={vi.fn()} defaultClient={CLIENTS[0]} />, {
      session: makeSession({ permissions: ['payments', 'add_payment'] }),
    });
    const panel = screen.getByRole('dialog', { name: 'Nuevo pago' });
    await within(panel).findByRole('region', { name: 'Meses de la dirección' });
    expect(within(panel).queryByRole('checkbox', { name: /convenio/ })).not.toBeInTheDocument();
    expect(api.fetch.mock.calls.some(([url]) => String(url).includes('payment-agreements'))).toBe(false);
  }, 60_000);

  it('the client’s «Pagar» of her agreement opens on the installment and sends the agreement with no months', async () => {
    stored = null;
    const client = makeSession({ user: { client_id: 10, client: { id: 10, name: 'Luisa Mendoza' } as never, role: { id: 4, name: 'Cliente', key: 'client' } } });
    renderApp(<PaymentFormPanel open payment={null} onClose={vi.fn()} payAgreement={{ id: 5, address_payment_id: 1 }} />, { session: client });
    const panel = screen.getByRole('dialog', { name: 'Nuevo pago' });
    expect(await within(panel).findByRole('checkbox', { name: 'Pagar la cuota 1 del convenio de pago' })).toBeChecked();
    await waitFor(() => expect(amountShown(panel)).toMatch(/^364,50?$/));
    await pick(panel, 'Método de pago', 'Efectivo');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(stored).not.toBeNull());
    expect(stored!.get('payment_agreement_id')).toBe('5');
    expect(stored!.get('address_payment_id')).toBe('1');
    expect(stored!.get('type_payment_month')).toBe('1');
    expect(stored!.get('months_payment')).toBe('[]');
    expect(Number(stored!.get('amount_payment'))).toBe(364.5);
  }, 60_000);
});
