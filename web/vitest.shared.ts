import react from '@vitejs/plugin-react';
import type { ViteUserConfig } from 'vitest/config';
import { decorativeIcons } from './decorative-icons-plugin';

/** What the web's two test projects share: React, the app's decorative icons, jsdom and the per-file setup (cleanup, viewport, mocks of the browser). */
export const webTests = {
  plugins: [decorativeIcons(), react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // antd under jsdom renders slowly, and a form test types many keys: on a busy 2-core
    // machine one test can take tens of seconds without anything being wrong.
    testTimeout: 60_000,
  },
} satisfies ViteUserConfig;

/** Files that replace a module of the app with `vi.mock`: they need a module graph of their own. */
export const NEEDS_ISOLATION = [
  'src/app/dashboard-route.test.tsx',
  'src/app/realtime-bridge.test.tsx',
  'src/app/server-state.test.tsx',
  'src/features/addresses-payment/addresses-page.test.tsx',
];
