import type { PermissionModule, RoleRow } from '@recaudo/domain/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import RolesPage from './roles-page';
import { chooseRowAction, findSettledRow } from '../../test/row-actions';


const role = (id: number, name: string): RoleRow => ({
  id,
  name,
  key: null,
  expired_session_time: 60,
  require_2fa: false,
  active: true,
  notes: null,
  count_users: 2,
  created_at: '2026-01-01T00:00:00Z',
});
const page = { data: [role(2, 'Cajero'), role(3, 'Analista')], current_page: 1, per_page: 10, total: 2, last_page: 1 };
const tree: PermissionModule[] = [
  {
    id: 10,
    name: 'clients',
    label: 'Clientes',
    checked: true,
    parent_id: null,
    children: [{ id: 11, name: 'add_client', label: 'Agregar clientes', checked: false, parent_id: 10, children: [] }],
  },
];

function route(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/roles?')) return ok(page);
  if (url === '/api/roles/selects') return ok(page.data);
  if (url === '/api/roles/permissions-by-role/3') return ok(tree);
  if (url === '/api/roles/update' && init?.method === 'PUT') return ok(role(2, 'Cajero'), 'Rol actualizado');
  if (url === '/api/roles/delete' && init?.method === 'DELETE') return ok(null, 'Rol eliminado');
  if (url === '/api/roles/change-status-rol') return ok({ ...role(2, 'Cajero'), active: false }, 'Rol actualizado');
  if (url === '/api/roles/change-permission') {
    const child = tree[0]!.children[0]!;
    return ok([{ ...tree[0]!, children: [{ ...child, checked: true }] }], 'Permiso actualizado');
  }
  return notFound();
}

const { fetch: fetchMock, success: successToast } = installFakeApi(route);

const ALL = ['roles', 'add_role', 'edit_role', 'delete_role'];

describe('Roles y Permisos', () => {
  it('lists the roles with the actions the permissions allow', async () => {
    renderApp(<RolesPage />, { path: '/roles', session: makeSession({ permissions: ['roles'] }) });
    const row = await findSettledRow('Cajero');
    expect(within(row).getByRole('switch', { name: 'Estado del rol Cajero' })).toBeDisabled();
    expect(within(row).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Permisos/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nuevo rol/ })).not.toBeInTheDocument();
  });

  it('the role form requires the second factor with its switch', async () => {
    renderApp(<RolesPage />, { path: '/roles', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Cajero');
    expect(row).toHaveTextContent('Opcional');
    await chooseRowAction(row, 'Editar');
    const toggle = await screen.findByRole('switch', { name: 'Exigir verificación en dos pasos' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Rol actualizado'));
    const updateCall = fetchMock.mock.calls.find(([url]) => url === '/api/roles/update')!;
    expect(JSON.parse(updateCall[1]!.body as string)).toMatchObject({ id: 2, require_2fa: true });
  });

  it('switching a role off asks first, naming the users who lose access (issue 51)', async () => {
    renderApp(<RolesPage />, { path: '/roles', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Cajero');
    await userEvent.click(within(row).getByRole('switch', { name: 'Estado del rol Cajero' }));
    expect(await screen.findByText('¿Desactivar el rol?')).toBeInTheDocument();
    expect(screen.getByText('2 usuarios perderán el acceso')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/roles/change-status-rol')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Rol actualizado'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/roles/change-status-rol')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ id: 2, active: false });
  });

  it('deletes a role after the confirmation and reloads the list', async () => {
    renderApp(<RolesPage />, { path: '/roles', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Analista');
    await chooseRowAction(row, 'Eliminar');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Seguro de eliminar el rol?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Rol eliminado'));
    const deleteCall = fetchMock.mock.calls.find(([url]) => url === '/api/roles/delete')!;
    expect(JSON.parse(deleteCall[1]!.body as string)).toEqual({ id: 3 });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/roles?')).length).toBeGreaterThan(1);
  });

  it('opens the permission tree of a role and saves each tick at once', async () => {
    renderApp(<RolesPage />, { path: '/roles', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Analista');
    await userEvent.click(within(row).getByRole('button', { name: /Permisos/ }));
    expect(await screen.findByText('Agregar clientes')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/roles?permisos=3');
    expect(await screen.findByRole('heading', { name: 'Permisos de Analista' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Agregar clientes'));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Permiso actualizado'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/roles/change-permission')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ module_id: 11, checked: true, role_id: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Volver a roles' }));
    expect(await screen.findByText('Cajero')).toBeInTheDocument();
  });
});
