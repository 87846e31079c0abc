import type { ClientRow } from '@recaudo/domain/clients';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { setToken } from '../../lib/storage';
import { makeSession, renderApp } from '../../test/render';
import ClientsPage from './clients-page';
import { chooseRowAction, findSettledRow } from '../../test/row-actions';

const successToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown, message = 'OK') => new Response(JSON.stringify({ success: true, message, data }), { status: 200 });

const row = (id: number, name: string, phone: string[]): ClientRow => ({
  id,
  type: 0,
  name,
  email: null,
  phone,
  gender: null,
  age: null,
  birth_date: null,
  identification: String(10_000_000 + id),
  identification_type: 'V',
  address: null,
  photo: null,
  active: true,
  count_payments: 0,
  addresses_payments: [],
  user: null,
  latest_payment: null,
  created_at: '2026-05-02T15:00:00Z',
});
const rows = [row(1, 'Luisa Mendoza', ['4141234567', '4241112233']), row(2, 'Pedro Díaz', [])];

beforeEach(() => {
  setToken('token-1');
  registerNotifier({ error: vi.fn(), success: successToast });
  fetchMock.mockImplementation(async (url, init) => {
    const text = String(url);
    if (text.startsWith('/api/clients?')) return ok({ data: rows, current_page: 1, per_page: 10, total: 2, last_page: 1 });
    if (text === '/api/clients/delete' && init?.method === 'DELETE') return ok(null, 'Cliente eliminado');
    if (text === '/api/clients/change-status') return ok(null, 'Estatus del cliente actualizado');
    if (text.startsWith('/api/communities/selects?')) return ok([{ id: 7, name: 'Urb. La Trigaleña' }]);
    return new Response(JSON.stringify({ success: false, message: 'No encontrado' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  successToast.mockReset();
  localStorage.clear();
});

const ALL = ['clients', 'add_client', 'edit_client', 'delete_client', 'export_clients', 'logs'];
const listCalls = () => fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url))).filter((url) => url.startsWith('/api/clients?'));

describe('Clientes', () => {
  it('lists residential clients with formatted phones and expands a row to its payment addresses', async () => {
    renderApp(<ClientsPage addressesOf={(client) => <p>Direcciones del cliente {client.id}</p>} />, { path: '/clients', session: makeSession({ permissions: ALL }) });
    const luisa = await findSettledRow('Luisa Mendoza');
    expect(within(luisa).getByText('+58 (414)-1234567')).toBeInTheDocument();
    expect(within(luisa).getByText('+58 (424)-1112233')).toBeInTheDocument();
    expect(within(luisa).getByText('V-10000001')).toBeInTheDocument();
    expect(within(luisa).getByText('02-05-2026')).toBeInTheDocument();
    expect(listCalls()[0]).toContain('type=0');
    await userEvent.click(within(luisa).getByRole('button', { name: /Expandir fila|Expand row/i }));
    expect(await screen.findByText('Direcciones del cliente 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nuevo cliente/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
  });

  it('asks the server for commercial clients when the type selector changes', async () => {
    renderApp(<ClientsPage />, { path: '/clients', session: makeSession({ permissions: ['clients'] }) });
    await screen.findByText('Luisa Mendoza');
    await userEvent.click(screen.getByText('Comercial'));
    await waitFor(() => expect(listCalls().some((url) => url.includes('type=1'))).toBe(true));
    expect(screen.queryByRole('button', { name: /Nuevo cliente/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Estatus de Luisa Mendoza' })).toBeDisabled();
  });

  it('toggles the active flag and deletes a client after the confirmation', async () => {
    renderApp(<ClientsPage />, { path: '/clients', session: makeSession({ permissions: ALL }) });
    const pedro = await findSettledRow('Pedro Díaz');
    await chooseRowAction(pedro, 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro de eliminar el cliente?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Cliente eliminado'));
    const deleteCall = fetchMock.mock.calls.find(([url]) => url === '/api/clients/delete')!;
    expect(JSON.parse(deleteCall[1]!.body as string)).toEqual({ id: 2 });

    // rc-component's ids are fixed in tests: the switch's confirmation comes after the delete dialog, whose name it would share.
    await userEvent.click(within(pedro).getByRole('switch', { name: 'Estatus de Pedro Díaz' }));
    expect(await screen.findByText('Estatus de Pedro Díaz pasa a Inactivo.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/clients/change-status')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Estatus del cliente actualizado'));
    const statusCall = fetchMock.mock.calls.find(([url]) => url === '/api/clients/change-status')!;
    expect(JSON.parse(statusCall[1]!.body as string)).toEqual({ id: 2, active: false });
  });

  it('opens the detail from a row', async () => {
    renderApp(<ClientsPage />, { path: '/clients', session: makeSession({ permissions: ALL }) });
    const luisa = await findSettledRow('Luisa Mendoza');
    await chooseRowAction(luisa, 'Ver detalle');
    expect(screen.getByTestId('location')).toHaveTextContent('/client-detail/1');
  });

  it('opened from "Ver clientes" of a community, lists its clients and shows the filter until it is removed', async () => {
    renderApp(<ClientsPage />, { path: '/clients?community=7', session: makeSession({ permissions: ['clients'] }) });
    await screen.findByText('Luisa Mendoza');
    expect(listCalls()[0]).toContain('filters[community][]=7');
    const active = screen.getByRole('list', { name: 'Filtros activos' });
    expect(await within(active).findByText('Comunidad: Urb. La Trigaleña')).toBeInTheDocument();
    const naming = fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url))).find((url) => url.startsWith('/api/communities/selects?'));
    expect(naming).toContain('id[]=7');
    expect(screen.getByRole('button', { name: 'Filtros (1 activos)' })).toBeInTheDocument();

    await userEvent.click(within(active).getByLabelText('Quitar filtro Comunidad'));
    await waitFor(() => expect(listCalls().at(-1)).not.toContain('community'));
    expect(screen.queryByRole('list', { name: 'Filtros activos' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/clients$/);
  });
});
