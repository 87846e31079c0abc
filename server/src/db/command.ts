import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { lockDataDir } from './lock';

/**
 * Runs a command-line task (restore, audit:verify) on the server's configured database: PostgreSQL
 * by DATABASE_URL, or the PGlite of DATA_DIR, locked so a running server can't share it.
 */
export async function withConfiguredDatabase<T>(config: Config, task: (db: Database) => Promise<T>): Promise<T> {
  const release = config.DATABASE_URL ? null : await lockDataDir(config.DATA_DIR);
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? null : path.join(config.DATA_DIR, 'pgdata') });
    try {
      return await task(database.db);
    } finally {
      await database.close();
    }
  } finally {
    await release?.();
  }
}
