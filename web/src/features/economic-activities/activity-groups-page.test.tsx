import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { setToken } from '../../lib/storage';
import { makeSession, renderApp } from '../../test/render';
import ActivityGroupsPage from './activity-groups-page';

const errorToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown, message = 'OK') => new Response(JSON.stringify({ success: true, message, data }), { status: 200 });
const refused = 'No se puede eliminar el grupo porque tiene 3 actividades económicas asociadas.';

function route(url: string): Response {
  if (url.startsWith('/api/activity-groups?')) {
    return ok({ data: [{ id: 7, name: 'Comercio', count_activities: 3, count_payments: 0 }], current_page: 1, per_page: 10, total: 1, last_page: 1 });
  }
  if (url === '/api/activity-groups/delete') return new Response(JSON.stringify({ success: false, message: refused, errors: {} }), { status: 422 });
  return new Response(JSON.stringify({ success: false, message: 'No encontrado' }), { status: 404 });
}

beforeEach(() => {
  setToken('token-1');
  registerNotifier({ error: errorToast, success: vi.fn() });
  fetchMock.mockImplementation(async (url) => route(String(url)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  errorToast.mockReset();
  localStorage.clear();
});

describe('Grupos de actividades', () => {
  it('offers every export format and shows why a group with activities is not deleted', async () => {
    renderApp(<ActivityGroupsPage />, {
      path: '/activity-groups',
      session: makeSession({ permissions: ['activity_groups', 'delete_activity_group', 'export_activity_groups'] }),
    });
    const row = (await screen.findByText('Comercio')).closest('tr')!;
    expect(row).toHaveTextContent('3');
    expect(within(row).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nuevo grupo/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Exportar/ }));
    expect(await screen.findByText('CSV')).toBeInTheDocument();
    expect(screen.getByText('PDF')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: /Eliminar/ }));
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro de eliminar el grupo de actividades?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(refused, []));
    expect(screen.getByRole('dialog', { name: '¿Seguro de eliminar el grupo de actividades?' })).toBeInTheDocument();
  });
});
