import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { JSDOM_WIDTH, setWindowWidth } from './viewport';

afterEach(() => {
  cleanup();
  setWindowWidth(JSDOM_WIDTH);
});

// antd forms validate asynchronously; on a busy 2-core machine a second is not always enough.
configure({ asyncUtilTimeout: 5000 });

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
