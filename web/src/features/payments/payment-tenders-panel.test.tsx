import type { AddressRow } from '@recaudo/domain/addresses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { pick } from '../../test/select-option';
import { CLIENTS, METHODS, panelAddress } from './payment-fixtures';
import { PaymentFormPanel } from './payment-form-panel';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const addresses: Record<string, AddressRow[]> = { '10': [panelAddress()] };
let storeAnswer: () => Response = () => ok({ id: 9, number_correlative: '00000101', hash: 'h' }, 'Pago registrado');

const api = installFakeApi((url) => {
  const decoded = decodeURIComponent(url);
  if (decoded.startsWith('/api/clients/selects/data')) return ok(CLIENTS);
  const address = /^\/api\/addresses-payment\/address-select-client\/(\d+)$/.exec(decoded);
  if (address) return ok(addresses[address[1]!] ?? []);
  if (decoded === '/api/payment-methods/selects') return ok(METHODS);
  if (decoded === '/api/banks/selects') return ok([{ id: 7, name: 'Banco de Venezuela', code: '0102' }]);
  if (decoded === '/api/correlatives/selects') return ok([{ id: 1, serie: 'A' }]);
  if (decoded.startsWith('/api/exchange-rates/current'))
    return ok({ usd: { rate: '36.45', value_date: '2026-12-01', source: 'bcv', stale: false }, eur: { rate: '40.00', value_date: '2026-12-01', source: 'bcv', stale: false } });
  if (decoded === '/api/payments/tender-settings') return ok({ igtf_rate: '3.00', max_tender_lines: 5 });
  if (decoded.startsWith('/api/tickets-payments/selects')) return ok([]);
  if (decoded.startsWith('/api/payments/reference-in-use')) return ok({ in_use: false, message: null });
  if (decoded === '/api/payments/store') return storeAnswer();
  return notFound();
});

const STAFF = ['payments', 'add_payment', 'edit_payment'];
const stores = () => api.fetch.mock.calls.filter(([url]) => String(url) === '/api/payments/store');
const lastForm = () => Object.fromEntries((stores().at(-1)![1]!.body as FormData).entries());

/** A staff panel on Luisa Mendoza's address: one month of $ 12,50 at BS 36,45 (BS 455,63), IGTF 3 %. */
async function openPanel() {
  renderApp(<PaymentFormPanel open payment={null} onClose={vi.fn()} />, { session: makeSession({ permissions: STAFF }) });
  const panel = screen.getByRole('dialog', { name: 'Nuevo pago' });
  await pick(panel, 'Cliente', 'Luisa Mendoza (V-12345678)');
  await pick(panel, 'Dirección de pago', 'Calle 3, casa 12 (Residencial)');
  await within(panel).findByRole('region', { name: 'Resumen del cobro' });
  await pick(panel, 'Serie', 'A');
  await userEvent.type(within(panel).getByLabelText('Nº de control'), '20260001');
  return panel;
}

const cover = (panel: HTMLElement) => within(panel).getByRole('region', { name: 'Resumen del cobro' });

/** $ 10 in cash on line 1 and a Pago Móvil on line 2 (filled with what is missing). */
async function dollarsAndMobile(panel: HTMLElement) {
  await pick(panel, 'Método de pago', 'Efectivo dólares ($)');
  const amount = within(panel).getByLabelText('Monto pagado');
  await waitFor(() => expect(amount).toHaveValue('12,88'));
  await userEvent.clear(amount);
  await userEvent.type(amount, '10');
  await userEvent.click(within(panel).getByRole('button', { name: /Agregar línea de cobro/ }));
  const line = within(panel).getByRole('region', { name: 'Línea de cobro 2' });
  await pick(line, 'Método de pago', 'Pago móvil');
  return line;
}

