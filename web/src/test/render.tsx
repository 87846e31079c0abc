import type { Session } from '@recaudo/domain/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { PreferencesProvider } from '../app/preferences';
import { SessionContext, type SessionContextValue } from '../lib/session';

/** A session as auth/me answers it; `user` and top-level fields can be overridden. */
export function makeSession(overrides: { permissions?: string[]; user?: Partial<Session['user']> } = {}): Session {
  return {
    access_token: 'token-1',
    theme: 'light',
    permissions: overrides.permissions ?? [],
    user: {
      id: 1,
      name: 'Ana Pérez',
      email: 'ana@recaudo.test',
      type: 'admin',
      client_id: null,
      client: null,
      phone: [],
      address: null,
      photo: null,
      role: { id: 1, name: 'Administrador', key: 'admin' },
      use_all_series: true,
      correlative_id: null,
      change_password: false,
      two_factor: { enabled: false, required: false },
      ...overrides.user,
    },
  };
}

export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders inside router, query client, preferences and a fixed session. antd's styles are
 * kept out of the document (`mock="server"`): jsdom matches every stylesheet rule on each
 * getComputedStyle, which role queries and clicks call for every element, and antd's rules made
 * the payment panel's tests take minutes instead of seconds. Nothing here asserts a style.
 */
export function renderApp(ui: ReactNode, { path = '/', session = null }: { path?: string; session?: Session | null } = {}) {
  const value: SessionContextValue = { session, signIn: vi.fn(), signOut: vi.fn(async () => undefined) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <StyleProvider mock="server">
      <QueryClientProvider client={queryClient}>
        <PreferencesProvider>
          <SessionContext.Provider value={value}>
            <MemoryRouter initialEntries={[path]}>
              {ui}
              <LocationProbe />
            </MemoryRouter>
          </SessionContext.Provider>
        </PreferencesProvider>
      </QueryClientProvider>
    </StyleProvider>,
  );
  return { ...result, session: value, queryClient };
}
