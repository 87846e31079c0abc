import { useSyncExternalStore } from 'react';

/** Spec 01 §9: the sidebar changes size at 767 px and 1025 px. */
export const MOBILE_MAX = 767;
export const DESKTOP_MIN = 1025;

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

function breakpointOf(width: number): Breakpoint {
  if (width <= MOBILE_MAX) return 'mobile';
  return width < DESKTOP_MIN ? 'tablet' : 'desktop';
}

/**
 * The window's width as of its last resize. React reads a store in its render and again in its
 * commit: there `window.innerWidth` made the browser lay out, at once, everything the commit had
 * inserted (the whole layout as it is first drawn: 100 ms of a phone's first task in Lighthouse's
 * trace, which records a script stack for every box then laid out). Kept by a listener of its
 * own, registered first, so it is current for the hooks' listeners and for a layout mounted later.
 */
let width = window.innerWidth;
window.addEventListener('resize', () => (width = window.innerWidth));

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(
    subscribe,
    () => breakpointOf(width),
    () => 'desktop',
  );
}
