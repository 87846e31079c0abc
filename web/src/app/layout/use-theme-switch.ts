import type { Theme } from '@recaudo/domain/auth';
import { useCallback } from 'react';
import { saveTheme } from '../../features/auth/api';
import { usePreferences } from '../preferences';

/** Applies a theme at once and saves it on the user's account for the next login. */
export function useThemeSwitch(): { theme: Theme; changeTheme: (theme: Theme) => void } {
  const { theme, setTheme } = usePreferences();
  const changeTheme = useCallback(
    (next: Theme) => {
      setTheme(next);
      // The http client already shows a failure; the local choice stays either way.
      saveTheme(next).catch(() => undefined);
    },
    [setTheme],
  );
  return { theme, changeTheme };
}
