import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreferencesProvider, usePreferences } from './preferences';

/** A system whose dark preference the test sets and changes, as the operating system would. */
function systemPrefersDark(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('dark') ? matches : false;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (dark: boolean) => {
    matches = dark;
    act(() => listeners.forEach((listener) => listener()));
  };
}

function ThemeProbe() {
  const { theme, setTheme, adoptAccountTheme } = usePreferences();
  return (
    <>
      <p>Tema: {theme}</p>
      <button onClick={() => setTheme('light')}>Elegir claro</button>
      <button onClick={() => adoptAccountTheme('light')}>Cuenta clara</button>
      <button onClick={() => adoptAccountTheme('dark')}>Cuenta oscura</button>
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the theme', () => {
  it("follows the system's dark preference, and its changes, until the user chooses one", async () => {
    const change = systemPrefersDark(true);
    render(<PreferencesProvider><ThemeProbe /></PreferencesProvider>);
    expect(screen.getByText('Tema: dark')).toBeInTheDocument();
    change(false);
    expect(screen.getByText('Tema: light')).toBeInTheDocument();
    change(true);
    // An account that never chose is light by default: that does not override the system.
    await userEvent.click(screen.getByRole('button', { name: 'Cuenta clara' }));
    expect(screen.getByText('Tema: dark')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Elegir claro' }));
    expect(screen.getByText('Tema: light')).toBeInTheDocument();
    change(false);
    change(true);
    expect(screen.getByText('Tema: light')).toBeInTheDocument();
    expect(localStorage.getItem('recaudo.theme')).toBe('light');
  });

  it("takes an account's dark theme as its choice", async () => {
    systemPrefersDark(false);
    render(<PreferencesProvider><ThemeProbe /></PreferencesProvider>);
    expect(screen.getByText('Tema: light')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cuenta oscura' }));
    expect(screen.getByText('Tema: dark')).toBeInTheDocument();
    expect(localStorage.getItem('recaudo.theme')).toBe('dark');
  });
});
