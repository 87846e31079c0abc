import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // Each file boots its own database (PGlite in WASM or a fresh PostgreSQL database).
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
