import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSession } from '../lib/session';

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

function UserCache({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const [queryClient] = useState(createQueryClient);
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
