import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import { userMessages, type AdminUserRow, type ClientUserRow } from '@recaudo/domain/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import UsersPage from './users-page';
import { findSettledRow } from '../../test/row-actions';

const paged = (rows: unknown[]) => ({ data: rows, current_page: 1, per_page: 10, total: rows.length, last_page: 1 });

const admin = (id: number, name: string, overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  name,
  email: `${name.toLowerCase().split(' ')[0]}@recaudo.test`,
  active: true,
  role_id: 2,
  role: { id: 2, name: 'Cajero' },
  only_user: true,
  all_users: false,
  multiple_users: [],
  multiple_users_verify: false,
  use_all_series: true,
  correlative_id: null,
  correlative: null,
  count_closed_boxs: 0,
  created_at: '2026-01-10T12:00:00Z',
  ...overrides,
});
const admins = [admin(1, 'Ana Pérez', { role_id: 1, role: { id: 1, name: 'Administrador' } }), admin(7, 'Pedro Gil')];
const clientUser: ClientUserRow = {
  id: 20,
  name: 'María Pérez',
  email: 'maria@correo.test',
  active: true,
  client_id: 31,
  client: { id: 31, name: 'María Pérez', identification_type: 'V', identification: '12345678', type: 0, phone: ['4141234567'] },
  role: { id: 4, name: 'Cliente' },
  change_password: false,
  created_at: '2026-01-10T12:00:00Z',
};

function route(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/users?')) return ok(paged(admins));
  if (url.startsWith('/api/users/client?')) return ok(paged([clientUser]));
  if (url === '/api/roles/selects')
    return ok([
      { id: 1, name: 'Administrador', key: 'admin' },
      { id: 2, name: 'Cajero', key: 'cajero' },
      { id: 4, name: 'Cliente', key: 'client' },
    ]);
  if (url === '/api/correlatives/selects') return ok([{ id: 5, serie: 'A01' }]);
  if (url.startsWith('/api/users/selects'))
    return ok([
      { id: 1, name: 'Ana Pérez', email: 'ana@recaudo.test' },
      { id: 7, name: 'Pedro Gil', email: 'pedro@recaudo.test' },
      { id: 8, name: 'Luisa Mora', email: 'luisa@recaudo.test' },
    ]);
  if (url.startsWith('/api/clients/selects/data'))
    return ok([{ id: 31, name: 'María Pérez', identification_type: 'V', identification: '12345678', type: 0, email: null, phone: [] }]);
  if (url === '/api/users/store' && init?.method === 'POST') return ok({ id: 9 }, 'Usuario creado');
  if (url === '/api/users/delete' && init?.method === 'DELETE') return ok(null, 'Usuario eliminado');
  if (url === '/api/users/reset-two-factor' && init?.method === 'POST') {
    // The client user has no second factor: the server's 422.
    const { user_id } = JSON.parse(init.body as string) as { user_id: number };
    if (user_id === clientUser.id) return new Response(JSON.stringify({ success: false, message: messagesTwoFactor.resetNotEnabled }), { status: 422 });
    return ok(null, messagesTwoFactor.reset);
  }
  return notFound();
}

const { fetch: fetchMock, success: successToast, error: errorToast } = installFakeApi(route);

/** The payments area's list, composed by the app (app/users-route.tsx). */
const history = (userId: number) => <p>Pagos del usuario {userId}</p>;

const ALL = ['users', 'add_user', 'edit_user', 'delete_user', 'export_users', 'payments', 'logs', 'clients', 'manage_security'];

