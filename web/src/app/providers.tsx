import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import esES from 'antd/es/locale/es_ES';
import theme from 'antd/es/theme';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSession } from '../lib/session';
import { NotifyHost } from './notify-host';
import { PreferencesProvider, usePreferences } from './preferences';
import { SessionProvider } from './session-provider';
import { usePrefersReducedMotion } from './use-reduced-motion';

const RealtimeBridge = lazy(() => import('./realtime-bridge').then((module) => ({ default: module.RealtimeBridge })));

/** The real-time channel only exists for a logged-in browser: its code stays out of the login page. */
function RealtimeHost() {
  const { session } = useSession();
  return session ? (
    <Suspense fallback={null}>
      <RealtimeBridge />
    </Suspense>
  ) : null;
}

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The http client already toasts failures; a retry would toast twice.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Base text and page colours of the current theme for everything outside antd components. */
function ThemedRoot({ mode, children }: { mode: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      data-theme={mode}
      style={{
        colorScheme: mode,
        minHeight: '100vh',
        background: token.colorBgLayout,
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      {children}
    </div>
  );
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { theme: mode } = usePreferences();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={esES}
      theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, token: { colorPrimary: '#1f6feb', motion: !reducedMotion } }}
    >
      <NotifyHost />
      <ThemedRoot mode={mode}>{children}</ThemedRoot>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <ThemedApp>
          <SessionProvider>
            <RealtimeHost />
            {children}
          </SessionProvider>
        </ThemedApp>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
