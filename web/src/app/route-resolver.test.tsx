import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { registerNotifier } from '../lib/notify';
import { makeSession, renderApp } from '../test/render';
import { RouteResolver } from './route-resolver';

const location = () => screen.getByTestId('location').textContent;
// Layouts and pages are lazy chunks. Their first import compiles them (and antd) under jsdom, which
// on a loaded 2-core machine took longer than the 5 s a redirect is given: they are compiled once
// before the tests, so each wait measures the routing alone.
const LAZY = { timeout: 5000 };

describe('RouteResolver', () => {
  beforeAll(async () => {
    await Promise.all([
      import('./layout/main-layout'),
      import('./guest-layout'),
      import('./server-state'),
      import('./dashboard-route'),
      import('../features/auth/register-page'),
      import('../features/auth/two-factor-setup-page'),
      import('../features/auth/pass-change-page'),
      import('../features/backups/backups-page'),
    ]);
  }, 120_000);

  it('sends a guest from / to the login page, which it loads from the server (login.html)', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderApp(<RouteResolver />, { path: '/' });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), LAZY);
    expect(location()).toBe('/login');
    expect(document.title).toBe('Recaudo | Iniciar sesión');
    reload.mockRestore();
  });

  it('loads a public verification page from the server, where a link inside the app led to it', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderApp(<RouteResolver />, { path: '/verify-payment/f00', session: makeSession({ permissions: ['payments'] }) });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), LAZY);
    expect(location()).toBe('/verify-payment/f00');
    reload.mockRestore();
  });

  it('sends a guest from an unknown path to / and then to /login', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderApp(<RouteResolver />, { path: '/clients' });
    await waitFor(() => expect(location()).toBe('/login'), LAZY);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), LAZY);
    reload.mockRestore();
  });

  it('keeps a guest on the public pages: the registration wizard', async () => {
    renderApp(<RouteResolver />, { path: '/register' });
    expect(await screen.findByText('Verifica tu identificación para comenzar.', undefined, LAZY)).toBeInTheDocument();
    expect(location()).toBe('/register');
  });

  it('sends staff from /login to the dashboard with the welcome card', async () => {
    renderApp(<RouteResolver />, { path: '/login', session: makeSession({ permissions: ['payments'] }) });
    expect(await screen.findByText('Bienvenido, Ana Pérez', undefined, LAZY)).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    expect(document.title).toBe('Recaudo | Inicio');
  });

  describe('says why a signed-in user lands on Inicio', () => {
    const notices = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };
    afterEach(() => {
      registerNotifier(null);
      notices.warning.mockReset();
    });

    it('sends staff away from a route they lack the permission for, saying so once', async () => {
      registerNotifier(notices);
      renderApp(<RouteResolver />, { path: '/users', session: makeSession({ permissions: ['roles'] }) });
      await waitFor(() => expect(location()).toBe('/dashboard'), LAZY);
      expect(notices.warning.mock.calls).toEqual([['No tienes permiso para abrir /users; te llevamos a Inicio.', undefined]]);
    });

    it('says an unknown address does not exist, and nothing when / leads to Inicio', async () => {
      registerNotifier(notices);
      renderApp(<RouteResolver />, { path: '/no-existe', session: makeSession({ permissions: ['payments'] }) });
      await waitFor(() => expect(location()).toBe('/dashboard'), LAZY);
      expect(notices.warning.mock.calls).toEqual([['La página /no-existe no existe; te llevamos a Inicio.', undefined]]);
    });

    it('says nothing on the normal way in', async () => {
      registerNotifier(notices);
      renderApp(<RouteResolver />, { path: '/', session: makeSession({ permissions: ['payments'] }) });
      await waitFor(() => expect(location()).toBe('/dashboard'), LAZY);
      expect(notices.warning).not.toHaveBeenCalled();
    });
  });

  it('opens a permitted route with its own page and title', async () => {
    renderApp(<RouteResolver />, { path: '/backups', session: makeSession({ permissions: ['backups'] }) });
    expect(await screen.findByRole('button', { name: /Crear respaldo/ }, LAZY)).toBeInTheDocument();
    expect(screen.queryByText('Módulo en construcción')).not.toBeInTheDocument();
    expect(document.title).toBe('Recaudo | Respaldos');
  });

  it('builds the staff menu from the permissions, groups only with a permitted child', async () => {
    renderApp(<RouteResolver />, { path: '/dashboard', session: makeSession({ permissions: ['roles', 'clients'] }) });
    const menu = await screen.findByRole('menu', { name: 'Menú principal' }, LAZY);
    expect(menu).toHaveTextContent('Clientes');
    expect(menu).toHaveTextContent('General');
    expect(menu).not.toHaveTextContent('Regional');
    expect(menu).not.toHaveTextContent('Usuarios');
  });

  it('gives client users their fixed menu and sends /login to the dashboard', async () => {
    const session = makeSession({ user: { client_id: 7, type: 'client' } });
    renderApp(<RouteResolver />, { path: '/login', session });
    const menu = await screen.findByRole('menu', { name: 'Menú principal' }, LAZY);
    expect(menu).toHaveTextContent('Recibos de Pagos');
    expect(location()).toBe('/dashboard');
  });

  it('sends a user who must change the password to /pass-change from anywhere', async () => {
    renderApp(<RouteResolver />, { path: '/roles', session: makeSession({ user: { change_password: true } }) });
    await waitFor(() => expect(location()).toBe('/pass-change'));
  });

  it('sends a user whose role requires a second factor they lack to /two-factor-setup, with a way out', async () => {
    renderApp(<RouteResolver />, { path: '/roles', session: makeSession({ user: { two_factor: { enabled: false, required: true } } }) });
    await waitFor(() => expect(location()).toBe('/two-factor-setup'));
    expect(await screen.findByRole('button', { name: 'Configurar verificación en dos pasos' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salir' })).toBeInTheDocument();
  });
});
