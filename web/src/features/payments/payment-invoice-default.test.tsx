import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { CLIENTS, METHODS, panelAddress, paymentRow } from './payment-fixtures';
import { PaymentFormPanel } from './payment-form-panel';

/** "Enviar factura digital" starts on for a new payment when the office issues with a printer (issue 51). */
let printer = true;

const api = installFakeApi((url) => {
  const decoded = decodeURIComponent(url);
  if (decoded.startsWith('/api/clients/selects/data')) return ok(CLIENTS);
  if (decoded.startsWith('/api/addresses-payment/address-select-client/')) return ok([panelAddress()]);
  if (decoded === '/api/payment-methods/selects') return ok(METHODS);
  if (decoded === '/api/banks/selects') return ok([]);
  if (decoded === '/api/correlatives/selects') return ok([{ id: 1, serie: 'A' }]);
  if (decoded.startsWith('/api/exchange-rates/current'))
    return ok({ usd: { rate: '36.45', value_date: '2026-12-01', source: 'bcv', stale: false }, eur: { rate: '40.00', value_date: '2026-12-01', source: 'bcv', stale: false } });
  if (decoded === '/api/payments/tender-settings') return ok({ igtf_rate: null, max_tender_lines: 5, invoice_printer: printer });
  if (decoded.startsWith('/api/tickets-payments/selects')) return ok([]);
  return notFound();
});

function open(payment: PaymentRow | null) {
  renderApp(<PaymentFormPanel open payment={payment} onClose={vi.fn()} />, { session: makeSession({ permissions: ['payments', 'add_payment', 'edit_payment'] }) });
  const panel = screen.getByRole('dialog', { name: payment ? 'Editar pago' : 'Nuevo pago' });
  return {
    panel,
    toggle: () => within(panel).getByRole('switch', { name: 'Enviar factura digital' }),
    control: () => within(panel).getByLabelText('Nº de control'),
  };
}

/** Waits until the settings' answer has been read and the panel rendered with it. */
async function settingsAnswered() {
  const asked = () => api.fetch.mock.calls.findIndex(([url]) => String(url) === '/api/payments/tender-settings');
  await waitFor(() => expect(asked()).toBeGreaterThanOrEqual(0));
  await api.fetch.mock.results[asked()]!.value;
  // The JSON body, the query's update and the effect each take a turn of the event loop.
  for (let turn = 0; turn < 3; turn++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('Nuevo pago: the digital invoice by default (issue 51)', () => {
  it('a new payment starts with the digital invoice on when the office has a printer, and the cashier can turn it off', async () => {
    printer = true;
    const { toggle, control } = open(null);
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(control()).toBeDisabled();
    expect(control()).toHaveAttribute('placeholder', 'Lo asigna la factura digital');
    await userEvent.click(toggle());
    expect(toggle()).not.toBeChecked();
    expect(control()).toBeEnabled();
  }, 60_000);

  it('without a printer a new payment starts with it off and the control number to type', async () => {
    printer = false;
    const { toggle, control } = open(null);
    await settingsAnswered();
    // The answer is rendered before the switch is judged: the control field is there and enabled.
    await waitFor(() => expect(control()).toBeEnabled());
    expect(toggle()).not.toBeChecked();
  }, 60_000);

  it('an edited payment keeps what it was saved with, printer or not', async () => {
    printer = true;
    const { toggle } = open(paymentRow({ send_invoice: false, number: '20260001', address_payment_id: 1 }));
    await settingsAnswered();
    expect(toggle()).not.toBeChecked();
  }, 60_000);
});
