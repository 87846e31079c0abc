import { defineProject } from 'vitest/config';
import { NEEDS_ISOLATION, notThisRun, serverTests } from './vitest.shared';

/**
 * The server's test files share one module graph per worker (`isolate: false`): each file opens
 * its own database and builds its own app, and no module of the server keeps state between them,
 * so evaluating the whole server again for every file (about three seconds of a worker's CPU
 * each, a quarter of the run) bought nothing.
 */
export default defineProject({
  test: {
    ...serverTests,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...NEEDS_ISOLATION, ...notThisRun],
    isolate: false,
  },
});
