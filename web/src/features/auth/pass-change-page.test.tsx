import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { setToken } from '../../lib/storage';
import { makeSession, renderApp } from '../../test/render';
import ForgotPasswordPage from './forgot-password-page';
import PassChangePage from './pass-change-page';

const successToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, message = 'OK') => json(200, { success: true, message, data });
const invalid = () => json(422, { success: false, message: 'Error! El token no pertenece a ningún usuario' });

beforeEach(() => {
  registerNotifier({ error: vi.fn(), success: successToast });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  successToast.mockReset();
  localStorage.clear();
});

const page = (
  <Routes>
    <Route path="/pass-change/:token" element={<PassChangePage />} />
    <Route path="/pass-change" element={<PassChangePage />} />
    <Route path="*" element={<p>Inicio</p>} />
  </Routes>
);
const bodyOf = (path: string) => JSON.parse(fetchMock.mock.calls.find(([url]) => url === path)![1]!.body as string);

describe('Create / reset password', () => {
  it('shows the invalid-token screen when the link does not check out', async () => {
    fetchMock.mockImplementation(async () => invalid());
    renderApp(page, { path: '/pass-change/bad-token' });
    expect(await screen.findByText('Error! El token no pertenece a ningún usuario')).toBeInTheDocument();
    expect(bodyOf('/api/auth/verify-token')).toEqual({ token: 'bad-token' });
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
  });

  it('greets the owner, requires the password, refuses a different confirmation, then goes to the start page', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/auth/verify-token' ? ok({ id: 9, name: 'María Pérez', email: 'maria@correo.test' }) : ok(null, 'Contraseña actualizada'),
    );
    renderApp(page, { path: '/pass-change/good-token' });
    expect(await screen.findByRole('heading', { name: '¡Hola, María Pérez!' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('* La contrasena es requerida')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nueva contraseña'), 'Nueva2026!');
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'Otra2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('* Las contraseñas no coinciden')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/reset-password')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Confirmar contraseña'));
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Contraseña actualizada'));
    expect(bodyOf('/api/auth/reset-password')).toEqual({
      id: 9,
      name: 'María Pérez',
      email: 'maria@correo.test',
      password: 'Nueva2026!',
      confirm_password: 'Nueva2026!',
      token: 'good-token',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('lets a user flagged change_password set a new one from the session and refreshes it', async () => {
    setToken('token-1');
    const fresh = makeSession({ user: { change_password: false } });
    fetchMock.mockImplementation(async (url) => (url === '/api/auth/me' ? ok(fresh) : ok(null, 'Contraseña actualizada')));
    const { session } = renderApp(page, { path: '/pass-change', session: makeSession({ user: { change_password: true } }) });
    expect(screen.getByRole('heading', { name: '¡Hola, Ana Pérez!' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nueva contraseña'), 'Nueva2026!');
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(fresh));
    expect(bodyOf('/api/auth/reset-password')).not.toHaveProperty('token');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});

describe('Forgot password', () => {
  it('sends the reset link and shows the success text', async () => {
    fetchMock.mockImplementation(async () => ok(null, 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.'));
    renderApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace de reinicio' }));
    expect(await screen.findByText('El campo Correo es obligatorio.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Correo'), 'Maria@Correo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace de reinicio' }));
    expect(await screen.findByText('Correo enviado')).toBeInTheDocument();
    expect(screen.getByText(/te enviamos un enlace para restablecer tu contraseña/)).toBeInTheDocument();
    expect(bodyOf('/api/auth/send-token')).toEqual({ email: 'maria@correo.test' });
  });
});
