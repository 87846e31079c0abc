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

  it('asks for the code after the password when the account has a second factor; a wrong code stays on the field', async () => {
    const answer = makeSession();
    fetchMock
      .mockResolvedValueOnce(json(200, { success: true, message: 'Ingresa el código de tu aplicación de autenticación.', data: { two_factor_required: true, challenge: 'reto-1' } }))
      .mockResolvedValueOnce(json(422, { success: false, message: 'El código de verificación es incorrecto.', errors: { code: ['El código de verificación es incorrecto.'] } }))
      .mockResolvedValueOnce(json(200, { success: true, message: 'Inicio de sesión exitoso', data: answer }));
    const { session } = renderApp(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Correo'), 'ana@recaudo.test');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Recaudo2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const code = await screen.findByLabelText('Código');
    expect(session.signIn).not.toHaveBeenCalled();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código de verificación es incorrecto.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(answer));
    expect(fetchMock.mock.calls[2]![0]).toBe('/api/auth/2fa/verify');
    expect(JSON.parse(fetchMock.mock.calls[2]![1]!.body as string)).toEqual({ challenge: 'reto-1', code: '123456' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('goes back to the password when the challenge expired', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { success: true, message: '', data: { two_factor_required: true, challenge: 'reto-2' } }))
      .mockResolvedValueOnce(json(401, { success: false, message: 'La verificación venció o superó los intentos permitidos. Inicia sesión de nuevo.' }));
    renderApp(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Correo'), 'ana@recaudo.test');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Recaudo2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await userEvent.type(await screen.findByLabelText('Código'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('La verificación venció o superó los intentos permitidos. Inicia sesión de nuevo.', undefined));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });
});
