import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { ClientAddressList } from './client-address-list';
import { makeAddress, makeTicket, NOW } from './address-fixtures';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());

const commercial = makeAddress({
  id: 32,
  type: 1,
  address: 'Av. Bolívar Norte, local 3',
  community_id: null,
  community: null,
  economic_activity_id: 8,
  economic_activity: { id: 8, name: 'Venta de alimentos', fee: '20.00', activity_group: null },
  is_custom_fee: true,
  fee: '31.50',
  months_to_pay: 0,
  solvent: true,
  solvent_to_date: '2026-05',
});
let rows = [makeAddress({ tickets_delivered: [makeTicket()] }), commercial];
const api = installFakeApi((url) => (url === '/api/addresses-payment/address-client/7' ? ok(rows) : notFound()));

describe('ClientAddressList', () => {
  it("lists the client's addresses and expands one into its facts, calendar and tickets", async () => {
    renderApp(<ClientAddressList clientId={7} />, { session: makeSession({ permissions: ['clients', 'edit_address_payment'] }) });
    const table = await screen.findByRole('table', { name: 'Direcciones de pago' });
    const first = (await within(table).findByText('Calle Páez, casa 12')).closest('tr')!;
    expect(within(first).getByText('Carabobo / Valencia / San José / Los Pinos')).toBeInTheDocument();
    expect(within(first).getByText('$ 5,00')).toBeInTheDocument();
    expect(within(first).getByText('5')).toBeInTheDocument();
    const second = within(table).getByText('Av. Bolívar Norte, local 3').closest('tr')!;
    expect(within(second).getByText('Carabobo / Valencia / San José / Venta de alimentos')).toBeInTheDocument();
    expect(within(second).getByText('05-2026')).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: /Expandir fila|Expand row/i }));
    expect(await screen.findByText('Meses por pagar: 5')).toBeInTheDocument();
    expect(screen.getByText('Mes de inicio')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abril 2026: pendiente por pagar' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Tickets de Calle Páez, casa 12' })).toBeInTheDocument();
    expect(screen.getByText('Serie Azul')).toBeInTheDocument();
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('says when the client has no addresses', async () => {
    rows = [];
    renderApp(<ClientAddressList clientId={7} />, { session: makeSession({ permissions: ['clients'] }) });
    expect(await screen.findByText('Sin direcciones de pago registradas')).toBeInTheDocument();
  });
});
