import { useEffect, useState } from 'react';

/** Spec 03 §9: list search and filter inputs wait 700 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 700;

export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
