import type { ViteUserConfig } from 'vitest/config';

/** What the server's two test projects share: Node, a database per file, the migrated snapshot made once per run. */
export const serverTests = {
  environment: 'node',
  globalSetup: ['./test/global-setup.ts'],
  // Each file boots its own database (PGlite in WASM or a fresh PostgreSQL database).
  testTimeout: 20_000,
  hookTimeout: 60_000,
} satisfies NonNullable<ViteUserConfig['test']>;

/** Files that replace a module of the server with `vi.mock`: they need a module graph of their own. */
export const NEEDS_ISOLATION = ['src/modules/auth/uniform-answers.test.ts'];

/**
 * Files that choose their engines themselves (PGlite data directories, the local PostgreSQL, both
 * in one file) and spawn their own processes: DATABASE_URL changes nothing in them, so the
 * PostgreSQL run (`DATABASE_URL=… npm run test:server`, CI's second pass) leaves them to the
 * PGlite one instead of repeating about four minutes of the same work.
 */
export const ENGINE_INDEPENDENT = [
  'src/modules/backups/cli.test.ts',
  'src/modules/backups/engines.test.ts',
  'src/modules/backups/production.test.ts',
  // A throwaway PostgreSQL cluster of their own, restarted and killed (test/throwaway-postgres).
  'src/platform/database-outage.test.ts',
  'src/platform/realtime-restart.test.ts',
  'src/simulated-start.test.ts',
  'src/secrets-start.test.ts',
];
export const notThisRun = process.env.DATABASE_URL ? ENGINE_INDEPENDENT : [];
