import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // antd under jsdom renders slowly, and a form test types many keys: on a busy 2-core
    // machine one test can take tens of seconds without anything being wrong.
    testTimeout: 60_000,
  },
});
