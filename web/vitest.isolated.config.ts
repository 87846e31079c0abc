import { defineProject } from 'vitest/config';
import { NEEDS_ISOLATION, webTests } from './vitest.shared';

/** The web's test files that mock one of its modules, each in a module graph of its own. */
export default defineProject({
  ...webTests,
  test: { ...webTests.test, name: 'web-isolated', include: NEEDS_ISOLATION },
});
