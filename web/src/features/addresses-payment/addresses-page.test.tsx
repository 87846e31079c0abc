import type { AddressRow } from '@recaudo/domain/addresses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { addressRow, commercialRow } from '../../test/address-rows';
import AddressesPage from './addresses-page';
import { chooseRowAction, rowActionNames, findSettledRow } from '../../test/row-actions';
import { JSDOM_WIDTH, PHONE_WIDTH, setWindowWidth } from '../../test/viewport';
import { wholeText } from '../../test/whole-text';

// The expansion belongs to another component (calendar and tickets); here only its wiring matters.
vi.mock('./address-details', () => ({
  AddressDetails: ({ address }: { address: AddressRow }) => <div>Detalle de la dirección {address.id}</div>,
}));

const owing = addressRow({ id: 3, address: 'Calle 9', months_to_pay: 2, aging: '1-3', solvent: false, solvent_to_date: null, community_id: null, community: null, fee: null });
let rows: AddressRow[] = [addressRow(), owing];

const api = installFakeApi((url, init) => {
  if (url.startsWith('/api/addresses-payment?')) {
    // A broad search's totals come estimated (issue 46).
    const estimated = decodeURIComponent(url).includes('search=calle') ? { estimated: true } : {};
    return ok({ data: rows, current_page: 1, per_page: 10, total: rows.length, last_page: 1, aditional: { total_fees: '1234.5', total_addresses: 7, ...estimated } });
  }
  if (url === '/api/addresses-payment/delete' && init?.method === 'DELETE') return ok(null, 'Dirección eliminada');
  if (url.startsWith('/api/addresses-payment/export?')) return new Response('ID\n1\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="Direcciones de pago.csv"' } });
  if (url.startsWith('/api/clients/selects/data')) return ok([{ id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', type: 0 }]);
  if (url.startsWith('/api/states/selects')) return ok([{ id: 1, name: 'Miranda' }]);
  if (url === '/api/configurations/exchange-rate') return ok({ dollar_rate: '36.45', euro_rate: '40.00' });
  if (url.startsWith('/api/users/all-selects')) return ok([{ id: 1, name: 'Ana Pérez', email: 'ana@recaudo.test' }]);
  return notFound();
});

const STAFF = ['clients', 'add_client', 'edit_client', 'add_address_payment', 'edit_address_payment', 'delete_address_payment', 'export_payments', 'logs'];
const listCalls = () => api.fetch.mock.calls.map(([url]) => decodeURIComponent(String(url))).filter((url) => url.startsWith('/api/addresses-payment?'));
const lastList = () => listCalls().at(-1) ?? '';

function renderPage(permissions: string[] = STAFF, user: NonNullable<Parameters<typeof makeSession>[0]>['user'] = {}) {
  rows = [addressRow(), owing];
  return renderApp(<AddressesPage />, { path: '/address-payments', session: makeSession({ permissions, user }) });
}

const CLIENT_USER = {
  type: 'client' as const,
  client_id: 10,
  client: { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', type: 0 },
  role: { id: 4, name: 'Cliente', key: 'client' },
};

async function openFilters() {
  await userEvent.click(screen.getByRole('button', { name: /^Filtros/ }));
  return screen.findByRole('dialog', { name: 'Filtros' });
}

describe('Direcciones de Pagos', () => {
  it('says the totals of a search for a word most addresses hold are approximate (issue 46)', async () => {
    renderPage();
    await screen.findByText('Calle 3, casa 12');
    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar' }), 'calle');
    await waitFor(() => expect(lastList()).toContain('search=calle'));
    await waitFor(() => expect(screen.getByText('Direcciones:').parentElement).toHaveTextContent('Direcciones: 7 (aprox.)Total en Tarifas: $ 1.234,50 (aprox.)'));
  });

  it('lists residential addresses with client, location, fee, months to pay and solvency, and the fee total below', async () => {
    renderPage();
    const luisa = await findSettledRow('Calle 3, casa 12');
    expect(within(luisa).getByRole('link', { name: 'Luisa Mendoza' })).toHaveAttribute('href', '/client-detail/10');
    expect(within(luisa).getByText('V-12345678')).toBeInTheDocument();
    for (const text of ['Petare', 'Sucre, Miranda', 'La Urbina', '$ 12,50', '04-2026']) expect(within(luisa).getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Comunidad' })).not.toBeInTheDocument();
    expect(within(luisa).getByText('0').closest('.ant-tag')).toHaveClass('ant-tag-green');

    const calle9 = screen.getByText('Calle 9').closest('tr')!;
    expect(within(calle9).getByText('2').closest('.ant-tag')).toHaveClass('ant-tag-red');
    expect(within(calle9).getByText('Incompleta')).toBeInTheDocument();
    expect(within(calle9).getAllByText('VACIO').length).toBeGreaterThanOrEqual(2);

    // The location and the community are under the address (issue 34: the row fits 1366 px).
    for (const header of ['Cliente', 'Dirección', 'Tarifa', 'Meses por pagar', 'Antigüedad', 'Solvente hasta', 'Acciones']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    expect(screen.getByText('Total en Tarifas:').parentElement).toHaveTextContent('Total en Tarifas: $ 1.234,50');
    expect(screen.getByText('Direcciones:').parentElement).toHaveTextContent('Direcciones: 7');
    expect(screen.getByText('Direcciones:').parentElement).not.toHaveTextContent('aprox.');
    expect(lastList()).toContain('type=0');
    expect(screen.getByRole('button', { name: /Nueva dirección/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();

    await userEvent.click(within(luisa).getByRole('button', { name: /Expandir fila|Expand row/i }));
    expect(await screen.findByText('Detalle de la dirección 1')).toBeInTheDocument();
  }, 60_000);

  it('shows under the months to pay what an owing address\'s debt comes to in BS, on a staff row and on a client\'s card', async () => {
    // Spec 02 §9 debt total: 2 months × $ 12,50 × today's dollar rate 36,45.
    const owingWithFee = { ...owing, fee: '12.50' };
    for (const [permissions, user] of [[STAFF, {}], [[], CLIENT_USER]] as const) {
      rows = [addressRow(), owingWithFee];
      // Staff read a table; a client user on a phone reads cards.
      setWindowWidth(user === CLIENT_USER ? PHONE_WIDTH : JSDOM_WIDTH);
      const view = renderApp(<AddressesPage />, { path: '/address-payments', session: makeSession({ permissions: [...permissions], user }) });
      const staffRow = user !== CLIENT_USER;
      const row = (await screen.findByText('Calle 9')).closest(staffRow ? 'tr' : 'li')!;
      if (staffRow) expect(await within(row).findByText('Debe BS 911,25')).toBeInTheDocument();
      else expect(await within(row).findByText(wholeText('Debe $ 25,00 · BS 911,25'))).toBeInTheDocument();
      // A solvent address owes nothing: no debt line.
      expect(within(screen.getByText('Calle 3, casa 12').closest(staffRow ? 'tr' : 'li')!).queryByText(/^Debe/)).not.toBeInTheDocument();
      view.unmount();
    }
  }, 60_000);

  it('shows each row\'s aging and filters by it from the drawer', async () => {
    renderPage();
    const calle9 = await findSettledRow('Calle 9');
    expect(screen.getByRole('columnheader', { name: 'Antigüedad' })).toBeInTheDocument();
    expect(within(calle9).getByText('1 a 3 meses')).toBeInTheDocument();
    expect(within(screen.getByText('Calle 3, casa 12').closest('tr')!).queryByText(/meses$/)).not.toBeInTheDocument();

    const drawer = await openFilters();
    await userEvent.click(within(drawer).getByLabelText('Antigüedad de la deuda'));
    await userEvent.click(await screen.findByTitle('Más de 12 meses'));
    await waitFor(() => expect(lastList()).toContain('filters[aging]=13+'));
    // Sent as %2B: a bare + would reach the server as a space.
    expect(api.fetch.mock.calls.map(([url]) => String(url)).at(-1)).toContain('13%2B');
  }, 60_000);

  it('filters by fee from the drawer: a range, an open end or one exact fee, shown as a removable tag', async () => {
    renderPage();
    await screen.findByText('Calle 3, casa 12');
    const drawer = await openFilters();
    const from = within(drawer).getByRole('spinbutton', { name: 'Tarifa desde' });
    const to = within(drawer).getByRole('spinbutton', { name: 'Tarifa hasta' });
    await userEvent.type(from, '10');
    await userEvent.type(to, '20,5');
    await waitFor(() => expect(lastList()).toContain('filters[fee][]=10&filters[fee][]=20.5'), { timeout: 3000 });
    expect(screen.getByRole('listitem')).toHaveTextContent('Tarifa: $ 10 – $ 20,5');

    await userEvent.clear(from);
    await waitFor(() => expect(lastList()).toContain('filters[fee][]=&filters[fee][]=20.5'), { timeout: 3000 });
    expect(screen.getByRole('listitem')).toHaveTextContent('Tarifa: hasta $ 20,5');

    await userEvent.type(from, '20,5');
    await waitFor(() => expect(lastList()).toMatch(/filters\[fee\]=20\.5(&|$)/), { timeout: 3000 });
    expect(screen.getByRole('listitem')).toHaveTextContent('Tarifa: $ 20,5');

    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtro Tarifa' }));
    await waitFor(() => expect(lastList()).not.toContain('filters[fee]'));
  }, 60_000);

  it('switching to Comercial asks for commercial addresses and swaps the community for the economic activity', async () => {
    renderPage();
    await screen.findByText('Calle 3, casa 12');
    let drawer = await openFilters();
    expect(within(drawer).getByText('Comunidad')).toBeInTheDocument();
    expect(within(drawer).queryByText('Actividad económica')).not.toBeInTheDocument();
    expect(within(drawer).queryByText('Tarifa personalizada')).not.toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cerrar' }));

    rows = [commercialRow()];
    await userEvent.click(screen.getByText('Comercial'));
    await waitFor(() => expect(lastList()).toContain('type=1'));
    expect(await screen.findByText('Panadería')).toBeInTheDocument();

    drawer = await openFilters();
    expect(within(drawer).getByText('Actividad económica')).toBeInTheDocument();
    expect(within(drawer).queryByText('Comunidad')).not.toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Tarifa personalizada' }));
    await waitFor(() => expect(lastList()).toContain('filters[is_custom_fee]=1'));

    // Back to residential: the commercial-only filter is dropped.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cerrar' }));
    await userEvent.click(screen.getByText('Residencial'));
    await waitFor(() => expect(lastList()).toContain('type=0'));
    expect(lastList()).not.toContain('is_custom_fee');
  }, 60_000);

  it('keeps Solventes / No Solventes and Sin pagos / Con pagos mutually exclusive', async () => {
    renderPage();
    await screen.findByText('Calle 3, casa 12');
    const drawer = await openFilters();
    const box = (name: string) => within(drawer).getByRole('checkbox', { name });

    await userEvent.click(box('Solventes'));
    await waitFor(() => expect(lastList()).toContain('filters[client_solvent]=1'));
    await userEvent.click(box('No Solventes'));
    expect(box('No Solventes')).toBeChecked();
    expect(box('Solventes')).not.toBeChecked();
    await waitFor(() => expect(lastList()).toContain('filters[client_not_solvent]=1'));
    expect(lastList()).not.toContain('client_solvent]');

    await userEvent.click(box('Sin pagos'));
    await userEvent.click(box('Con pagos'));
    expect(box('Con pagos')).toBeChecked();
    expect(box('Sin pagos')).not.toBeChecked();
    await waitFor(() => expect(lastList()).toContain('filters[with_payments]=1'));
    expect(lastList()).not.toContain('without_payments');

    await userEvent.click(box('Direcciones incompletas'));
    await waitFor(() => expect(lastList()).toContain('filters[verify]=1'));
    for (const label of ['Clientes', 'Tipo de identificación', 'Estado', 'Municipio', 'Parroquia', 'Usuarios', 'Meses por pagar']) {
      expect(within(drawer).getByText(label)).toBeInTheDocument();
    }
  }, 60_000);

  it('client variant on a phone: own addresses as cards without the client, nor client and user filters, with a Nuevo button', async () => {
    setWindowWidth(PHONE_WIDTH);
    renderPage([], CLIENT_USER);
    const cards = await screen.findByRole('list', { name: 'Direcciones de Pagos' });
    const row = within(cards).getByText('Calle 3, casa 12').closest('li')!;
    expect(within(row).queryByText('Luisa Mendoza')).not.toBeInTheDocument();
    const owing = within(cards).getByText('Calle 9').closest('li')!;
    expect(within(owing).getByText(wholeText('Debe $ 0,00'))).toBeInTheDocument();
    expect(within(row).getByText('Pagado hasta Abril 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nuevo/ })).toHaveTextContent('Nuevo');
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
    // A card shows its few actions as large buttons, not a "Más" menu.
    expect(within(row).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Historial de cambios' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Generar solvencia' })).not.toBeInTheDocument();

    const drawer = await openFilters();
    expect(within(drawer).queryByText('Clientes')).not.toBeInTheDocument();
    expect(within(drawer).queryByText('Usuarios')).not.toBeInTheDocument();
    expect(within(drawer).getByText('Estado')).toBeInTheDocument();
  }, 60_000);

  it('offers CSV and XLSX and exports with the list type and filters', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage();
    await screen.findByText('Calle 3, casa 12');
    await userEvent.click(screen.getByText('Comercial'));
    await userEvent.click(screen.getByRole('button', { name: /Exportar/ }));
    expect(await screen.findByText('Excel (xlsx)')).toBeInTheDocument();
    expect(screen.queryByText('PDF')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('CSV'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = api.fetch.mock.calls.map(([called]) => decodeURIComponent(String(called))).find((called) => called.includes('/export?'));
    expect(url).toBe('/api/addresses-payment/export?search=&type=1&type_format=csv');
    click.mockRestore();
  }, 60_000);

  it('hides the actions the user may not use', async () => {
    renderPage(['clients']);
    const row = await findSettledRow('Calle 3, casa 12');
    expect(screen.queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nueva dirección/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Luisa Mendoza' })).toBeInTheDocument();
  }, 60_000);

  it('needs add_client or edit_client besides the address permission, and shows solvency generation disabled', async () => {
    renderPage(['add_address_payment', 'edit_address_payment', 'delete_address_payment', 'add_solvency']);
    const row = await findSettledRow('Calle 3, casa 12');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nueva dirección/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Generar solvencia' })).toBeDisabled();
  }, 60_000);

  it('"Estado de cuenta" of a row opens the statement dialog the app hands in, for staff and for the client user', async () => {
    for (const [permissions, user] of [[STAFF, {}], [[], CLIENT_USER]] as const) {
      rows = [addressRow(), owing];
      setWindowWidth(user === CLIENT_USER ? PHONE_WIDTH : JSDOM_WIDTH);
      const view = renderApp(
        <AddressesPage statementDialog={(address, close) => (address ? <div role="dialog" aria-label={`Estado de cuenta ${address.id}`} onClick={close} /> : null)} />,
        { path: '/address-payments', session: makeSession({ permissions: [...permissions], user }) },
      );
      const row = (await screen.findByText('Calle 9')).closest(user === CLIENT_USER ? 'li' : 'tr')!;
      // The client's card has it as a button; a staff row in its "Más" menu.
      if (user === CLIENT_USER) await userEvent.click(within(row).getByRole('button', { name: 'Estado de cuenta' }));
      else await chooseRowAction(row, 'Estado de cuenta');
      await userEvent.click(await screen.findByRole('dialog', { name: 'Estado de cuenta 3' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Estado de cuenta 3' })).not.toBeInTheDocument());
      view.unmount();
    }
    // Without the dialog handed in there is no such action.
    setWindowWidth(JSDOM_WIDTH);
    renderPage();
    const row = await findSettledRow('Calle 9');
    expect(await rowActionNames(row)).not.toContain('Estado de cuenta');
  }, 60_000);

  it('a client\'s card of an owing address offers "Pagar", opening the payment form the app hands in on that address', async () => {
    setWindowWidth(PHONE_WIDTH);
    rows = [addressRow(), owing];
    renderApp(<AddressesPage payPanel={(address) => (address ? <div role="dialog" aria-label={`Pagar ${address.id}`} /> : null)} />, {
      path: '/address-payments',
      session: makeSession({ permissions: [], user: CLIENT_USER }),
    });
    const cards = await screen.findByRole('list', { name: 'Direcciones de Pagos' });
    expect(within(within(cards).getByText('Calle 3, casa 12').closest('li')!).queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
    await userEvent.click(within(within(cards).getByText('Calle 9').closest('li')!).getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('dialog', { name: 'Pagar 3' })).toBeInTheDocument();
  }, 60_000);

  it('opens the form with the row to edit, and afresh for a new address', async () => {
    renderPage();
    const row = await findSettledRow('Calle 3, casa 12');
    await chooseRowAction(row, 'Editar');
    let panel: HTMLElement = await screen.findByRole('dialog', { name: 'Editar dirección' });
    expect(within(panel).getByLabelText('Dirección')).toHaveValue('Calle 3, casa 12');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar dirección' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /Nueva dirección/ }));
    // jsdom leaves the reopened drawer out of the accessibility tree (its closing motion never ends); its title finds it.
    panel = (await screen.findByText('Nueva dirección', { selector: '.ant-drawer-title' })).closest<HTMLElement>('.ant-drawer')!;
    expect(within(panel).getByLabelText('Dirección')).toHaveValue('');
    expect(within(panel).getByRole('radio', { name: 'Residencial' })).toBeChecked();
  }, 60_000);

  it('deletes an address after the confirmation and reloads the list', async () => {
    renderPage();
    const row = await findSettledRow('Calle 9');
    await chooseRowAction(row, 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: 'Seguro de eliminar la dirección del cliente?' });
    expect(within(dialog).getByText('Calle 9 (Luisa Mendoza)')).toBeInTheDocument();
    const before = listCalls().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Dirección eliminada'));
    const call = api.fetch.mock.calls.find(([url]) => url === '/api/addresses-payment/delete')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ id: 3 });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  }, 60_000);
});
