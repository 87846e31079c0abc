import type { Session } from '@recaudo/domain/auth';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { startTransition, use, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../lib/session';
import { makeSession } from '../test/render';
import { prefetchPageData } from './pages';
import ServerState from './server-state';

// The real channel opens a socket; here only the cache is under test.
vi.mock('./realtime-bridge', () => ({ RealtimeBridge: () => null }));
vi.mock('./pages', () => ({ prefetchPageData: vi.fn() }));

let fetches = 0;
function Rates() {
  const { data } = useQuery({ queryKey: ['rates'], queryFn: async () => `respuesta ${++fetches}` });
  return <p>{data ?? 'cargando'}</p>;
}

const app = (session: Session | null, page: ReactNode = <Rates />) => (
  <MemoryRouter initialEntries={['/payments']}>
    <SessionContext.Provider value={{ session, signIn: vi.fn(), signOut: vi.fn(async () => undefined) }}>
      <ServerState>{page}</ServerState>
    </SessionContext.Provider>
  </MemoryRouter>
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

  it("asks for the first page's data once, with the cache the page reads, when the first render is thrown away before it commits", async () => {
    vi.mocked(prefetchPageData).mockClear();
    let release = () => {};
    const codeArrived = new Promise<void>((resolve) => (release = resolve));
    const seen: QueryClient[] = [];
    // A page whose code is still on its way, under no Suspense boundary: the transition waits.
    function SlowPage() {
      use(codeArrived);
      seen.push(useQueryClient());
      return <p>página</p>;
    }
    const { rerender } = render(null);
    await act(async () => startTransition(() => rerender(app(makeSession(), <SlowPage />))));
    await act(async () => release());

    expect(await screen.findByText('página')).toBeInTheDocument();
    expect(prefetchPageData).toHaveBeenCalledTimes(1);
    expect(vi.mocked(prefetchPageData).mock.calls[0]?.[0]).toBe('/payments');
    expect(vi.mocked(prefetchPageData).mock.calls[0]?.[1]).toBe(seen.at(-1));
  });
});
