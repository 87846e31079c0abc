import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { makeSession, renderApp } from '../../test/render';
import LoginPage from './login-page';

const errorToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  registerNotifier({ error: errorToast, success: vi.fn() });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  errorToast.mockReset();
});

describe('LoginPage', () => {
  it('shows the domain messages for empty and malformed fields', async () => {
    renderApp(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('El campo Correo es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('El campo Contraseña es obligatorio.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Correo'), 'ana');
    expect(await screen.findByText('El formato de Correo es inválido.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message as an error toast on wrong credentials', async () => {
    fetchMock.mockResolvedValue(json(401, { success: false, message: 'Las credenciales no coinciden con nuestros registros.' }));
    const { session } = renderApp(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Correo'), 'ana@recaudo.test');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'mala');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Las credenciales no coinciden con nuestros registros.', undefined));
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('stores the session and goes to the dashboard', async () => {
    const answer = makeSession();
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Inicio de sesión exitoso', data: answer }));
    const { session } = renderApp(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Correo'), ' Ana@Recaudo.test ');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Recaudo2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(answer));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ email: 'ana@recaudo.test', password: 'Recaudo2026!' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });
});
