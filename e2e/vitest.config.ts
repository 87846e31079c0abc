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
    // A poll waits for what a user waits for: a debounced search and its answer, rendered, took
    // more than vitest's default second on this 2-core machine at the suite's start (a search in
    // Clientes still showed the ten unfiltered rows at 1 s). It still passes the moment it holds.
    expect: { poll: { timeout: 5_000 } },
  },
});
