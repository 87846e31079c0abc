import type { Session } from '@recaudo/domain/auth';
import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../lib/session';
import { makeSession } from '../test/render';
import ServerState from './server-state';

// The real channel opens a socket; here only the cache is under test.
vi.mock('./realtime-bridge', () => ({ RealtimeBridge: () => null }));

let fetches = 0;
function Rates() {
  const { data } = useQuery({ queryKey: ['rates'], queryFn: async () => `respuesta ${++fetches}` });
  return <p>{data ?? 'cargando'}</p>;
}

const app = (session: Session | null) => (
  <SessionContext.Provider value={{ session, signIn: vi.fn(), signOut: vi.fn(async () => undefined) }}>
    <ServerState>
      <Rates />
    </ServerState>
  </SessionContext.Provider>
);

describe('ServerState', () => {
  it('keeps the cache for the same user and starts an empty one after a logout or for another user', async () => {
    const ana = makeSession();
    const { rerender } = render(app(ana));
    expect(await screen.findByText('respuesta 1')).toBeInTheDocument();

    // The same user with a refreshed session (a saved profile): the cached answer stays.
    rerender(app({ ...ana, theme: 'dark' }));
    expect(screen.getByText('respuesta 1')).toBeInTheDocument();
    expect(fetches).toBe(1);

    rerender(app(null));
    expect(await screen.findByText('respuesta 2')).toBeInTheDocument();

    rerender(app(makeSession({ user: { id: 2, name: 'Carla Cajera' } })));
    expect(await screen.findByText('respuesta 3')).toBeInTheDocument();
  });
});
