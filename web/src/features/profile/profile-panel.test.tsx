import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { setToken } from '../../lib/storage';
import { makeSession, renderApp } from '../../test/render';
import { ProfilePanel } from './profile-panel';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown, message = 'OK') => new Response(JSON.stringify({ success: true, message, data }), { status: 200 });

beforeEach(() => {
  setToken('token-1');
  registerNotifier({ error: vi.fn(), success: vi.fn() });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

const sentBody = () => JSON.parse(fetchMock.mock.calls.find(([url]) => url === '/api/users/profile')![1]!.body as string);

describe('Editar Perfil', () => {
  it('staff edit name and e-mail; the refreshed session replaces the old one', async () => {
    const fresh = makeSession({ user: { name: 'Ana María Pérez' } });
    fetchMock.mockResolvedValue(ok(fresh, 'Perfil actualizado'));
    const { session } = renderApp(<ProfilePanel open onClose={vi.fn()} />, { session: makeSession() });
    const panel = await screen.findByRole('dialog', { name: 'Editar Perfil' });
    expect(within(panel).queryByLabelText('Teléfonos')).not.toBeInTheDocument();
    await userEvent.clear(within(panel).getByLabelText('Nombre'));
    await userEvent.type(within(panel).getByLabelText('Nombre'), 'Ana María Pérez');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(fresh));
    expect(sentBody()).toEqual({ name: 'Ana María Pérez', email: 'ana@recaudo.test', password: null, current_password: null });
  });

  it('client users never edit their name but edit phones and address', async () => {
    const client = makeSession({ user: { id: 20, name: 'María Pérez', client_id: 31, type: 'client', phone: ['4141234567'], address: 'Calle 1' } });
    fetchMock.mockResolvedValue(ok(client, 'Perfil actualizado'));
    const { session } = renderApp(<ProfilePanel open onClose={vi.fn()} />, { session: client });
    const panel = await screen.findByRole('dialog', { name: 'Editar Perfil' });
    const name = within(panel).getByLabelText('Nombre');
    expect(name).toHaveValue('María Pérez');
    expect(name).toHaveAttribute('readonly');
    expect(within(panel).getByText('+58 (414)-1234567')).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText('Teléfonos'), '4241112233');
    await userEvent.click(within(panel).getByRole('button', { name: /Agregar/ }));
    await userEvent.clear(within(panel).getByLabelText('Dirección'));
    await userEvent.type(within(panel).getByLabelText('Dirección'), 'Av. Bolívar 10');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(client));
    expect(sentBody()).toEqual({ email: 'ana@recaudo.test', password: null, current_password: null, phone: ['4241112233', '4141234567'], address: 'Av. Bolívar 10' });
  });

  it('a new password must be long and uncommon, and asks for the current one', async () => {
    fetchMock.mockResolvedValue(ok(makeSession(), 'Perfil actualizado'));
    renderApp(<ProfilePanel open onClose={vi.fn()} />, { session: makeSession() });
    const panel = await screen.findByRole('dialog', { name: 'Editar Perfil' });
    const password = within(panel).getByLabelText('Contraseña');
    await userEvent.type(password, 'Corta-1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('La Contraseña debe tener al menos 10 caracteres.')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'Password123');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('Esa contraseña es demasiado común y fácil de adivinar. Elige otra.')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'Una-clave-nueva-9');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('Escribe tu contraseña actual para cambiar tu contraseña o tu correo.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(within(panel).getByLabelText('Contraseña actual'), 'Clave-actual-1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sentBody()).toEqual({ name: 'Ana Pérez', email: 'ana@recaudo.test', password: 'Una-clave-nueva-9', current_password: 'Clave-actual-1' }));
  });
});
