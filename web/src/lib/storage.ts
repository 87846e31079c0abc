/**
 * Everything the web client remembers per browser lives under these localStorage keys, so a
 * logout or a version reset touches one place.
 */
const KEYS = {
  token: 'recaudo.token',
  version: 'recaudo.version',
  theme: 'recaudo.theme',
  layout: 'recaudo.layout',
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Private modes and disabled storage must not break the app.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Same as above: losing a preference is better than a crash.
  }
}

export const getToken = () => read(KEYS.token);
export const setToken = (token: string | null) => write(KEYS.token, token);

export const getVersion = () => read(KEYS.version);
export const setVersion = (version: string) => write(KEYS.version, version);

export const getStoredTheme = () => read(KEYS.theme);
export const setStoredTheme = (theme: string) => write(KEYS.theme, theme);

export function getStoredJson<T>(key: 'layout'): Partial<T> {
  try {
    const parsed: unknown = JSON.parse(read(KEYS[key]) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : {};
  } catch {
    return {};
  }
}

export const setStoredJson = (key: 'layout', value: unknown) => write(KEYS[key], JSON.stringify(value));
