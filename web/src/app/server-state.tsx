import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { prefetchPageData } from './pages';

const RealtimeBridge = lazy(() => import('./realtime-bridge').then((module) => ({ default: module.RealtimeBridge })));

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The http client already toasts failures; a retry would toast twice.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * A cache made by a render that has not committed yet. React throws away a render that suspends
 * before it commits (a page's code still on its way) with its state; the retry would make a second
 * cache and ask for the page's data a second time (seen in Lighthouse's runs). It takes this one.
 */
let uncommitted: { owner: string; client: QueryClient } | null = null;

function UserCache({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const { pathname } = useLocation();
  const owner = String(session?.user.id ?? 'guest');
  const [queryClient] = useState(() => {
    if (uncommitted?.owner === owner) return uncommitted.client;
    const client = createQueryClient();
    // The first page's data is asked for now, while the tree below renders (pages.tsx, RoutePrefetch).
    if (session) prefetchPageData(pathname, client, session);
    uncommitted = { owner, client };
    return client;
  });
  useEffect(() => {
    if (uncommitted?.client === queryClient) uncommitted = null;
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {/* The real-time channel only exists for a logged-in browser. */}
      {session && (
        <Suspense fallback={null}>
          <RealtimeBridge />
        </Suspense>
      )}
      {children}
    </QueryClientProvider>
  );
}

/**
 * The server-state cache (react-query) and the real-time channel of every screen but the login,
 * which uses neither: their code (about 7 KB gzip) stays out of the login page. Each user gets a
 * cache of their own, so a logout or another login never shows the previous user's data.
 */
export default function ServerState({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return <UserCache key={session?.user.id ?? 'guest'}>{children}</UserCache>;
}
