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
      // Issue 51 (axe on the client's portal): the labels of a Descriptions (tertiary text) read
      // at 3.4:1, success and danger text (and a danger button's) at 2.3:1 and 3.3:1 on white,
      // danger at 4.3:1 on the dark cards, placeholders at 1.8:1 and 2.2:1: the darker green and
      // red of antd's own palette (8th and 7th) on light, antd's base red on dark, grey placeholders.
      token: {
        colorPrimary: '#1f6feb',
        motion: !reducedMotion,
        ...(mode === 'dark'
          ? { colorLink: '#58a6ff', colorErrorText: '#ff7875', colorTextTertiary: 'rgba(255, 255, 255, 0.6)', colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)' }
          : {
              // On the light grey of a table's header or a label cell #1f6feb read at 4.25:1.
              colorLink: '#0a58ca',
              // antd lightens a hovered link to 2.9:1 on a hovered row.
              colorLinkHover: '#0b5ed7',
              colorTextDescription: 'rgba(0, 0, 0, 0.65)',
              colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
              colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
              colorSuccessText: '#237804',
              // Warning text (the panel's notes) read at 1.9:1 in antd's gold: its 9th.
              colorWarningText: '#874d00',
              colorError: '#cf1322',
              colorErrorText: '#cf1322',
            }),
      },
      // The menu's open page, in the primary blue on its tinted ground, read at about 4:1; so did
      // its group's title and the open tab on the dark theme (3.2:1), and a danger button's red (4.3:1).
      components: {
        Menu: { itemSelectedColor: mode === 'dark' ? '#58a6ff' : '#0a53be', subMenuItemSelectedColor: mode === 'dark' ? '#58a6ff' : '#0a53be' },
        // A card tab's blue on its grey ground read at 4.4:1.
        Tabs: { itemSelectedColor: mode === 'dark' ? '#58a6ff' : '#0a58ca' },
        ...(mode === 'dark' ? { Button: { colorError: '#ff6b6b' } } : {}),
      },
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