async function pick(panel: HTMLElement, label: string, option: string) {
  await userEvent.click(within(panel).getByLabelText(label));
  await userEvent.click(await screen.findByTitle(option));
}
/** Types by pasting: a keystroke at a time is slow under jsdom with antd forms. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}
const optionTitles = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((option) => option.getAttribute('title'));

describe('Usuarios', () => {
  it('shows role.name, no action menu on user 1, and no access switch for user 1 or oneself', async () => {
    renderApp(<UsersPage />, { path: '/users', session: makeSession({ permissions: ALL, user: { id: 7, name: 'Pedro Gil' } }) });
    const first = await findSettledRow('Ana Pérez');
    const self = screen.getByText('Pedro Gil').closest('tr')!;
    expect(first).toHaveTextContent('Administrador');
    expect(self).toHaveTextContent('Cajero');
    expect(within(first).getByRole('switch', { name: 'Acceso de Ana Pérez' })).toBeDisabled();
    expect(within(self).getByRole('switch', { name: 'Acceso de Pedro Gil' })).toBeDisabled();
    expect(within(first).queryByRole('button', { name: /Más acciones de/ })).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    // Nobody resets her own second factor or deletes herself (issue 46): her row's menu has nothing left.
    expect(within(self).queryByRole('button', { name: /Más acciones de/ })).not.toBeInTheDocument();
    expect(within(self).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nuevo usuario administrador/ })).toBeInTheDocument();
  });

  it('sorts by closed boxes on the server', async () => {
    renderApp(<UsersPage />, { path: '/users', session: makeSession({ permissions: ALL }) });
    await screen.findByText('Pedro Gil');
    await userEvent.click(screen.getByRole('columnheader', { name: /Cierres de caja/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => decodeURIComponent(String(url)).includes('sorter[field]=count_closed_boxs&sorter[order]=ascend'))).toBe(true),
    );
  });

  it('deletes from the row menu after the confirmation', async () => {
    renderApp(<UsersPage />, { path: '/users', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Pedro Gil');
    await userEvent.click(within(row).getByRole('button', { name: 'Más acciones de Pedro Gil' }));
    await userEvent.click(await screen.findByText('Eliminar'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Seguro de eliminar el usuario?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Usuario eliminado'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users/delete')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ id: 7 });
  });

  it("resets a user's two-factor login from the row menu after the confirmation", async () => {
    renderApp(<UsersPage paymentHistory={history} />, { path: '/users', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Pedro Gil');
    await userEvent.click(within(row).getByRole('button', { name: 'Más acciones de Pedro Gil' }));
    const menu = await screen.findByRole('menu');
    // Editar is the row's button; in "Más" the non-destructive entries first, Eliminar last.
    expect(within(row).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Restablecer verificación en dos pasos', 'Historial de pagos', 'Eliminar']);
    await userEvent.click(within(menu).getByText('Restablecer verificación en dos pasos'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Restablecer la verificación en dos pasos de Pedro Gil?');
    expect(dialog).toHaveTextContent('Podrá entrar solo con su contraseña y tendrá que activarla de nuevo.');
    // The editor's own password is asked first (issue 46): nothing is sent without it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    expect(await within(dialog).findByText(userMessages.proofRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/users/reset-two-factor')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Tu contraseña actual'), 'Mi-clave-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith(messagesTwoFactor.reset));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users/reset-two-factor')!;
    expect(call[1]!.method).toBe('POST');
    expect(JSON.parse(call[1]!.body as string)).toEqual({ user_id: 7, current_password: 'Mi-clave-2026' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's message when a client user has no second factor to reset", async () => {
    renderApp(<UsersPage />, { path: '/users?tab=clientes', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('maria@correo.test');
    await userEvent.click(within(row).getByRole('button', { name: 'Más acciones de María Pérez' }));
    await userEvent.click(await screen.findByText('Restablecer verificación en dos pasos'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Restablecer la verificación en dos pasos de María Pérez?');
    await userEvent.type(within(dialog).getByLabelText('Tu contraseña actual'), 'Mi-clave-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(messagesTwoFactor.resetNotEnabled, []));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users/reset-two-factor')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ user_id: 20, current_password: 'Mi-clave-2026' });
    expect(successToast).not.toHaveBeenCalled();
  });

  it('leaves the two-factor reset out of the menu without edit_user, and without manage_security', async () => {
    renderApp(<UsersPage />, { path: '/users', session: makeSession({ permissions: ALL.filter((permission) => permission !== 'edit_user' && permission !== 'manage_security') }) });
    const row = await findSettledRow('Pedro Gil');
    await userEvent.click(within(row).getByRole('button', { name: 'Más acciones de Pedro Gil' }));
    expect(await screen.findByText('Eliminar')).toBeInTheDocument();
    expect(screen.queryByText('Restablecer verificación en dos pasos')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });

  it('opens the payment history panel on that user, with its back button', async () => {
    renderApp(<UsersPage paymentHistory={history} />, { path: '/users', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Pedro Gil');
    await userEvent.click(within(row).getByRole('button', { name: 'Más acciones de Pedro Gil' }));
    await userEvent.click(await screen.findByText('Historial de pagos'));
    const panel = await screen.findByRole('dialog', { name: 'Historial de pagos' });
    expect(panel).toHaveTextContent('Pagos registrados por Pedro Gil');
    expect(within(panel).getByText('Pagos del usuario 7')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: /Regresar/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Historial de pagos' })).not.toBeInTheDocument());
  });

  it('leaves Historial de pagos out of the menu without logs, which payments/history-status requires besides payments', async () => {
    renderApp(<UsersPage paymentHistory={history} />, {
      path: '/users',
      session: makeSession({ permissions: ALL.filter((permission) => permission !== 'logs') }),
    });
    const row = await findSettledRow('Pedro Gil');
    await userEvent.click(within(row).getByRole('button', { name: 'Más acciones de Pedro Gil' }));
    expect(await screen.findByText('Restablecer verificación en dos pasos')).toBeInTheDocument();
    expect(screen.queryByText('Historial de pagos')).not.toBeInTheDocument();
  });

  it('enforces the administrator form rules: scope, users without oneself, series', async () => {
    renderApp(<UsersPage />, { path: '/users', session: makeSession({ permissions: ALL, user: { id: 1 } }) });
    await screen.findByText('Pedro Gil');
    await userEvent.click(screen.getByRole('button', { name: /Nuevo usuario administrador/ }));
    const panel = await screen.findByRole('dialog', { name: 'Nuevo usuario administrador' });

    // Empty form: every required field speaks and nothing is sent.
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Rol es obligatorio.')).toBeInTheDocument();
    expect(within(panel).getByText('El campo Nombre es obligatorio.')).toBeInTheDocument();
    expect(within(panel).getByText('El campo Correo es obligatorio.')).toBeInTheDocument();
    expect(within(panel).getByText('El campo Contraseña es obligatorio.')).toBeInTheDocument();

    // The client role is never offered.
    await userEvent.click(within(panel).getByLabelText('Rol'));
    await screen.findByTitle('Cajero');
    expect(optionTitles()).toEqual(['Administrador', 'Cajero']);
    await userEvent.click(screen.getByTitle('Cajero'));
    await fill(within(panel).getByLabelText('Nombre'), 'Luis Rojas');
    await fill(within(panel).getByLabelText('Correo'), 'luis@recaudo.test');
    await fill(within(panel).getByLabelText('Contraseña'), 'Segura2026!');

    // Selected users: the list is required and never offers oneself.
    expect(within(panel).queryByLabelText('Usuarios')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByLabelText('Usuarios seleccionados'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Usuarios es obligatorio.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByLabelText('Usuarios'));
    await screen.findByTitle('Luisa Mora');
    expect(optionTitles()).toEqual(['Pedro Gil', 'Luisa Mora']);
    await userEvent.click(screen.getByTitle('Luisa Mora'));
    await waitFor(() => expect(within(panel).queryByText('El campo Usuarios es obligatorio.')).not.toBeInTheDocument());

    // Switching the scope clears the selection.
    await userEvent.click(within(panel).getByLabelText('Todos los usuarios'));
    await userEvent.click(within(panel).getByLabelText('Usuarios seleccionados'));
    expect(within(panel).queryByText('Luisa Mora')).not.toBeInTheDocument();
    await pick(panel, 'Usuarios', 'Pedro Gil');

    // One series: the series is required.
    await userEvent.click(within(panel).getByLabelText('Una serie'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Serie es obligatorio.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/users/store')).toBe(false);
    await pick(panel, 'Serie', 'A01');

    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Usuario creado'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users/store')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      current_password: null,
      role: 2,
      name: 'Luis Rojas',
      email: 'luis@recaudo.test',
      password: 'Segura2026!',
      active: true,
      only_user: false,
      all_users: false,
      multiple_users_verify: true,
      multiple_users: [7],
      use_all_series: false,
      correlative_id: 5,
    });
  }, 60_000);

  it('lists client users with the identification linking to the client detail', async () => {
    renderApp(<UsersPage />, { path: '/users?tab=clientes', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('maria@correo.test');
    expect(within(row).getByRole('link', { name: 'V-12345678' })).toHaveAttribute('href', '/client-detail/31');
    expect(row).toHaveTextContent('Residencial');
    expect(row).toHaveTextContent('+58 (414)-1234567');
    expect(screen.getByRole('button', { name: /Nuevo usuario cliente/ })).toBeInTheDocument();
  });

  it('creates a client user with the client, the password options and the fixed Cliente role', async () => {
    renderApp(<UsersPage />, { path: '/users?tab=clientes', session: makeSession({ permissions: ALL }) });
    await screen.findByText('maria@correo.test');
    await userEvent.click(screen.getByRole('button', { name: /Nuevo usuario cliente/ }));
    const panel = await screen.findByRole('dialog', { name: 'Nuevo usuario cliente' });
    expect(within(panel).getByLabelText('Rol')).toHaveValue('Cliente');
    expect(within(panel).getByLabelText('Rol')).toBeDisabled();
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Cliente es obligatorio.')).toBeInTheDocument();
    expect(within(panel).getByText('El campo Contraseña es obligatorio.')).toBeInTheDocument();

    await pick(panel, 'Cliente', 'María Pérez (V-12345678)');
    await fill(within(panel).getByLabelText('Nombre'), 'María Pérez');
    await fill(within(panel).getByLabelText('Correo'), 'maria.portal@correo.test');
    await fill(within(panel).getByLabelText('Contraseña'), 'Portal2026!');
    await userEvent.click(within(panel).getByLabelText('Cambiar contraseña al ingresar'));
    await userEvent.click(within(panel).getByLabelText('Enviar contraseña por correo'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Usuario creado'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users/store')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      current_password: null,
      client_id: 31,
      name: 'María Pérez',
      email: 'maria.portal@correo.test',
      password: 'Portal2026!',
      active: true,
      change_password: true,
      send_mail_password: true,
    });
  }, 60_000);
});
