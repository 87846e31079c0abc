import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../test/render';
import { startLogin } from './login-form';

// The page as the browser gets it: login.html's body, the script started on it.
const body = /<body>([\s\S]*)<\/body>/.exec(fs.readFileSync(path.resolve(fileURLToPath(import.meta.url), '../../../login.html'), 'utf8'))![1]!.replace(/<script[\s\S]*?<\/script>/g, '');
const fetchMock = vi.fn<typeof fetch>();
const leave = vi.fn<(path: string) => void>();
const json = (status: number, answer: unknown) => new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });

function open() {
  document.body.innerHTML = body;
  startLogin(document, leave);
}

async function logIn(email = 'ana@recaudo.test', password = 'Recaudo2026!') {
  await userEvent.type(screen.getByLabelText('Correo'), email);
  await userEvent.type(screen.getByLabelText('Contraseña'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  leave.mockReset();
  document.body.innerHTML = '';
});

describe('the login page (login.html)', () => {
  it("shows the domain's messages for empty and malformed fields, on the field, and sends nothing", async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('El campo Correo es obligatorio.')).toBeVisible();
    expect(screen.getByText('El campo Contraseña es obligatorio.')).toBeVisible();
    expect(screen.getByLabelText('Correo')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Correo')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Correo'), 'ana');
    expect(screen.getByText('El formato de Correo es inválido.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Contraseña'), 'x');
    expect(screen.queryByText('El campo Contraseña es obligatorio.')).toBeNull();
    expect(screen.getByLabelText('Contraseña')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message on wrong credentials and keeps no session", async () => {
    fetchMock.mockResolvedValue(json(401, { success: false, message: 'Las credenciales no coinciden con nuestros registros.' }));
    open();
    await logIn('ana@recaudo.test', 'mala');
    expect(await screen.findByRole('alert')).toHaveTextContent('Las credenciales no coinciden con nuestros registros.');
    expect(localStorage.getItem('recaudo.token')).toBeNull();
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveAttribute('aria-busy', 'false');
  });

  it('says so when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    open();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error de conexión');
  });

  it('hands the session to the web app as it keeps it and goes to the dashboard', async () => {
    const session = { ...makeSession(), access_token: 'token-9', theme: 'dark' as const };
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Inicio de sesión exitoso', data: session }));
    open();
    await logIn(' Ana@Recaudo.test ');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/dashboard'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/login');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ email: 'ana@recaudo.test', password: 'Recaudo2026!' });
    expect(localStorage.getItem('recaudo.token')).toBe('token-9');
    expect(localStorage.getItem('recaudo.theme')).toBe('dark');
  });

  it('asks for the code after the password when the account has a second factor; a wrong code is typed again in its place', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { success: true, message: '', data: { two_factor_required: true, challenge: 'reto-1' } }))
      .mockResolvedValueOnce(json(422, { success: false, message: 'El código de verificación es incorrecto.', errors: { code: ['El código de verificación es incorrecto.'] } }))
      .mockResolvedValueOnce(json(200, { success: true, message: 'Inicio de sesión exitoso', data: makeSession() }));
    open();
    await logIn();
    const code = await screen.findByRole('textbox', { name: 'Código' });
    expect(screen.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Entrar' })).toBeNull();
    expect(code).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText('Ingresa el código de tu aplicación de autenticación.')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código de verificación es incorrecto.')).toBeVisible();
    expect(code).toHaveValue('');
    expect(leave).not.toHaveBeenCalled();

    await userEvent.type(code, ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/dashboard'));
    expect(fetchMock.mock.calls[2]![0]).toBe('/api/auth/2fa/verify');
    expect(JSON.parse(fetchMock.mock.calls[2]![1]!.body as string)).toEqual({ challenge: 'reto-1', code: '123456' });
    expect(localStorage.getItem('recaudo.token')).toBe('token-1');
  });

  it('goes back to the password, saying why, when the challenge expired', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { success: true, message: '', data: { two_factor_required: true, challenge: 'reto-2' } }))
      .mockResolvedValueOnce(json(401, { success: false, message: 'La verificación venció o superó los intentos permitidos. Inicia sesión de nuevo.' }));
    open();
    await logIn();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Código' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('La verificación venció o superó los intentos permitidos. Inicia sesión de nuevo.');
    expect(screen.queryByRole('textbox', { name: 'Código' })).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows the password on request, and hides it again', async () => {
    open();
    const password = screen.getByLabelText('Contraseña');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('sends a browser that already holds a session on to the dashboard, where the web app checks it', () => {
    localStorage.setItem('recaudo.token', 'token-1');
    open();
    expect(leave).toHaveBeenCalledWith('/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
