import type { AddressRow } from '@recaudo/domain/addresses';
import { monthName, type Month } from '@recaudo/domain/months';
import { INVOICE_STATED_FIELDS, invoiceLockMessage, type InvoiceStatedField } from '@recaudo/domain/invoices';
import { paymentMessages } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { pick } from '../../test/select-option';
import { CLIENTS, METHODS, ago, commercialAddress, panelAddress, paymentRow } from './payment-fixtures';
import { PaymentFormPanel } from './payment-form-panel';
import { abonoText } from './payment-form/months-section';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

let addresses: Record<string, AddressRow[]> = {};
let rates = { dollar_rate: '36.45', euro_rate: '40.00' };
let storeAnswer: () => Response = () => ok({ id: 9, number_correlative: '00000101', hash: 'h' }, 'Pago registrado');
let referenceAnswer: { in_use: boolean; message: string | null } = { in_use: false, message: null };

const api = installFakeApi((url) => {
  const decoded = decodeURIComponent(url);
  if (decoded.startsWith('/api/clients/selects/data')) {
    const search = /search=([^&]*)/.exec(decoded)?.[1]?.toLowerCase() ?? '';
    return ok(CLIENTS.filter((client) => !search || client.name.toLowerCase().includes(search)));
  }
  const address = /^\/api\/addresses-payment\/address-select-client\/(\d+)$/.exec(decoded);
  if (address) return ok(addresses[address[1]!] ?? []);
  if (decoded === '/api/payment-methods/selects') return ok(METHODS);
  if (decoded === '/api/banks/selects') return ok([{ id: 7, name: 'Banco de Venezuela', code: '0102' }]);
  if (decoded === '/api/correlatives/selects')
    return ok([
      { id: 1, serie: 'A' },
      { id: 2, serie: 'B' },
    ]);
  if (decoded === '/api/configurations/exchange-rate') return ok(rates);
  if (decoded.startsWith('/api/exchange-rates/current')) return ok({ usd: { rate: rates.dollar_rate, value_date: '2026-12-01', source: 'bcv', stale: false }, eur: { rate: rates.euro_rate, value_date: '2026-12-01', source: 'bcv', stale: false } });
  if (decoded.startsWith('/api/tickets-payments/selects'))
    return ok([{ id: 4, name: 'Talonario azul', color: '#1677ff', status: true, validity_date: '2099-12-31' }]);
  if (decoded === '/api/payments/store' || decoded === '/api/payments/update') return storeAnswer();
  if (decoded.startsWith('/api/payments/reference-in-use')) return ok(referenceAnswer);
  if (decoded === '/api/clients/update-contact-info') return ok(null, 'Datos de contacto actualizados');
  return notFound();
});

