import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { JSDOM_WIDTH, setWindowWidth } from './viewport';

afterEach(() => {
  cleanup();
  setWindowWidth(JSDOM_WIDTH);
});

// A findBy…/waitFor waits for the app's own signal (the element, the call) and returns as soon as
// it comes; this is only when to give up. On a 2-core machine shared by a second suite (load 24)
// a list's first rows took more than 5 s to render (issue 51), so the budget is half a test's 60 s.
configure({ asyncUtilTimeout: 30_000 });

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
