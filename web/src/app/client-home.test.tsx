import type { DashboardClient } from '@recaudo/domain/dashboard';
import { monthName } from '@recaudo/domain/months';
import type { Statement } from '@recaudo/domain/statement';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CLIENTS, METHODS, ago, panelAddress } from '../features/payments/payment-fixtures';
import { installFakeApi, notFound, ok } from '../test/fake-api';
import { makeSession, renderApp } from '../test/render';
import DashboardRoute from './dashboard-route';
import { wholeText } from '../test/whole-text';

const label = (month: string) => `${month.slice(5, 7)}-${month.slice(0, 4)}`;

/** Today's BCV dollar rate, as the server names it (issue 47). */
const BCV_DOLLAR = { dollar_rate: '40.00', dollar_rate_value_date: '2026-12-01', dollar_rate_source: 'bcv' as const };

const client = (debts: DashboardClient['debts']): DashboardClient => ({
  client: { id: 10, type: 0, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', email: 'luisa@correo.test', phone: ['4141234567'], gender: 'F', birth_date: '1990-05-04', created_at: '2025-01-10T15:00:00.000Z', reminders_opt_out: false },
  latest_payment: null,
  ...BCV_DOLLAR,
  // A manual euro rate typed today: the home says so.
  euro_rate: '44.00',
  euro_rate_value_date: '2026-12-01',
  euro_rate_source: 'manual',
  debts,
});

const OWING = { address_payment_id: 1, address: 'Calle 3, casa 12', type: 0 as const, months_owed: 3, owed_usd: '37.50', owed_bs: '1500.00', surcharge_usd: '1.50', surcharge_bs: '60.00', oldest_owed: ago(2), solvent_to_date: null, pending_months: [], in_agreement: false };
const UP_TO_DATE = { address_payment_id: 2, address: 'Av. Bolívar, local 9', type: 1 as const, months_owed: 0, owed_usd: '0.00', owed_bs: '0.00', surcharge_usd: '0.00', surcharge_bs: '0.00', oldest_owed: null, solvent_to_date: ago(0), pending_months: [], in_agreement: false };

const statement: Statement = {
  client: { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', email: 'luisa@correo.test' },
  ...BCV_DOLLAR,
  current_month: ago(0),
  months_owed: 3,
  owed_usd: '37.50',
  owed_bs: '1500.00',
  surcharge_usd: '1.50',
  surcharge_bs: '60.00',
  addresses: [
    {
      address_payment_id: 1,
      address: 'Calle 3, casa 12',
      type: 0,
      fee: '12.50',
      start_month: ago(3),
      months: [
        { month: ago(3), fee: '12.50', state: 'paid', payment: { id: 5, number: 'A-00000042', date_payment: '2026-01-05' } },
        { month: ago(2), fee: '12.50', state: 'owed', payment: null, surcharge_usd: '1.00' },
        { month: ago(1), fee: '12.50', state: 'owed', payment: null, surcharge_usd: '0.50' },
        { month: ago(0), fee: '12.50', state: 'owed', payment: null },
      ],
      months_owed: 3,
      owed_usd: '37.50',
      owed_bs: '1500.00',
      oldest_owed: ago(2),
      solvent_to_date: ago(3),
      aging: '1-3',
      balance_usd: '0.00',
      balance_movements: [],
      surcharge_usd: '1.50',
      surcharge_bs: '60.00',
      surcharge_waivers: [{ payment_id: 5, number: 'A-00000042', date_payment: '2026-01-05', surcharge_usd: '0.50', waived_usd: '0.25', reason: 'Cliente de la tercera edad' }],
    },
  ],
  aging: {
    '1-3': { addresses: 1, owed_usd: '37.50', owed_bs: '1500.00' },
    '4-6': { addresses: 0, owed_usd: '0.00', owed_bs: '0.00' },
    '7-12': { addresses: 0, owed_usd: '0.00', owed_bs: '0.00' },
    '13+': { addresses: 0, owed_usd: '0.00', owed_bs: '0.00' },
  },
};

let home = client({ ...BCV_DOLLAR, months_owed: 3, owed_usd: '37.50', owed_bs: '1500.00', surcharge_usd: '1.50', surcharge_bs: '60.00', addresses: [OWING, UP_TO_DATE] });
const mailed: unknown[] = [];
const api = installFakeApi((url, init) => {
  const decoded = decodeURIComponent(url);
  if (decoded === '/api/dashboard/client') return ok(home);
  if (decoded.startsWith('/api/clients/selects/data')) return ok(CLIENTS.filter((row) => row.id === 10));
  if (decoded === '/api/addresses-payment/address-select-client/10') return ok([panelAddress({ start: 3, paid: [ago(3)] })]);
  if (decoded === '/api/payment-methods/selects') return ok(METHODS);
  if (decoded === '/api/banks/selects') return ok([{ id: 7, name: 'Banco de Venezuela', code: '0102' }]);
  if (decoded === '/api/configurations/exchange-rate') return ok({ dollar_rate: '40.00', euro_rate: '44.00' });
  if (decoded.startsWith('/api/exchange-rates/current')) return ok({ usd: { rate: '40.00', value_date: '2026-12-01', source: 'bcv', stale: false }, eur: { rate: '44.00', value_date: '2026-12-01', source: 'bcv', stale: false } });
  if (decoded === '/api/addresses-payment/statement/1') return ok(statement);
  if (decoded.startsWith('/api/clients/statement/10')) return ok(statement);
  if (decoded === '/api/statements/send-mail') {
    mailed.push(JSON.parse(String(init?.body)));
    return ok({ to: 'luisa@correo.test' }, 'Estado de cuenta enviado al correo del cliente');
  }
  return notFound();
});

const clientSession = makeSession({ user: { client_id: 10, client: { id: 10, name: 'Luisa Mendoza' } as never, role: { id: 4, name: 'Cliente', key: 'client' } } });

describe('Client home: what I owe', () => {
  it('says per address what is owed in $ and BS from the oldest month, and which address is up to date', async () => {
    renderApp(<DashboardRoute />, { path: '/dashboard', session: clientSession });
    const card = (await screen.findByText('Lo que debo')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Debes 3 meses: $ 37,50 · BS 1.500,00')).toBeInTheDocument();
    // Issue 47: the rate the debt is worked at, with its value date and source; issue 50: the late-payment surcharge, a line of its own.
    expect(within(card).getByText('Recargo por mora: $ 1,50 · BS 60,00. Dólar: Tasa BCV 40,00 del 01-12-2026.')).toBeInTheDocument();
    expect(within(card).getByText(wholeText('Recargo por mora: $ 1,50 · BS 60,00'))).toBeInTheDocument();
    expect(within(card).getByText(wholeText(`Debes 3 meses desde ${monthName(ago(2))}`))).toBeInTheDocument();
    expect(within(card).getByText(wholeText('$ 37,50 · BS 1.500,00'))).toBeInTheDocument();
    expect(within(card).getByText('Estás al día')).toBeInTheDocument();
    expect(within(card).getByText(`Pagado hasta ${monthName(ago(0))}`)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Certificado de solvencia' })).toHaveAttribute('href', '/solvencies');
    expect(within(card).queryByRole('button', { name: 'Pagar Av. Bolívar, local 9' })).not.toBeInTheDocument();
    // The specification's client dashboard stays below.
    expect(screen.getByText('Datos Personales')).toBeInTheDocument();
    expect(screen.getByText('No tiene ningún pago registrado')).toBeInTheDocument();
    const additional = screen.getByText('Información Adicional').closest('.ant-card') as HTMLElement;
    expect(within(additional).getByText('Tasa BCV 40,00 del 01-12-2026')).toBeInTheDocument();
    expect(within(additional).getByText('Tasa manual 44,00 del 01-12-2026')).toBeInTheDocument();
  });

  it('"Pagar" opens the payment form on that address with its whole debt chosen, oldest month first', async () => {
    renderApp(<DashboardRoute />, { path: '/dashboard', session: clientSession });
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar Calle 3, casa 12' }));
    const panel = await screen.findByRole('dialog', { name: 'Nuevo pago' });
    // The same BS total as the home's debt: 3 months × $ 12,50 × 40,00.
    const debt = await within(panel).findByRole('checkbox', { name: 'Pagar deuda total (3 meses: BS 1.500,00)' });
    expect(debt).toBeChecked();
    expect(await within(panel).findByText(`Meses seleccionados: ${[ago(2), ago(1), ago(0)].map(label).join(', ')}`)).toBeInTheDocument();
    expect(within(panel).getByText('Tu pago quedará en estado Procesando hasta que el personal lo apruebe.')).toBeInTheDocument();
  }, 60_000);

  it('a client who owes nothing sees "Estás al día" and no "Pagar"', async () => {
    home = client({ ...BCV_DOLLAR, months_owed: 0, owed_usd: '0.00', owed_bs: '0.00', surcharge_usd: '0.00', surcharge_bs: '0.00', addresses: [UP_TO_DATE] });
    renderApp(<DashboardRoute />, { path: '/dashboard', session: clientSession });
    const card = (await screen.findByText('Lo que debo')).closest('.ant-card') as HTMLElement;
    expect(within(card).getAllByText('Estás al día')).toHaveLength(2);
    expect(within(card).queryByRole('button', { name: /^Pagar/ })).not.toBeInTheDocument();
    home = client({ ...BCV_DOLLAR, months_owed: 3, owed_usd: '37.50', owed_bs: '1500.00', surcharge_usd: '1.50', surcharge_bs: '60.00', addresses: [OWING, UP_TO_DATE] });
  });

  it('an address whose months a payment agreement holds shows what it owes and no "Pagar": its installments pay them', async () => {
    home = client({ ...BCV_DOLLAR, months_owed: 3, owed_usd: '37.50', owed_bs: '1500.00', surcharge_usd: '0.00', surcharge_bs: '0.00', addresses: [{ ...OWING, in_agreement: true }] });
    renderApp(<DashboardRoute />, { path: '/dashboard', session: clientSession });
    const card = (await screen.findByText('Lo que debo')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('En convenio de pago: estos meses se pagan con las cuotas de «Mi convenio».')).toBeInTheDocument();
    expect(within(card).getAllByText(/^Debes 3 meses desde/).length).toBeGreaterThan(0);
    expect(within(card).queryByRole('button', { name: 'Pagar Calle 3, casa 12' })).not.toBeInTheDocument();
    home = client({ ...BCV_DOLLAR, months_owed: 3, owed_usd: '37.50', owed_bs: '1500.00', surcharge_usd: '1.50', surcharge_bs: '60.00', addresses: [OWING, UP_TO_DATE] });
  });

  it('a client whose months are covered only by a payment Procesando is told it is in review, with those months, not "Estás al día"', async () => {
    const inReview = { ...UP_TO_DATE, solvent_to_date: ago(2), pending_months: [ago(1), ago(0)] };
    home = client({ ...BCV_DOLLAR, months_owed: 0, owed_usd: '0.00', owed_bs: '0.00', surcharge_usd: '0.00', surcharge_bs: '0.00', addresses: [inReview] });
    renderApp(<DashboardRoute />, { path: '/dashboard', session: clientSession });
    const card = (await screen.findByText('Lo que debo')).closest('.ant-card') as HTMLElement;
    const summary = within(card).getByRole('alert');
    expect(within(summary).getByText('Tu pago está en revisión')).toBeInTheDocument();
    expect(within(summary).getByText(`Procesando: ${monthName(ago(1))}, ${monthName(ago(0))}. Estarás al día cuando se apruebe.`)).toBeInTheDocument();
    expect(within(card).getByText(`Tu pago está en revisión (Procesando): ${monthName(ago(1))}, ${monthName(ago(0))}.`)).toBeInTheDocument();
    expect(within(card).queryByText('Estás al día')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Pagar/ })).not.toBeInTheDocument();
    home = client({ ...BCV_DOLLAR, months_owed: 3, owed_usd: '37.50', owed_bs: '1500.00', surcharge_usd: '1.50', surcharge_bs: '60.00', addresses: [OWING, UP_TO_DATE] });
  });

  it('opens the statement of an address: totals, aging and every month; "Enviar por correo" sends it', async () => {
    renderApp(<DashboardRoute />, { path: '/dashboard', session: clientSession });
    await userEvent.click(await screen.findByRole('button', { name: 'Estado de cuenta de Calle 3, casa 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Estado de cuenta' });
    expect(await within(dialog).findByText(wholeText('Debe 3 meses desde ' + label(ago(2)) + ': $ 37,50 · BS 1.500,00'))).toBeInTheDocument();
    expect(within(dialog).getByText('Luisa Mendoza · Dólar: Tasa BCV 40,00 del 01-12-2026')).toBeInTheDocument();
    const months = within(dialog).getByRole('list', { name: 'Meses de Calle 3, casa 12' });
    expect(within(months).getAllByRole('listitem')).toHaveLength(4);
    expect(within(months).getByText(/N° A-00000042/)).toBeInTheDocument();
    expect(within(months).getAllByText('Adeudado')).toHaveLength(3);
    // Issue 50: each late month's surcharge, the address's and the total's as lines of their own, and the waiver.
    expect(within(months).getByText('Recargo por mora $ 1,00')).toBeInTheDocument();
    expect(within(dialog).getAllByText(wholeText('Recargo por mora: $ 1,50 · BS 60,00'))).toHaveLength(2);
    const waivers = within(dialog).getByRole('region', { name: 'Recargo por mora exonerado de Calle 3, casa 12' });
    expect(within(waivers).getByText('N° A-00000042 · Cliente de la tercera edad')).toBeInTheDocument();
    expect(within(waivers).getByText('$ 0,25 de $ 0,50')).toBeInTheDocument();
    const aging = within(dialog).getByRole('region', { name: 'Antigüedad de la deuda' });
    expect(within(aging).getByText('1 · $ 37,50 · BS 1.500,00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar por correo' }));
    await waitFor(() => expect(mailed).toEqual([{ address_payment_id: 1 }]));
    expect(api.success).toHaveBeenCalledWith('Estado de cuenta enviado al correo del cliente');
  });

  it('"Estado de cuenta completo" opens the statement of all her addresses', async () => {
    renderApp(<DashboardRoute />, { path: '/dashboard', session: clientSession });
    await userEvent.click(await screen.findByRole('button', { name: 'Estado de cuenta completo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Estado de cuenta' });
    expect(await within(dialog).findByRole('list', { name: 'Meses de Calle 3, casa 12' })).toBeInTheDocument();
    expect(api.fetch.mock.calls.some(([url]) => String(url).startsWith('/api/clients/statement/10'))).toBe(true);
  });
});
