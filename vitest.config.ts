import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['domain', 'server', 'web', 'e2e'],
  },
});
