import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/storage';
import { makeSession, renderApp } from '../../test/render';
import { AdministratorsWithoutTwoFactor } from './administrators-without-two-factor';

const fetchMock = vi.fn<typeof fetch>();
const answer = (names: string[]) => new Response(JSON.stringify({ success: true, message: 'OK', data: { administrators_without_two_factor: names } }), { status: 200 });

beforeEach(() => {
  setToken('token-1');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

describe("the Administrador's dashboard warning (issue 46)", () => {
  it('names the administrators who log in with a password alone', async () => {
    fetchMock.mockResolvedValue(answer(['Ana Pérez', 'Luis Rojas']));
    renderApp(<AdministratorsWithoutTwoFactor />, { session: makeSession() });
    expect(await screen.findByText('Administradores sin verificación en dos pasos')).toBeInTheDocument();
    expect(screen.getByText(/^Ana Pérez, Luis Rojas entran solo con su contraseña/)).toBeInTheDocument();
  });

  it('says nothing once all have it, and is not asked for by another role', async () => {
    fetchMock.mockResolvedValue(answer([]));
    const { unmount } = renderApp(<AdministratorsWithoutTwoFactor />, { session: makeSession() });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Administradores sin verificación en dos pasos')).not.toBeInTheDocument();
    unmount();
    renderApp(<AdministratorsWithoutTwoFactor />, { session: makeSession({ user: { role: { id: 2, name: 'Analista', key: 'analyst' } } }) });
    expect(screen.queryByText('Administradores sin verificación en dos pasos')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
