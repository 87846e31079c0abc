import type { AddressRow } from '@recaudo/domain/addresses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { chooseRowAction, rowActionLayout } from '../../test/row-actions';
import type { AddressDialog } from './address-actions';
import { ClientAddressList } from './client-address-list';
import { makeAddress, makeTicket, NOW } from './address-fixtures';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());

const LUISA = { id: 7, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678' };
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
let rows: AddressRow[] = [];
beforeEach(() => {
  rows = [makeAddress({ tickets_delivered: [makeTicket()] }), commercial];
});
const api = installFakeApi((url, init) => {
  if (url === '/api/addresses-payment/address-client/7') return ok(rows);
  if (url === '/api/configurations/exchange-rate') return ok({ dollar_rate: '36.45', euro_rate: '40.00' });
  if (url === '/api/addresses-payment/delete' && init?.method === 'DELETE') return ok(null, 'Dirección eliminada');
  return notFound();
});
const clientCalls = () => api.fetch.mock.calls.filter(([url]) => url === '/api/addresses-payment/address-client/7').length;

/** Everything spec 01 §6 asks for the address actions, and Historial de cambios. */
const ADMIN = ['clients', 'add_client', 'edit_client', 'add_address_payment', 'edit_address_payment', 'delete_address_payment', 'add_solvency', 'logs'];

/** A dialog handed in by the app, named after its address. */
const dialog =
  (name: string): AddressDialog =>
  (address, close) =>
    address ? <div role="dialog" aria-label={`${name} ${address.id}`} onClick={close} /> : null;

function show(permissions: string[], dialogs = true) {
  renderApp(<ClientAddressList client={LUISA} {...(dialogs ? { solvencyDialog: dialog('Solvencia'), statementDialog: dialog('Estado de cuenta') } : {})} />, {
    session: makeSession({ permissions }),
  });
  return screen.findByRole('table', { name: 'Direcciones de pago' });
}

const rowOf = async (table: HTMLElement, address: string) => (await within(table).findByText(address)).closest('tr')!;

describe('ClientAddressList', () => {
  it("lists the client's addresses with each one's debt total and expands one into its facts, calendar and tickets", async () => {
    const table = await show(['clients']);
    const first = await rowOf(table, 'Calle Páez, casa 12');
    expect(within(first).getByText('Carabobo / Valencia / San José / Los Pinos')).toBeInTheDocument();
    expect(within(first).getByText('$ 5,00')).toBeInTheDocument();
    expect(within(first).getByText('5')).toBeInTheDocument();
    // Spec 02 §9: 5 months × $ 5,00 × today's dollar rate 36,45.
    expect(await within(first).findByText('Debe BS 911,25')).toBeInTheDocument();
    const second = within(table).getByText('Av. Bolívar Norte, local 3').closest('tr')!;
    expect(within(second).getByText('Carabobo / Valencia / San José / Venta de alimentos')).toBeInTheDocument();
    expect(within(second).getByText('05-2026')).toBeInTheDocument();
    expect(within(second).queryByText(/^Debe/)).not.toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: /Expandir fila|Expand row/i }));
    expect(await screen.findByText('Meses por pagar: 5')).toBeInTheDocument();
    expect(screen.getByText('Mes de inicio')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abril 2026: pendiente por pagar' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Tickets de Calle Páez, casa 12' })).toBeInTheDocument();
    expect(screen.getByText('Serie Azul')).toBeInTheDocument();
    expect(clientCalls()).toBe(1);
  });

  it('says when the client has no addresses', async () => {
    rows = [];
    renderApp(<ClientAddressList client={LUISA} />, { session: makeSession({ permissions: ['clients'] }) });
    expect(await screen.findByText('Sin direcciones de pago registradas')).toBeInTheDocument();
  });

  it('offers every address action to an administrator: two buttons, then the rest with Eliminar last and in red', async () => {
    const table = await show(ADMIN);
    expect(screen.getByRole('columnheader', { name: 'Acciones' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva dirección' })).toBeInTheDocument();
    // An owing address can't be certified yet; a solvent one can.
    expect(await rowActionLayout(await rowOf(table, 'Calle Páez, casa 12'))).toEqual({
      buttons: ['Editar', 'Generar solvencia (inactivo)'],
      menu: ['Estado de cuenta', 'Historial de cambios', 'Eliminar (rojo)'],
    });
    expect(await rowActionLayout(await rowOf(table, 'Av. Bolívar Norte, local 3'))).toEqual({
      buttons: ['Editar', 'Generar solvencia'],
      menu: ['Estado de cuenta', 'Historial de cambios', 'Eliminar (rojo)'],
    });
  });

  it('hides what the user lacks: each address permission also needs add_client or edit_client (editing, edit_client)', async () => {
    const cases: [string[], { buttons: string[]; menu: string[] } | null, boolean][] = [
      // The address permissions alone give nothing.
      [['clients', 'add_address_payment', 'edit_address_payment', 'delete_address_payment'], null, false],
      // add_client covers adding and deleting, not editing.
      [['clients', 'add_client', 'add_address_payment', 'edit_address_payment', 'delete_address_payment'], { buttons: [], menu: ['Eliminar (rojo)'] }, true],
      [['clients', 'edit_client', 'edit_address_payment'], { buttons: ['Editar'], menu: [] }, false],
      [['clients', 'add_solvency'], { buttons: ['Generar solvencia'], menu: [] }, false],
    ];
    for (const [permissions, layout, canAdd] of cases) {
      const view = renderApp(<ClientAddressList client={LUISA} solvencyDialog={dialog('Solvencia')} />, { session: makeSession({ permissions }) });
      const table = await screen.findByRole('table', { name: 'Direcciones de pago' });
      const row = await rowOf(table, 'Av. Bolívar Norte, local 3');
      if (layout) expect(await rowActionLayout(row), permissions.join()).toEqual(layout);
      else expect(screen.queryByRole('columnheader', { name: 'Acciones' }), permissions.join()).not.toBeInTheDocument();
      expect(Boolean(screen.queryByRole('button', { name: 'Nueva dirección' })), permissions.join()).toBe(canAdd);
      view.unmount();
    }
  });

  it('edits a row in the address form, and adds a new address for this client', async () => {
    const table = await show(ADMIN);
    await chooseRowAction(await rowOf(table, 'Calle Páez, casa 12'), 'Editar');
    let panel: HTMLElement = await screen.findByRole('dialog', { name: 'Editar dirección' });
    expect(within(panel).getByLabelText('Dirección')).toHaveValue('Calle Páez, casa 12');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar dirección' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Nueva dirección' }));
    // jsdom leaves the reopened drawer out of the accessibility tree (its closing motion never ends); its title finds it.
    panel = (await screen.findByText('Nueva dirección', { selector: '.ant-drawer-title' })).closest<HTMLElement>('.ant-drawer')!;
    expect(within(panel).getByLabelText('Dirección')).toHaveValue('');
    const client = within(panel).getByLabelText('Cliente').closest('.ant-select')!;
    expect(client).toHaveTextContent('Luisa Mendoza (V-12345678)');
  });

  it('opens the solvency and statement dialogs the app hands in on the row', async () => {
    const table = await show(ADMIN);
    await chooseRowAction(await rowOf(table, 'Av. Bolívar Norte, local 3'), 'Generar solvencia');
    await userEvent.click(await screen.findByRole('dialog', { name: 'Solvencia 32' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Solvencia 32' })).not.toBeInTheDocument());
    await chooseRowAction(await rowOf(table, 'Calle Páez, casa 12'), 'Estado de cuenta');
    expect(await screen.findByRole('dialog', { name: 'Estado de cuenta 31' })).toBeInTheDocument();
  });

  it('without the solvency dialog "Generar solvencia" stays disabled and there is no "Estado de cuenta"', async () => {
    const table = await show(ADMIN, false);
    expect(await rowActionLayout(await rowOf(table, 'Av. Bolívar Norte, local 3'))).toEqual({
      buttons: ['Editar', 'Generar solvencia (inactivo)'],
      menu: ['Historial de cambios', 'Eliminar (rojo)'],
    });
  });

  it("deletes an address after the confirmation and reloads the client's addresses", async () => {
    const table = await show(ADMIN);
    await chooseRowAction(await rowOf(table, 'Calle Páez, casa 12'), 'Eliminar');
    const confirm = await screen.findByRole('dialog', { name: 'Seguro de eliminar la dirección del cliente?' });
    expect(within(confirm).getByText('Calle Páez, casa 12 (Luisa Mendoza)')).toBeInTheDocument();
    rows = [commercial];
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Dirección eliminada'));
    const call = api.fetch.mock.calls.find(([url]) => url === '/api/addresses-payment/delete')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ id: 31 });
    await waitFor(() => expect(within(table).queryByText('Calle Páez, casa 12')).not.toBeInTheDocument());
    expect(screen.getByText('1 dirección de pago')).toBeInTheDocument();
  });
});
