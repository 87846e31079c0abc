import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import ActivityGroupsPage from './activity-groups-page';
import { chooseRowAction, findSettledRow } from '../../test/row-actions';

const refused = 'No se puede eliminar el grupo porque tiene 3 actividades económicas asociadas.';

function route(url: string): Response {
  if (url.startsWith('/api/activity-groups?')) {
    return ok({ data: [{ id: 7, name: 'Comercio', count_activities: 3, count_payments: 0 }], current_page: 1, per_page: 10, total: 1, last_page: 1 });
  }
  if (url === '/api/activity-groups/delete') return new Response(JSON.stringify({ success: false, message: refused, errors: {} }), { status: 422 });
  return notFound();
}

const { error: errorToast } = installFakeApi(route);

describe('Grupos de actividades', () => {
  it('offers every export format and shows why a group with activities is not deleted', async () => {
    renderApp(<ActivityGroupsPage />, {
      path: '/activity-groups',
      session: makeSession({ permissions: ['activity_groups', 'delete_activity_group', 'export_activity_groups'] }),
    });
    const row = await findSettledRow('Comercio');
    expect(row).toHaveTextContent('3');
    expect(within(row).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nuevo grupo/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Exportar/ }));
    expect(await screen.findByText('CSV')).toBeInTheDocument();
    expect(screen.getByText('PDF')).toBeInTheDocument();

    await chooseRowAction(row, 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro de eliminar el grupo de actividades?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(refused, []));
    expect(screen.getByRole('dialog', { name: '¿Seguro de eliminar el grupo de actividades?' })).toBeInTheDocument();
  });
});
