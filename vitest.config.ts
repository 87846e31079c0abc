import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['domain', 'server', 'server/vitest.isolated.config.ts', 'web', 'web/vitest.isolated.config.ts', 'e2e'],
    // Vitest runs one worker fewer than the cores: on the 2-core machines CI runs on, one test
    // file at a time, with a core idle while PGlite and jsdom worked.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
