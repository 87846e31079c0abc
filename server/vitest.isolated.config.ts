import { defineProject } from 'vitest/config';
import { NEEDS_ISOLATION, serverTests } from './vitest.shared';

/** The server's test files that mock one of its modules, each in a module graph of its own. */
export default defineProject({
  test: {
    ...serverTests,
    name: 'server-isolated',
    include: NEEDS_ISOLATION,
  },
});