describe('Payment panel: tender lines (issue 49)', () => {
  it('without extra lines a bolívar payment is sent as before: one method, Monto pagado, no lines nor change', async () => {
    const panel = await openPanel();
    await pick(panel, 'Método de pago', 'Efectivo');
    await waitFor(() => expect(within(panel).getByLabelText('Monto pagado')).toHaveValue('455,63'));
    expect(cover(panel)).toHaveTextContent(/Total a pagar \(meses \+ IGTF\)\s*BS 455,63 · \$ 12,50/);
    expect(cover(panel)).toHaveTextContent(/IGTF \(3,00 % sobre \$ 0,00\)\s*BS 0,00/);
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(stores()).toHaveLength(1));
    const sent = lastForm();
    expect(sent).toMatchObject({ payment_method_id: '4', amount_payment: '455.63' });
    expect(Object.keys(sent).filter((key) => key.startsWith('tenders') || key.startsWith('change'))).toEqual([]);
  }, 90_000);

  it('$ 10 in cash plus a Pago Móvil: the cover shows IGTF on the $ 10 and what is missing, the new line brings it, the rest is change in bolívares', async () => {
    const panel = await openPanel();
    const line = await dollarsAndMobile(panel);
    expect(within(panel).getByText('Equivale a BS 364,50')).toBeInTheDocument();
    // The Pago Móvil line was filled with what was missing.
    expect(within(line).getByLabelText('Monto (BS)')).toHaveValue('102,07');
    expect(cover(panel)).toHaveTextContent(/IGTF \(3,00 % sobre \$ 10,00\)\s*BS 10,94 · \$ 0,30/);
    expect(cover(panel)).toHaveTextContent(/Total a pagar \(meses \+ IGTF\)\s*BS 466,57 · \$ 12,80/);
    expect(cover(panel)).toHaveTextContent(/Cubierto completo/);

    await userEvent.clear(within(line).getByLabelText('Monto (BS)'));
    await userEvent.type(within(line).getByLabelText('Monto (BS)'), '50');
    expect(cover(panel)).toHaveTextContent(/Falta\s*BS 52,07 · \$ 1,43/);
    await userEvent.clear(within(line).getByLabelText('Monto (BS)'));
    await userEvent.type(within(line).getByLabelText('Monto (BS)'), '110');
    expect(cover(panel)).toHaveTextContent(/Sobra \(vuelto\)\s*BS 7,93/);
    await waitFor(() => expect(within(cover(panel)).getByLabelText('Vuelto entregado')).toHaveValue('7,93'));

    await userEvent.type(within(line).getByLabelText('Referencia'), '123456');
    await pick(line, 'Banco de origen', '0102 - Banco de Venezuela');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(stores()).toHaveLength(1));
    expect(lastForm()).toMatchObject({
      amount_payment: '',
      'tenders[0][payment_method_id]': '5',
      'tenders[0][currency]': 'USD',
      'tenders[0][amount]': '10',
      'tenders[1][payment_method_id]': '3',
      'tenders[1][currency]': 'VES',
      'tenders[1][amount]': '110',
      'tenders[1][reference]': '123456',
      'tenders[1][bank_id]': '7',
      'change[currency]': 'VES',
      'change[amount]': '7.93',
    });
  }, 90_000);

  it('the change may be given in dollars, suggested at the rate', async () => {
    const panel = await openPanel();
    const line = await dollarsAndMobile(panel);
    await userEvent.clear(within(line).getByLabelText('Monto (BS)'));
    await userEvent.type(within(line).getByLabelText('Monto (BS)'), '110');
    await pick(cover(panel), 'Vuelto en', 'Dólares');
    await waitFor(() => expect(within(cover(panel)).getByLabelText('Vuelto entregado')).toHaveValue('0,22'));
  }, 90_000);

  it('a line must name its method and amount; a server refusal naming line 2 is shown on that line', async () => {
    const panel = await openPanel();
    await pick(panel, 'Método de pago', 'Efectivo dólares ($)');
    await userEvent.click(within(panel).getByRole('button', { name: /Agregar línea de cobro/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    const line = within(panel).getByRole('region', { name: 'Línea de cobro 2' });
    expect(await within(line).findByText('Línea 2: elige el método de pago.')).toBeInTheDocument();
    expect(stores()).toHaveLength(0);

    await pick(line, 'Método de pago', 'Zelle ($)');
    await userEvent.type(within(line).getByLabelText('Monto ($)'), '1');
    await userEvent.type(within(line).getByLabelText('Referencia'), 'ZL-1');
    const refusal = 'Línea 2: la referencia ya fue usada en otro pago.';
    storeAnswer = () => json(422, { success: false, message: refusal, errors: { 'tenders.1.reference': [refusal] } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(line).findByText(refusal)).toBeInTheDocument();
    storeAnswer = () => ok({ id: 9, number_correlative: '00000101', hash: 'h' }, 'Pago registrado');
  }, 90_000);

  it('takes at most five lines', async () => {
    const panel = await openPanel();
    const add = within(panel).getByRole('button', { name: /Agregar línea de cobro/ });
    for (let added = 0; added < 4; added++) await userEvent.click(add);
    expect(within(panel).getAllByRole('region', { name: /^Línea de cobro \d$/ })).toHaveLength(4);
    expect(add).toBeDisabled();
    expect(within(panel).getByText('Máximo 5 líneas por pago.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Quitar la línea 5' }));
    expect(add).toBeEnabled();
  }, 90_000);
});
