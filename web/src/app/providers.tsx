import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import { useMemo, type ReactNode } from 'react';
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
  // One object per theme: antd derives, hashes and injects a theme's tokens for every new object.
  const themeConfig = useMemo(
    () => ({
      zeroRuntime: true,
      algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      // Text at WCAG's 4.5:1 or more (Lighthouse). Links: in the primary blue on white, where
      // antd's own link blue reads at 4.1:1; in a light blue on the dark theme's cards, where the
      // blue it derives reads at 3.6:1 (the login and verification pages use the same two).
      // Descriptions (secondary text, empty lists) in 65 % black, where antd's 45 % read at 3.4:1.
      token: {
        colorPrimary: '#1f6feb',
        motion: !reducedMotion,
        ...(mode === 'dark' ? { colorLink: '#58a6ff' } : { colorLink: '#1f6feb', colorTextDescription: 'rgba(0, 0, 0, 0.65)' }),
      },
      // The menu's open page, in the primary blue on its tinted ground, read at about 4:1.
      components: { Menu: { itemSelectedColor: mode === 'dark' ? '#58a6ff' : '#0a53be' } },
    }),
    [mode, reducedMotion],
  );
  return (
    <ConfigProvider locale={recaudoLocale} theme={themeConfig}>
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
