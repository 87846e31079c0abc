import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { recaudoLocale } from './locale';
import { NotifyHost } from './notify-host';
import { PreferencesProvider, usePreferences } from './preferences';
import { SessionProvider } from './session-provider';
import { usePrefersReducedMotion } from '../lib/use-reduced-motion';

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
      locale={recaudoLocale}
      theme={{
        zeroRuntime: true,
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        // Links in the primary blue on white: antd's own link blue reads at 4.1:1, under WCAG's 4.5
        // (Lighthouse); descriptions (secondary text, empty lists) in 65 % black, where antd's 45 %
        // read at 3.4:1. The dark theme's derived colours already pass on its background.
        token: { colorPrimary: '#1f6feb', motion: !reducedMotion, ...(mode === 'dark' ? {} : { colorLink: '#1f6feb', colorTextDescription: 'rgba(0, 0, 0, 0.65)' }) },
      }}
    >
      <NotifyHost />
      <ThemedRoot mode={mode}>{children}</ThemedRoot>
    </ConfigProvider>
  );
}

/** The server-state cache and the real-time channel are per route: see server-state.tsx. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <PreferencesProvider>
      <ThemedApp>
        <SessionProvider>{children}</SessionProvider>
      </ThemedApp>
    </PreferencesProvider>
  );
}