const STAFF = ['payments', 'add_payment', 'edit_payment', 'add_client', 'edit_client', 'add_address_payment'];
const CLIENT_USER = {
  type: 'client' as const,
  client_id: 10,
  client: { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', type: 0 },
  role: { id: 4, name: 'Cliente', key: 'client' },
};

function open(payment: PaymentRow | null = null, user: NonNullable<Parameters<typeof makeSession>[0]>['user'] = {}) {
  const onClose = vi.fn();
  renderApp(<PaymentFormPanel open payment={payment} onClose={onClose} />, { session: makeSession({ permissions: user.client_id ? [] : STAFF, user }) });
  return { onClose, panel: screen.getByRole('dialog', { name: payment ? 'Editar pago' : 'Nuevo pago' }) };
}

/** The text a select shows as its value ('' when empty). */
function shown(panel: HTMLElement, label: string) {
  const content = within(panel).getByLabelText(label).closest('.ant-select')!.querySelector('.ant-select-content')!;
  return content.classList.contains('ant-select-content-has-value') ? (content.textContent ?? '') : '';
}

/** Clicks a month of the calendar, first opening its year's tab. */
async function toggleMonth(panel: HTMLElement, month: Month) {
  const calendar = within(panel).getByRole('region', { name: 'Meses de la dirección' });
  await userEvent.click(within(calendar).getByRole('tab', { name: month.slice(0, 4) }));
  await userEvent.click(within(calendar).getByRole('button', { name: new RegExp(`^${monthName(month)}: `) }));
}

const save = (panel: HTMLElement) => userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
const stores = () => api.fetch.mock.calls.filter(([url]) => /\/api\/payments\/(store|update)$/.test(String(url)));
const lastForm = () => Object.fromEntries((stores().at(-1)![1]!.body as FormData).entries());

/** A staff panel with the client and address chosen. */
async function withAddress(clientLabel: string, addressLabel: string, user = {}) {
  const opened = open(null, user);
  await pick(opened.panel, 'Cliente', clientLabel);
  await pick(opened.panel, 'Dirección de pago', addressLabel);
  return opened;
}

describe('Payment panel: defaults and method rules (spec 02 §4, §5)', () => {
  it('a staff payment starts Procesando with today’s dates', async () => {
    const { panel } = open();
    expect(shown(panel, 'Estatus')).toBe('Procesando');
    expect(within(panel).getByLabelText('Fecha de pago')).not.toHaveValue('');
    expect(within(panel).getByLabelText('Dirección de pago').closest('.ant-select')).toHaveClass('ant-select-disabled');
  }, 90_000);

  it('from a client’s detail a new staff payment starts on that client and loads its addresses', async () => {
    addresses = { '20': [panelAddress()] };
    renderApp(<PaymentFormPanel open payment={null} onClose={vi.fn()} defaultClient={CLIENTS[1]} />, { session: makeSession({ permissions: STAFF }) });
    const panel = screen.getByRole('dialog', { name: 'Nuevo pago' });
    expect(shown(panel, 'Cliente')).toBe('Panadería La Esquina (J-301234567)');
    expect(shown(panel, 'Estatus')).toBe('Procesando');
    await waitFor(() => expect(api.fetch.mock.calls.some(([url]) => String(url) === '/api/addresses-payment/address-select-client/20')).toBe(true));
  }, 90_000);

  it('a client user’s panel has no client, status nor billing fields: the payment is Procesando', async () => {
    addresses = { '10': [panelAddress()] };
    const client = open(null, CLIENT_USER).panel;
    expect(within(client).queryByLabelText('Estatus')).not.toBeInTheDocument();
    expect(within(client).queryByLabelText('Cliente')).not.toBeInTheDocument();
    expect(within(client).queryByLabelText('Serie')).not.toBeInTheDocument();
    expect(within(client).queryByLabelText('Nº de control')).not.toBeInTheDocument();
    expect(within(client).getByText('Tu pago quedará en estado Procesando hasta que el personal lo apruebe.')).toBeInTheDocument();
  }, 90_000);

  it('a transfer asks the reference (bank optional); a card terminal asks terminal and lot', async () => {
    addresses = { '10': [panelAddress()] };
    const { panel } = await withAddress('Luisa Mendoza (V-12345678)', 'Calle 3, casa 12 (Residencial)');
    await pick(panel, 'Método de pago', 'Transferencia');
    expect(within(panel).getByLabelText('Banco de origen')).toBeInTheDocument();
    await save(panel);
    expect(await within(panel).findByText('El campo Referencia es obligatorio.')).toBeInTheDocument();
    expect(within(panel).queryByText('El campo Banco de origen es obligatorio.')).not.toBeInTheDocument();

    await pick(panel, 'Método de pago', 'Punto de venta');
    expect(within(panel).queryByLabelText('Referencia')).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Banco de origen')).not.toBeInTheDocument();
    await save(panel);
    expect(await within(panel).findByText('El campo Terminal es obligatorio.')).toBeInTheDocument();
    expect(await within(panel).findByText('El campo Lote es obligatorio.')).toBeInTheDocument();

    expect(stores()).toHaveLength(0);
  }, 90_000);

  it('a bank-API mobile payment asks the reference and the origin bank; cash asks none of the method fields', async () => {
    addresses = { '10': [panelAddress()] };
    const { panel } = await withAddress('Luisa Mendoza (V-12345678)', 'Calle 3, casa 12 (Residencial)');
    await pick(panel, 'Método de pago', 'Pago móvil');
    await save(panel);
    expect(await within(panel).findByText('El campo Banco de origen es obligatorio.')).toBeInTheDocument();
    expect(await within(panel).findByText('El campo Referencia es obligatorio.')).toBeInTheDocument();
    // Without the bank area's modal handed in (app/payments-route.tsx) the panel offers no validation.
    expect(within(panel).queryByRole('button', { name: /Validar pago con BDV/ })).not.toBeInTheDocument();

    await pick(panel, 'Método de pago', 'Efectivo');
    for (const label of ['Referencia', 'Terminal', 'Lote', 'Banco de origen']) expect(within(panel).queryByLabelText(label)).not.toBeInTheDocument();
    expect(stores()).toHaveLength(0);
  }, 90_000);

  it('the control number needs exactly 8 digits unless the digital invoice is sent; the series is required', async () => {
    addresses = { '10': [panelAddress()] };
    const { panel } = await withAddress('Luisa Mendoza (V-12345678)', 'Calle 3, casa 12 (Residencial)');
    await userEvent.type(within(panel).getByLabelText('Nº de control'), '1234567');
    await save(panel);
    expect(await within(panel).findByText('El campo Nº de control debe tener exactamente 8 dígitos.')).toBeInTheDocument();
    expect(await within(panel).findByText('El campo Serie es obligatorio.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('switch', { name: 'Enviar factura digital' }));
    await waitFor(() => expect(within(panel).queryByText('El campo Nº de control debe tener exactamente 8 dígitos.')).not.toBeInTheDocument());
    expect(within(panel).getByLabelText('Nº de control')).toBeDisabled();
    expect(within(panel).getByLabelText('Nº de control')).toHaveValue('');
  }, 90_000);
});

describe('Payment panel: months (spec 02 §4 month type, Month calendar)', () => {
  it('"Otros meses" without a month is an abono (issue 50); the calendar starts at the year of the earliest unpaid month', async () => {
    addresses = { '10': [panelAddress({ start: 14, paid: Array.from({ length: 11 }, (_, index) => ago(14 - index)) })] };
    const { panel } = await withAddress('Luisa Mendoza (V-12345678)', 'Calle 3, casa 12 (Residencial)');
    const calendar = within(panel).getByRole('region', { name: 'Meses de la dirección' });
    // The first unpaid month is three months back: no tab before its year.
    const years = within(calendar)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(years[0]).toBe(ago(3).slice(0, 4));
    expect(within(panel).getByText(/Se paga el mes/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByText('Otros meses'));
    expect(within(panel).getByText(abonoText)).toBeInTheDocument();
    await toggleMonth(panel, ago(3));
    await waitFor(() => expect(within(panel).queryByText(abonoText)).not.toBeInTheDocument());
    expect(within(panel).getByText(`Meses seleccionados: ${ago(3).slice(5)}-${ago(3).slice(0, 4)}`)).toBeInTheDocument();
  }, 90_000);

  it('says beside "Mes actual" that earlier months are owed, and keeps the current month as the default', async () => {
    addresses = { '10': [panelAddress({ start: 3, paid: [ago(2)] })] };
    const { panel } = await withAddress('Luisa Mendoza (V-12345678)', 'Calle 3, casa 12 (Residencial)');
    expect(within(panel).getByRole('radio', { name: 'Mes actual' })).toBeChecked();
    const label = (month: Month) => `${month.slice(5)}-${month.slice(0, 4)}`;
    expect(within(panel).getByRole('status')).toHaveTextContent(
      `La dirección debe también 2 meses anteriores, desde ${label(ago(3))}: elige «Otros meses» o «Pagar deuda total» para cobrarlos.`,
    );
    await userEvent.click(within(panel).getByRole('radio', { name: 'Otros meses' }));
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
  }, 90_000);

  it('says nothing of earlier months when only the current one is owed', async () => {
    addresses = { '10': [panelAddress({ start: 1, paid: [ago(1)] })] };
    const { panel } = await withAddress('Luisa Mendoza (V-12345678)', 'Calle 3, casa 12 (Residencial)');
    expect(within(panel).getByRole('radio', { name: 'Mes actual' })).toBeChecked();
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
  }, 90_000);

  it('"Pagar deuda total" says what the debt comes to, picks every unpaid month, forces "Otros meses" and locks the selector', async () => {
    addresses = { '10': [panelAddress({ start: 3, paid: [ago(2)] })] };
    const { panel } = await withAddress('Luisa Mendoza (V-12345678)', 'Calle 3, casa 12 (Residencial)');
    // Spec 02 §9 debt total: months owed × fee × today's rate of the chosen currency, 3 × 12.50 × 36.45.
    const debt = await within(panel).findByRole('checkbox', { name: 'Pagar deuda total (3 meses: BS 1.366,88)' });
    await pick(panel, 'Tasa de cambio', 'Euro: BS 40,00');
    expect(await within(panel).findByRole('checkbox', { name: 'Pagar deuda total (3 meses: BS 1.500,00)' })).toBe(debt);
    await pick(panel, 'Tasa de cambio', 'Dólar: BS 36,45');
    await userEvent.click(debt);
    const label = (month: Month) => `${month.slice(5)}-${month.slice(0, 4)}`;
    expect(within(panel).getByText(`Meses seleccionados: ${[ago(3), ago(1), ago(0)].map(label).join(', ')}`)).toBeInTheDocument();
    expect(within(panel).getByRole('radio', { name: 'Otros meses' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Otros meses' })).toBeDisabled();
    expect(within(panel).getByRole('radio', { name: 'Mes actual' })).toBeDisabled();
    // Residential: fee × months × rate, 12.50 × 3 × 36.45.
    expect(within(panel).getByRole('region', { name: 'Resumen de montos' })).toHaveTextContent('Monto a pagar$ 37,50 · BS 1.366,88');
  }, 90_000);
});

describe('Payment panel: months paid oldest first (issue 51)', () => {
  const label = (month: Month) => `${month.slice(5)}-${month.slice(0, 4)}`;
  const tile = (panel: HTMLElement, month: Month) =>
    within(within(panel).getByRole('region', { name: 'Meses de la dirección' })).getByRole('button', { name: new RegExp(`^${monthName(month)}: `) });

  it('a client’s pick takes every older owed month, a drop lets go of every newer one, and unticking the whole debt clears it', async () => {
    addresses = { '10': [panelAddress({ start: 3, paid: [ago(2)] })] };
    const { panel } = open(null, CLIENT_USER);
    await pick(panel, 'Dirección de pago', 'Calle 3, casa 12 (Residencial)');
    await waitFor(() => expect(within(panel).getByRole('radio', { name: 'Otros meses' })).toBeChecked());
    expect(within(panel).getByRole('radio', { name: 'Mes actual' })).toBeDisabled();
    expect(within(panel).getByRole('status')).toHaveTextContent(`La dirección debe desde ${label(ago(3))}: los meses se pagan del más antiguo al más reciente.`);
    expect(tile(panel, ago(1))).toHaveTextContent('Pagar');

    await toggleMonth(panel, ago(1));
    expect(within(panel).getByText(`Meses seleccionados: ${[ago(3), ago(1)].map(label).join(', ')}`)).toBeInTheDocument();
    expect(tile(panel, ago(1))).toHaveTextContent('Quitar');
    expect(tile(panel, ago(0))).toHaveTextContent('Pagar');
    await toggleMonth(panel, ago(0));
    await toggleMonth(panel, ago(3));
    expect(within(panel).getByText('Meses seleccionados: ninguno')).toBeInTheDocument();

    const debt = within(panel).getByRole('checkbox', { name: /^Pagar deuda total/ });
    await userEvent.click(debt);
    expect(within(panel).getByText(`Meses seleccionados: ${[ago(3), ago(1), ago(0)].map(label).join(', ')}`)).toBeInTheDocument();
    await userEvent.click(debt);
    expect(within(panel).getByText('Meses seleccionados: ninguno')).toBeInTheDocument();
  }, 120_000);

  it('staff may leave an older month owed, and are told which', async () => {
    addresses = { '10': [panelAddress({ start: 3, paid: [ago(2)] })] };
    const { panel } = await withAddress('Luisa Mendoza (V-12345678)', 'Calle 3, casa 12 (Residencial)');
    await userEvent.click(within(panel).getByRole('radio', { name: 'Otros meses' }));
    await toggleMonth(panel, ago(0));
    expect(within(panel).getByText(`Meses seleccionados: ${label(ago(0))}`)).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent(`Quedan por pagar los meses anteriores ${[ago(3), ago(1)].map(label).join(', ')}.`);
    await toggleMonth(panel, ago(3));
    expect(within(panel).getByRole('status')).toHaveTextContent(`Quedan por pagar el mes anterior ${label(ago(1))}.`);
  }, 120_000);
});

describe('Payment panel: rate and amounts (spec 02 §9)', () => {
  it('a commercial address defaults to the highest rate, a residential one to the dollar', async () => {
    rates = { dollar_rate: '36.45', euro_rate: '40.00' };
    addresses = { '10': [panelAddress()], '20': [commercialAddress()] };
    const { panel } = await withAddress('Panadería La Esquina (J-301234567)', 'Av. Principal, local 4 (Comercial)');
    await waitFor(() => expect(shown(panel, 'Tasa de cambio')).toBe('Euro: BS 40,00'));
    await pick(panel, 'Cliente', 'Luisa Mendoza (V-12345678)');
    // Her only address is chosen for her (issue 51).
    await waitFor(() => expect(shown(panel, 'Dirección de pago')).toBe('Calle 3, casa 12 (Residencial)'));
    await waitFor(() => expect(shown(panel, 'Tasa de cambio')).toBe('Dólar: BS 36,45'));
    expect(within(panel).queryByLabelText(/Aplicar retención/)).not.toBeInTheDocument();
  }, 90_000);

  it('shows the commercial amounts live to the cent: base, 16 % VAT, 75 % retention, paid and bill in bolivars', async () => {
    rates = { dollar_rate: '36.45', euro_rate: '30.00' };
    addresses = { '20': [commercialAddress({ start: 3 })] };
    const { panel } = await withAddress('Panadería La Esquina (J-301234567)', 'Av. Principal, local 4 (Comercial)');
    await waitFor(() => expect(shown(panel, 'Tasa de cambio')).toBe('Dólar: BS 36,45'));
    await userEvent.click(within(panel).getByText('Otros meses'));
    for (const month of [ago(3), ago(2), ago(1)]) await toggleMonth(panel, month);
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Aplicar retención/ }));
    const summary = within(panel).getByRole('region', { name: 'Resumen de montos' });
    // 20 × 3 = 60.00; VAT 9.60; retention 7.20; total 69.60 × 36.45 = 2536.92; paid 62.40 × 36.45 = 2274.48.
    await waitFor(() => expect(summary).toHaveTextContent('Base imponible$ 60,00'));
    expect(summary).toHaveTextContent('IVA (16 %)$ 9,60');
    expect(summary).toHaveTextContent('Retención (75 % del IVA)$ 7,20');
    expect(summary).toHaveTextContent('Total factura$ 69,60 · BS 2.536,92');
    expect(summary).toHaveTextContent('Monto a pagar$ 62,40 · BS 2.274,48');
    await waitFor(() => expect(within(panel).getByLabelText('Monto pagado')).toHaveValue('2.274,48'));
  }, 90_000);
});

describe('Payment panel: submit', () => {
  async function fillCash(panel: HTMLElement) {
    await pick(panel, 'Método de pago', 'Efectivo');
    await pick(panel, 'Serie', 'A');
    await userEvent.type(within(panel).getByLabelText('Nº de control'), '00012345');
  }

  it('takes an abono: an amount without months, sent with an empty months list; the balance shows on the calendar (issue 50)', async () => {
    rates = { dollar_rate: '36.50', euro_rate: '30.00' };
    // $ 3,00 of balance toward the oldest owed month of $ 12,50.
    addresses = { '10': [panelAddress({ start: 2, balance_usd: '3.00' })] };
    const { panel } = await withAddress('Luisa Mendoza (V-12345678)', 'Calle 3, casa 12 (Residencial)');
    expect(within(panel).getByText('Saldo a favor de la dirección: $ 3,00.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByText('Otros meses'));
    const calendar = within(panel).getByRole('region', { name: 'Meses de la dirección' });
    expect(within(calendar).getByRole('button', { name: `${monthName(ago(2))}: abonado $ 3,00 de $ 12,50` })).toBeInTheDocument();
    expect(within(panel).getByText(abonoText, { exact: false })).toBeInTheDocument();
    await fillCash(panel);
    const amount = within(panel).getByLabelText('Monto pagado');
    await userEvent.clear(amount);
    await userEvent.type(amount, '73');
    await save(panel);
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Pago registrado'));
    expect(lastForm()).toMatchObject({ type_payment_month: '1', months_payment: '[]', amount_payment: '73', send_invoice: '0' });
  }, 90_000);

  it('sends the multipart form with the fields and months_payment as a JSON list', async () => {
    rates = { dollar_rate: '36.45', euro_rate: '30.00' };
    addresses = { '20': [commercialAddress({ start: 3 })] };
    const { panel, onClose } = await withAddress('Panadería La Esquina (J-301234567)', 'Av. Principal, local 4 (Comercial)');
    await userEvent.click(within(panel).getByText('Otros meses'));
    await toggleMonth(panel, ago(2));
    await toggleMonth(panel, ago(3));
    await fillCash(panel);
    await userEvent.type(within(panel).getByLabelText('Observaciones'), 'Dos meses en efectivo');
    await pick(panel, 'Documento', 'Nota de entrega');
    // A delivery note carries no VAT withholding.
    expect(within(panel).queryByText('Aplicar retención (75 % del IVA)')).not.toBeInTheDocument();
    await save(panel);
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Pago registrado'));
    expect(onClose).toHaveBeenCalled();
    expect(String(stores()[0]![0])).toBe('/api/payments/store');
    expect(stores()[0]![1]!.body).toBeInstanceOf(FormData);
    expect(lastForm()).toMatchObject({
      client_id: '20',
      address_payment_id: '2',
      status: '0',
      payment_method_id: '4',
      exchange_rate: '36.45',
      exchange_rate_id: '1',
      amount_payment: '1691.28',
      amount_bill: '1691.28',
      dollar_amount_payment: '46.40',
      tax_base: '40.00',
      iva: '6.40',
      retention: '0.00',
      is_apply_retention: '0',
      serie_id: '1',
      serie: 'A',
      number: '00012345',
      observations: 'Dos meses en efectivo',
      type_payment_month: '1',
      months_payment: JSON.stringify([ago(3), ago(2)]),
      send_invoice: '0',
      type_document: '04',
      reference: '',
      bank_id: '',
    });
    expect(lastForm()).not.toHaveProperty('id');
  }, 90_000);

  // antd names its modals through an id jsdom doesn't resolve, so the dialog is found from its title (as the contact dialog's test does).
  const warningDialog = async () => {
    const titles = await screen.findAllByText('Referencia ya registrada');
    return titles.at(-1)!.closest<HTMLElement>('[role="dialog"]')!;
  };

  it('a reused reference is confirmed first; a retry after a lost answer sends the same Idempotency-Key', async () => {
    addresses = { '20': [commercialAddress({ start: 3 })] };
    referenceAnswer = { in_use: true, message: paymentMessages.referenceInUse('12345678') };
    const answers = [() => json(500, { success: false, message: 'Error de servidor interno' }), () => ok({ id: 9, number_correlative: null, hash: 'h' }, 'Pago registrado')];
    storeAnswer = () => answers.shift()!();
    const { panel, onClose } = await withAddress('Panadería La Esquina (J-301234567)', 'Av. Principal, local 4 (Comercial)');
    await pick(panel, 'Método de pago', 'Transferencia');
    await userEvent.type(within(panel).getByLabelText('Referencia'), '12345678');
    await pick(panel, 'Banco de origen', '0102 - Banco de Venezuela');
    await pick(panel, 'Serie', 'A');
    await userEvent.type(within(panel).getByLabelText('Nº de control'), '00012345');
    await save(panel);
    const warning = await warningDialog();
    expect(within(warning).getByText(paymentMessages.referenceInUse('12345678'))).toBeInTheDocument();
    const asked = api.fetch.mock.calls.find(([url]) => String(url).startsWith('/api/payments/reference-in-use'));
    expect(decodeURIComponent(String(asked![0]))).toBe('/api/payments/reference-in-use?reference=12345678&payment_method_id=1&bank_id=7');
    expect(stores()).toHaveLength(0);
    await userEvent.click(within(warning).getByRole('button', { name: 'Revisar' }));
    expect(stores()).toHaveLength(0);

    await save(panel);
    await userEvent.click(within(await warningDialog()).getByRole('button', { name: 'Guardar de todas formas' }));
    await waitFor(() => expect(stores()).toHaveLength(1));
    await waitFor(() => expect(api.error).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    await save(panel);
    await userEvent.click(within(await warningDialog()).getByRole('button', { name: 'Guardar de todas formas' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const keys = stores().map(([, init]) => new Headers(init!.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    referenceAnswer = { in_use: false, message: null };
    storeAnswer = () => ok({ id: 9, number_correlative: '00000101', hash: 'h' }, 'Pago registrado');
  }, 90_000);

  it('a client without phone gets the red alert and the contact dialog before the payment is sent', async () => {
    addresses = { '30': [panelAddress({ id: 3, client_id: 30, address: 'Calle 9' })] };
    const { panel } = await withAddress('Pedro Díaz (V-9876543)', 'Calle 9 (Residencial)');
    expect(within(panel).getByText(/El cliente no tiene correo o teléfono registrado/)).toBeInTheDocument();
    await fillCash(panel);
    await save(panel);
    // Over the panel: antd gives both dialogs the same test id, so the title finds it.
    const dialog = (await screen.findByText('Actualizar datos de contacto')).closest<HTMLElement>('[role="dialog"]')!;
    expect(stores()).toHaveLength(0);
    expect(within(dialog).getByLabelText('Correo')).toHaveValue('pedro@correo.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El campo Teléfonos no debe estar vacio.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Teléfonos'), '4241112233');
    await userEvent.click(within(dialog).getByRole('button', { name: /Agregar/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(stores()).toHaveLength(1));
    const contact = api.fetch.mock.calls.find(([url]) => String(url) === '/api/clients/update-contact-info')!;
    expect(contact[1]!.method).toBe('PUT');
    expect(JSON.parse(contact[1]!.body as string)).toEqual({ id: 30, email: 'pedro@correo.test', phone: ['4241112233'] });
    expect(lastForm()).toMatchObject({ client_id: '30', type_payment_month: '0', months_payment: '[]' });
    await waitFor(() => expect(within(panel).queryByText(/El cliente no tiene correo o teléfono registrado/)).not.toBeInTheDocument());
  }, 90_000);

  it('edits a payment: the update carries id, _method and the kept files; a 422 lands on its field', async () => {
    addresses = { '10': [panelAddress({ start: 3, paid: [] })] };
    const payment = paymentRow({
      status: 0,
      number_correlative: null,
      months_payment: [ago(3), ago(2)],
      address_payment_id: 1,
      files: [{ name: 'payments/1111.png', url: '/api/payments/1/files/1111.png' }],
      payment_method_id: 4,
      payment_method: { ...paymentRow().payment_method, id: 4, name: 'Efectivo', type: 4 },
      reference: null,
    });
    storeAnswer = () =>
      json(422, {
        success: false,
        message: 'El mes 01-2026 ya está pagado en esta dirección.',
        errors: { months_payment: ['El mes 01-2026 ya está pagado en esta dirección.'] },
      });
    const { panel } = open(payment);
    await waitFor(() => expect(shown(panel, 'Dirección de pago')).toBe('Calle 3, casa 12 (Residencial)'));
    expect(shown(panel, 'Estatus')).toBe('Procesando');
    expect(within(panel).getByText('El estatus se cambia con Aprobar o Rechazar.')).toBeInTheDocument();
    expect((within(panel).getByLabelText('Monto pagado') as HTMLInputElement).value).toMatch(/^1\.234,50?$/);
    await save(panel);
    expect(await within(panel).findByText('El mes 01-2026 ya está pagado en esta dirección.')).toBeInTheDocument();
    expect(String(stores()[0]![0])).toBe('/api/payments/update');
    expect(lastForm()).toMatchObject({
      id: '1',
      _method: 'PUT',
      status: '0',
      'files_string[0]': 'payments/1111.png',
      months_payment: JSON.stringify([ago(3), ago(2)]),
      amount_payment: '1234.50',
    });
    storeAnswer = () => ok({ id: 9, number_correlative: '00000101', hash: 'h' }, 'Pago registrado');
  }, 90_000);

  it('an invoiced payment shows its legal-document badge and opens the issued invoice in the viewer', async () => {
    addresses = { '10': [panelAddress({ start: 3, paid: [] })] };
    const { panel } = open(
      paymentRow({ send_invoice: true, apply_invoice_factory: true, status_invoice_factory: 200, number: '00-00000042', hash: 'emitida' }),
    );
    expect(within(panel).getByText('Procesado')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: /Ver factura/ }));
    // The viewer opens over the side panel.
    const viewer = (await screen.findByText('Factura 00-00000042')).closest<HTMLElement>('.ant-modal')!;
    await waitFor(() => expect(api.fetch.mock.calls.some(([url]) => String(url) === '/api/factory-invoices/generate-invoice-payment-pdf/emitida')).toBe(true));
    // The fake server has no such file: the viewer says so.
    expect(await within(viewer).findByText('Hubo un error al descargar el archivo')).toBeInTheDocument();
  });

  it('an issued invoice disables what it states, says why, and still saves the rest; the server’s refusal is shown', async () => {
    addresses = { '10': [panelAddress({ start: 3, paid: [] })] };
    const issued = { send_invoice: true, apply_invoice_factory: true, status_invoice_factory: 200, number: '00-00000042', address_payment_id: 1, months_payment: [ago(1)] };
    const { panel } = open(paymentRow(issued));
    expect(within(panel).getByText(invoiceLockMessage('issued', Object.keys(INVOICE_STATED_FIELDS) as InvoiceStatedField[]))).toBeInTheDocument();
    for (const label of ['Cliente', 'Dirección de pago', 'Método de pago', 'Tasa de cambio', 'Fecha de factura']) expect(within(panel).getByLabelText(label)).toBeDisabled();
    expect(within(panel).getByLabelText('Observaciones')).toBeEnabled();
    const refusal = invoiceLockMessage('issued', ['exchange_rate_id']);
    storeAnswer = () => json(422, { success: false, message: refusal, errors: { exchange_rate_id: [refusal] } });
    await userEvent.clear(within(panel).getByLabelText('Observaciones'));
    await userEvent.type(within(panel).getByLabelText('Observaciones'), 'Pagó en taquilla');
    await save(panel);
    expect(await within(panel).findByText(refusal)).toBeInTheDocument();
    expect(lastForm()).toMatchObject({ id: '1', observations: 'Pagó en taquilla', months_payment: JSON.stringify([ago(1)]) });
    storeAnswer = () => ok({ id: 9, number_correlative: '00000101', hash: 'h' }, 'Pago registrado');
  }, 90_000);

  it('an invoice the printer refused leaves the fields open to correct it', async () => {
    addresses = { '10': [panelAddress({ start: 3, paid: [] })] };
    const { panel } = open(paymentRow({ send_invoice: true, apply_invoice_factory: true, status_invoice_factory: 203, address_payment_id: 1 }));
    await waitFor(() => expect(shown(panel, 'Dirección de pago')).toBe('Calle 3, casa 12 (Residencial)'));
    expect(within(panel).queryByText(/La factura de este pago/)).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Método de pago')).toBeEnabled();
  });
});
