import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { CommunityRow } from './api';
import CommunitiesPage from './communities-page';
import { chooseRowAction, findSettledRow } from '../../test/row-actions';

const summary = { count_payments: 3, amount_bill: '1500.00', amount_payment: '1200.50', dollar_amount_bill: '40.00', dollar_amount_payment: '32.10' };

const community: CommunityRow = {
  id: 5,
  name: 'Urb. El Viñedo',
  active: true,
  created_at: '2026-01-01T00:00:00Z',
  number_houses: 320,
  responsible_name: 'Luisa Márquez',
  responsible_phone: '4141234501',
  fee: '12.50',
  date_start: '2023-01-01',
  late_fee_percent: null,
  late_fee_grace_days: 0,
  late_fee_cap_months: null,
  late_fee_cap_percent: null,
  parish_id: 3,
  parish: { id: 3, name: 'San José', municipality_id: 2 },
  municipality_id: 2,
  municipality: { id: 2, name: 'Valencia', state_id: 1 },
  state_id: 1,
  state: { id: 1, name: 'Carabobo' },
  count_clients: 4,
  payments_residential: summary,
  payments_comercial: { ...summary, count_payments: 0 },
  count_clients_solvents_residential: 2,
  count_clients_solvents_comercial: 0,
};
const page = { data: [community], current_page: 1, per_page: 10, total: 1, last_page: 1 };

function route(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/communities?')) return ok(page);
  if (url.startsWith('/api/states/selects')) return ok([{ id: 1, name: 'Carabobo' }]);
  if (url.startsWith('/api/municipalities/selects')) return ok([{ id: 2, name: 'Valencia', state_id: 1 }]);
  if (url.startsWith('/api/parishes/selects')) return ok([{ id: 3, name: 'San José', municipality_id: 2 }]);
  if (url === '/api/communities/store' && init?.method === 'POST') {
    return new Response(
      JSON.stringify({ success: false, message: 'Ya existe una comunidad con ese nombre.', errors: { name: ['Ya existe una comunidad con ese nombre.'] } }),
      { status: 422 },
    );
  }
  if (url === '/api/communities/delete' && init?.method === 'DELETE') return ok(null, 'Comunidad eliminada');
  return notFound();
}

const { fetch: fetchMock, success: successToast, error: errorToast } = installFakeApi(route);

const ALL = ['communities', 'add_community', 'edit_community', 'delete_community', 'export_communities', 'clients', 'logs'];

async function pick(panel: HTMLElement, label: string, option: string) {
  await userEvent.click(within(panel).getByLabelText(label));
  await userEvent.click(await screen.findByTitle(option));
}

