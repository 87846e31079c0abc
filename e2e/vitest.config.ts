import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser: the files run one after another.
    fileParallelism: false,
  },
});
