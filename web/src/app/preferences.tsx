import type { Theme } from '@recaudo/domain/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getStoredJson, getStoredTheme, setStoredJson, setStoredTheme } from '../lib/storage';

/**
 * The layout customizer's choices (spec 01 §1 defaults: vertical, light, fluid, fixed),
 * remembered per browser. The theme is kept on its own key because the login page, which
 * has no session yet, must open in the last theme used. Until the user chooses one, the theme
 * follows the system's dark preference, and changes with it (issue 51).
 */
export interface LayoutPreferences {
  layout: 'vertical' | 'horizontal';
  width: 'fluid' | 'boxed';
  header: 'fixed' | 'static';
}

export const DEFAULT_LAYOUT: LayoutPreferences = { layout: 'vertical', width: 'fluid', header: 'fixed' };

interface PreferencesValue extends LayoutPreferences {
  theme: Theme;
  /** The user's choice: kept in this browser and followed from then on instead of the system's. */
  setTheme(theme: Theme): void;
  /** The account's theme at sign-in: dark is a choice; light is also an account's default, which leaves an unchosen theme to the system. */
  adoptAccountTheme(theme: Theme): void;
  setLayout(change: Partial<LayoutPreferences>): void;
}

const PreferencesContext = createContext<PreferencesValue | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';
const systemTheme = (): Theme => (typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light');
const storedChoice = (): Theme | null => {
  const stored = getStoredTheme();
  return stored === 'dark' || stored === 'light' ? stored : null;
};

function initialLayout(): LayoutPreferences {
  const stored = getStoredJson<LayoutPreferences>('layout');
  return {
    layout: stored.layout === 'horizontal' ? 'horizontal' : 'vertical',
    width: stored.width === 'boxed' ? 'boxed' : 'fluid',
    header: stored.header === 'static' ? 'static' : 'fixed',
  };
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<Theme | null>(storedChoice);
  const [system, setSystem] = useState<Theme>(systemTheme);
  const [layout, setLayoutState] = useState<LayoutPreferences>(initialLayout);
  const theme = choice ?? system;

  useEffect(() => {
    const media = window.matchMedia?.(DARK_QUERY);
    if (!media) return;
    const follow = () => setSystem(media.matches ? 'dark' : 'light');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  const setTheme = useCallback((next: Theme) => {
    setStoredTheme(next);
    setChoice(next);
  }, []);

  const adoptAccountTheme = useCallback((account: Theme) => {
    if (account === 'dark') setTheme('dark');
  }, [setTheme]);

  const setLayout = useCallback((change: Partial<LayoutPreferences>) => {
    setLayoutState((current) => {
      const next = { ...current, ...change };
      setStoredJson('layout', next);
      return next;
    });
  }, []);

  const value = useMemo(() => ({ ...layout, theme, setTheme, adoptAccountTheme, setLayout }), [layout, theme, setTheme, adoptAccountTheme, setLayout]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs <PreferencesProvider>');
  return value;
}
