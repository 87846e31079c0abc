import { useSyncExternalStore } from 'react';

/** Spec 01 §9: the sidebar changes size at 767 px and 1025 px. */
export const MOBILE_MAX = 767;
export const DESKTOP_MIN = 1025;

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

function breakpointOf(width: number): Breakpoint {
  if (width <= MOBILE_MAX) return 'mobile';
  return width < DESKTOP_MIN ? 'tablet' : 'desktop';
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(
    subscribe,
    () => breakpointOf(window.innerWidth),
    () => 'desktop',
  );
}
