import type { Theme } from '@recaudo/domain/auth';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { getStoredJson, getStoredTheme, setStoredJson, setStoredTheme } from '../lib/storage';

/**
 * The layout customizer's choices (spec 01 §1 defaults: vertical, light, fluid, fixed),
 * remembered per browser. The theme is kept on its own key because the login page, which
 * has no session yet, must open in the last theme used.
 */
export interface LayoutPreferences {
  layout: 'vertical' | 'horizontal';
  width: 'fluid' | 'boxed';
  header: 'fixed' | 'static';
}

export const DEFAULT_LAYOUT: LayoutPreferences = { layout: 'vertical', width: 'fluid', header: 'fixed' };

interface PreferencesValue extends LayoutPreferences {
  theme: Theme;
  setTheme(theme: Theme): void;
  setLayout(change: Partial<LayoutPreferences>): void;
}

const PreferencesContext = createContext<PreferencesValue | null>(null);

const initialTheme = (): Theme => (getStoredTheme() === 'dark' ? 'dark' : 'light');

function initialLayout(): LayoutPreferences {
  const stored = getStoredJson<LayoutPreferences>('layout');
  return {
    layout: stored.layout === 'horizontal' ? 'horizontal' : 'vertical',
    width: stored.width === 'boxed' ? 'boxed' : 'fluid',
    header: stored.header === 'static' ? 'static' : 'fixed',
  };
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(initialTheme);
  const [layout, setLayoutState] = useState<LayoutPreferences>(initialLayout);

  const setTheme = useCallback((next: Theme) => {
    setStoredTheme(next);
    setThemeState(next);
  }, []);

  const setLayout = useCallback((change: Partial<LayoutPreferences>) => {
    setLayoutState((current) => {
      const next = { ...current, ...change };
      setStoredJson('layout', next);
      return next;
    });
  }, []);

  const value = useMemo(() => ({ ...layout, theme, setTheme, setLayout }), [layout, theme, setTheme, setLayout]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs <PreferencesProvider>');
  return value;
}
