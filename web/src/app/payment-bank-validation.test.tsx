import { bankMessages } from '@recaudo/domain/bank-operations';
import { todayInCaracas } from '@recaudo/domain/dates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaymentFormPanel } from '../features/payments/payment-form-panel';
import { paymentPanelTexts } from '../features/payments/payment-form/values';
import { CLIENTS, METHODS, panelAddress } from '../features/payments/payment-fixtures';
import { installFakeApi, notFound, ok } from '../test/fake-api';
import { makeSession, renderApp } from '../test/render';
import { paymentShortcuts } from './payments-route';

const conciliation = { id: 41, success: true, reference: '12345678', amount: '182.25' };
const api = installFakeApi((url) => {
  const decoded = decodeURIComponent(url);
  if (decoded.startsWith('/api/clients/selects/data')) return ok(CLIENTS);
  if (decoded === '/api/addresses-payment/address-select-client/10') return ok([panelAddress()]);
  if (decoded === '/api/payment-methods/selects') return ok(METHODS);
  if (decoded === '/api/banks/selects') return ok([{ id: 7, name: 'Banesco', code: '0134' }]);
  if (decoded === '/api/correlatives/selects') return ok([{ id: 1, serie: 'A' }]);
  if (decoded === '/api/configurations/exchange-rate') return ok({ dollar_rate: '36.45', euro_rate: '40.00' });
  if (decoded.startsWith('/api/exchange-rates/current')) return ok({ usd: { rate: '36.45', value_date: '2026-12-01', source: 'bcv', stale: false }, eur: { rate: '40.00', value_date: '2026-12-01', source: 'bcv', stale: false } });
  if (decoded.startsWith('/api/tickets-payments/selects')) return ok([]);
  if (decoded === '/api/bank-operations/validate-payment') return ok(conciliation, bankMessages.validated);
  if (decoded === '/api/payments/store') return ok({ id: 9, number_correlative: '00000101', hash: 'h' }, 'Pago registrado');
  return notFound();
});

async function pick(panel: HTMLElement, label: string, option: string) {
  await userEvent.click(within(panel).getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (element) => element.getAttribute('title') === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(item);
}

describe('payment panel with the bank validation modal', () => {
  it('validates a pago móvil with the bank and saves the payment verified, without leaving the panel', async () => {
    const onClose = vi.fn();
    renderApp(<PaymentFormPanel open payment={null} onClose={onClose} {...paymentShortcuts} />, {
      session: makeSession({ permissions: ['payments', 'add_payment', 'edit_payment'], user: { correlative_id: 1 } }),
    });
    const panel = screen.getByRole('dialog', { name: 'Nuevo pago' });
    await pick(panel, 'Cliente', 'Luisa Mendoza (V-12345678)');
    await pick(panel, 'Dirección de pago', 'Calle 3, casa 12 (Residencial)');
    await pick(panel, 'Método de pago', 'Pago móvil');
    await userEvent.type(within(panel).getByLabelText('Referencia'), '12345678');
    await pick(panel, 'Banco de origen', '0134 - Banesco');
    await pick(panel, 'Serie', 'A');
    await userEvent.type(within(panel).getByLabelText('Nº de control'), '00001234');
    await userEvent.type(within(panel).getByLabelText('Nº de chequera'), '55');

    await userEvent.click(within(panel).getByRole('button', { name: /Validar pago con BDV/ }));
    const modal = await waitFor(() => screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes('Antes de validar'))!);
    expect(modal).toBeDefined();
    // It opens with what the cashier typed in the panel: the reference and the origin bank.
    expect(within(modal).getByText('Referencia').closest('tr')).toHaveTextContent('12345678');
    expect(within(modal).getByText('Banco de origen').closest('tr')).toHaveTextContent('0134 - Banesco');
    await userEvent.click(within(modal).getByRole('radio', { name: '+58 (414)-1234567' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Validar pago' }));

    await waitFor(() => expect(api.fetch.mock.calls.some(([url]) => String(url) === '/api/payments/store')).toBe(true));
    const validation = JSON.parse(api.fetch.mock.calls.find(([url]) => String(url) === '/api/bank-operations/validate-payment')![1]!.body as string);
    expect(validation).toMatchObject({ client_id: 10, payment_method_id: 3, reference: '12345678', origin_bank: '0134', pay_phone: '4141234567' });
    const form = Object.fromEntries((api.fetch.mock.calls.find(([url]) => String(url) === '/api/payments/store')![1]!.body as FormData).entries());
    expect(form).toMatchObject({ bdv_verified: '1', conciliation_id: '41', send_invoice: '1', checkbook_number: '', date_bill: todayInCaracas() });
    expect(form.number ?? '').toBe('');
    expect(api.success).toHaveBeenCalledWith(bankMessages.validated);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText('Antes de validar')).not.toBeInTheDocument();
  }, 120_000);

  it('a client validates her own pago móvil: the payment is approved at once and its receipt is offered', async () => {
    const onClose = vi.fn();
    renderApp(<PaymentFormPanel open payment={null} onClose={onClose} payAddressId={1} {...paymentShortcuts} />, {
      session: makeSession({ user: { client_id: 10, client: { id: 10, name: 'Luisa Mendoza' } as never, role: { id: 4, name: 'Cliente', key: 'client' } } }),
    });
    const panel = screen.getByRole('dialog', { name: 'Nuevo pago' });
    await pick(panel, 'Método de pago', 'Pago móvil');
    // Issue 51: the info box says a validated Pago Móvil is approved at once; the button waits for the fields it needs.
    expect(within(panel).getByText(paymentPanelTexts.clientStatusBdv)).toBeInTheDocument();
    const validate = within(panel).getByRole('button', { name: /Validar pago con BDV/ });
    expect(validate).toBeDisabled();
    await userEvent.type(within(panel).getByLabelText('Referencia'), '12345678');
    expect(validate).toBeDisabled();
    await pick(panel, 'Banco de origen', '0134 - Banesco');
    await waitFor(() => expect(validate).toBeEnabled());
    await userEvent.click(validate);
    const modal = await waitFor(() => screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes('Antes de validar'))!);
    // Her only phone is chosen already.
    expect(within(modal).getByRole('radio', { name: '+58 (414)-1234567' })).toBeChecked();
    await userEvent.click(within(modal).getByRole('button', { name: 'Validar pago' }));

    expect(await within(panel).findByText('Pago aprobado')).toBeInTheDocument();
    expect(within(panel).getByText('Recibo N° 00000101. Te enviamos el recibo a tu correo.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Descargar recibo' })).toBeInTheDocument();
    const form = Object.fromEntries((api.fetch.mock.calls.findLast(([url]) => String(url) === '/api/payments/store')![1]!.body as FormData).entries());
    expect(form).toMatchObject({ client_id: '10', address_payment_id: '1', conciliation_id: '41', bdv_verified: '1' });
    expect(onClose).not.toHaveBeenCalled();
    // Done: no second Guardar under the receipt, only Cerrar.
    expect(within(panel).queryByRole('button', { name: 'Guardar' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  }, 120_000);
});
