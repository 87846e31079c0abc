import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

/** Full-screen state from the browser itself, so Esc and the toggle never disagree. */
export function useFullScreen(): { active: boolean; toggle: () => void } {
  const active = useSyncExternalStore(
    subscribe,
    () => Boolean(document.fullscreenElement),
    () => false,
  );
  const toggle = useCallback(() => {
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // Refused by the browser (iframe, permissions): nothing to undo.
    void change?.catch(() => undefined);
  }, []);
  return { active, toggle };
}
