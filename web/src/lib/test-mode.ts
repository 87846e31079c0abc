import { TEST_MODE_HEADER } from '@recaudo/domain/test-mode';
import { useSyncExternalStore } from 'react';

/**
 * The server's test mode as its answers announce it (TEST_MODE_HEADER): the notice while a
 * simulator stands in for an outside service, null otherwise. Every answer refreshes it.
 */
let notice: string | null = null;
const listeners = new Set<() => void>();

export function noteTestMode(response: Response): void {
  const header = response.headers.get(TEST_MODE_HEADER);
  let next: string | null = null;
  try {
    next = header ? decodeURIComponent(header) : null;
  } catch {
    next = null;
  }
  if (next === notice) return;
  notice = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useTestModeNotice = () => useSyncExternalStore(subscribe, () => notice);
