import type { AddressRow } from '@recaudo/domain/addresses';
import { monthName } from '@recaudo/domain/months';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { pick } from '../../test/select-option';
import { CLIENTS, METHODS, ago, panelAddress } from './payment-fixtures';
import { PaymentFormPanel } from './payment-form-panel';

/** The late-payment surcharge in the payment panel (issue 50): a line of its own in the amounts, and the waiver for waive_late_fee. */
const SURCHARGES: Record<string, string> = { [ago(3)]: '1.00', [ago(2)]: '0.50' };
const owing: AddressRow = (() => {
  const address = panelAddress({ start: 3 });
  return {
    ...address,
    payments: address.payments.map((year) => ({
      ...year,
      months: year.months.map((entry) => (SURCHARGES[entry.month] ? { ...entry, surcharge_usd: SURCHARGES[entry.month] } : entry)),
    })),
  };
})();

const api = installFakeApi((url) => {
  const decoded = decodeURIComponent(url);
  if (decoded.startsWith('/api/clients/selects/data')) return ok(CLIENTS);
  if (decoded.startsWith('/api/addresses-payment/address-select-client/')) return ok([owing]);
  if (decoded === '/api/payment-methods/selects') return ok(METHODS);
  if (decoded === '/api/banks/selects') return ok([]);
  if (decoded === '/api/correlatives/selects') return ok([{ id: 1, serie: 'A' }]);
  if (decoded.startsWith('/api/exchange-rates/current'))
    return ok({
      usd: { rate: '40.00', value_date: '2026-12-01', source: 'bcv', stale: false },
      eur: { rate: '44.00', value_date: '2026-12-01', source: 'bcv', stale: false },
    });
  if (decoded === '/api/payments/tender-settings') return ok({ igtf_rate: null, max_tender_lines: 5, invoice_printer: false });
  if (decoded.startsWith('/api/tickets-payments/selects')) return ok([]);
  if (decoded === '/api/payments/store') return ok({ id: 9, number_correlative: null, hash: 'h' }, 'Pago registrado');
  return notFound();
});

const STAFF = ['payments', 'add_payment', 'edit_payment'];

/** The panel on the address's whole debt (4 months of $ 12,50, two of them late), as "Pagar" opens it. */
function open(permissions: string[]) {
  renderApp(<PaymentFormPanel open payment={null} onClose={vi.fn()} defaultClient={CLIENTS[0]!} payAddressId={owing.id} />, {
    session: makeSession({ permissions }),
  });
  return screen.getByRole('dialog', { name: 'Nuevo pago' });
}

const summaryOf = (panel: HTMLElement) => within(panel).findByRole('region', { name: 'Resumen de montos' });

describe('Payment panel: the late-payment surcharge (issue 50)', () => {
  it('shows the months’ surcharge as a line of its own and charges it in the base; no waiver without waive_late_fee', async () => {
    const panel = open(STAFF);
    const summary = await summaryOf(panel);
    await waitFor(() => expect(summary).toHaveTextContent('Recargo por mora$ 1,50'));
    const calendar = within(panel).getByRole('region', { name: 'Meses de la dirección' });
    expect(within(calendar).getByRole('button', { name: new RegExp(`^${monthName(ago(3))}: `) })).toHaveAccessibleDescription('Recargo por mora $ 1,00');
    // 4 × $ 12,50 + $ 1,50 at 40,00.
    expect(summary).toHaveTextContent('Monto a pagar$ 51,50 · BS 2.060,00');
    // The whole debt it offers is what it charges: the months and their surcharge.
    expect(within(panel).getByRole('checkbox', { name: 'Pagar deuda total (4 meses y recargo por mora: BS 2.060,00)' })).toBeChecked();
    expect(within(panel).queryByLabelText(/Recargo por mora exonerado/)).not.toBeVisible();
  }, 60_000);

  it('lets a user with waive_late_fee waive part of it, asks the reason, and sends both', async () => {
    const panel = open([...STAFF, 'waive_late_fee']);
    const summary = await summaryOf(panel);
    await waitFor(() => expect(summary).toHaveTextContent('Recargo por mora$ 1,50'));
    await pick(panel, 'Método de pago', 'Efectivo');
    await pick(panel, 'Serie', 'A');
    await userEvent.type(within(panel).getByLabelText('Nº de control'), '00012345');
    await userEvent.type(within(panel).getByLabelText('Recargo por mora exonerado (hasta $ 1,50)'), '1');
    await waitFor(() => expect(summary).toHaveTextContent('Recargo por mora exonerado$ -1,00'));
    expect(summary).toHaveTextContent('Monto a pagar$ 50,50 · BS 2.020,00');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('Indica el motivo de la exoneración del recargo por mora.')).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText('Motivo de la exoneración'), 'Cliente de la tercera edad');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Pago registrado'));
    const [, init] = api.fetch.mock.calls.find(([url]) => String(url) === '/api/payments/store')!;
    expect(Object.fromEntries((init!.body as FormData).entries())).toMatchObject({
      surcharge_waived_usd: '1',
      surcharge_waiver_reason: 'Cliente de la tercera edad',
      tax_base: '50.50',
      amount_payment: '2020.00',
    });
  }, 60_000);
});