describe('Comunidades', () => {
  it('lists communities with the payments flag and today range, and expands the residential summary only', async () => {
    renderApp(<CommunitiesPage />, { path: '/communities', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Urb. El Viñedo');
    expect(row).toHaveTextContent('+58 (414)-1234501');
    expect(row).toHaveTextContent('$ 12,50');
    expect(within(row).getByRole('link', { name: /Ver clientes/ })).toHaveAttribute('href', '/clients?community=5');
    const listUrl = decodeURIComponent(String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/communities?'))![0]));
    expect(listUrl).toMatch(/filters\[dates\]\[\]=\d{2}-\d{2}-\d{4}&filters\[dates\]\[\]=\d{2}-\d{2}-\d{4}/);
    expect(listUrl).toContain('payments=1');

    await userEvent.click(within(row).getByRole('button', { name: /Expandir fila|Expand row/ }));
    const cards = await screen.findByLabelText('Resumen de pagos');
    expect(within(cards).getByText('Residencial')).toBeInTheDocument();
    expect(within(cards).queryByText('Comercial')).not.toBeInTheDocument();
    expect(cards).toHaveTextContent('BS 1.200,50');
  });

  it('hides the actions the permissions do not allow', async () => {
    renderApp(<CommunitiesPage />, { path: '/communities', session: makeSession({ permissions: ['communities'] }) });
    const row = await findSettledRow('Urb. El Viñedo');
    expect(within(row).getByRole('switch', { name: 'Estatus de Urb. El Viñedo' })).toBeDisabled();
    expect(within(row).queryByRole('link', { name: /Ver clientes/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nueva comunidad/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
  });

  it('opens Editar with the row\'s values, its start date and surcharge settings among them', async () => {
    renderApp(<CommunitiesPage />, { path: '/communities', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Urb. El Viñedo');
    await userEvent.click(within(row).getByRole('button', { name: /Editar/ }));
    const panel = await screen.findByRole('dialog', { name: 'Editar comunidad' });
    expect(within(panel).getByLabelText('Fecha de inicio')).toHaveValue('01-01-2023');
    expect(within(panel).getByLabelText('Días de gracia')).toHaveValue('0');
  });

  it('shows the Spanish validation messages of the domain rules', async () => {
    renderApp(<CommunitiesPage />, { path: '/communities', session: makeSession({ permissions: ALL }) });
    await userEvent.click(await screen.findByRole('button', { name: /Nueva comunidad/ }));
    const panel = await screen.findByRole('dialog', { name: 'Nueva comunidad' });
    await userEvent.type(within(panel).getByLabelText('Teléfono del responsable'), '9991234567');
    await userEvent.type(within(panel).getByLabelText('Tarifa'), '12,555');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    for (const message of [
      'El campo Nombre es obligatorio.',
      'El campo Estado es obligatorio.',
      'El campo Municipio es obligatorio.',
      'El campo Parroquia es obligatorio.',
      'El campo Número de casas es obligatorio.',
      'El formato de Teléfono del responsable es inválido.',
      'El campo Tarifa debe tener como máximo 2 decimales.',
      'El campo Fecha de inicio es obligatorio.',
    ]) {
      expect(await within(panel).findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/communities/store')).toBe(false);
  });

  it('sends the whole parent chain and puts the 422 errors on the fields', async () => {
    renderApp(<CommunitiesPage />, { path: '/communities', session: makeSession({ permissions: ALL }) });
    await userEvent.click(await screen.findByRole('button', { name: /Nueva comunidad/ }));
    const panel = await screen.findByRole('dialog', { name: 'Nueva comunidad' });
    await userEvent.type(within(panel).getByLabelText('Nombre'), 'Urb. El Viñedo');
    await pick(panel, 'Estado', 'Carabobo');
    await pick(panel, 'Municipio', 'Valencia');
    await pick(panel, 'Parroquia', 'San José');
    await userEvent.type(within(panel).getByLabelText('Número de casas'), '120');
    await userEvent.type(within(panel).getByLabelText('Teléfono del responsable'), '04121234567');
    expect(within(panel).getByLabelText('Teléfono del responsable')).toHaveValue('+58 (412)-1234567');
    await userEvent.type(within(panel).getByLabelText('Tarifa'), '1234,5');
    const date = within(panel).getByLabelText('Fecha de inicio');
    await userEvent.click(date);
    await userEvent.type(date, '15-03-2024');
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));

    expect(await within(panel).findByText('Ya existe una comunidad con ese nombre.')).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith('Ya existe una comunidad con ese nombre.', ['Ya existe una comunidad con ese nombre.']);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/communities/store')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      name: 'Urb. El Viñedo',
      state_id: 1,
      municipality_id: 2,
      parish_id: 3,
      number_houses: 120,
      responsible_name: null,
      responsible_phone: '+58 (412)-1234567',
      fee: '1234.5',
      date_start: '2024-03-15',
      late_fee_percent: null,
      late_fee_grace_days: 0,
      late_fee_cap_months: null,
      late_fee_cap_percent: null,
    });
  });

  it('deletes after the confirmation with the spec message', async () => {
    renderApp(<CommunitiesPage />, { path: '/communities', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Urb. El Viñedo');
    await chooseRowAction(row, 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro de eliminar la comunidad?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Comunidad eliminada'));
  });
});
