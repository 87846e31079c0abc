import { defineProject } from 'vitest/config';
import { NEEDS_ISOLATION, webTests } from './vitest.shared';

/**
 * The web's test files share one module graph per worker (`isolate: false`): evaluating React,
 * antd and the app again for every file cost more than the tests themselves (web tests took
 * about 700 s of CPU, 160 s without). Each file still gets a fresh jsdom and the setup file,
 * which unmounts what a test rendered and resets the window's size.
 */
export default defineProject({
  ...webTests,
  test: { ...webTests.test, name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: NEEDS_ISOLATION, isolate: false },
});
