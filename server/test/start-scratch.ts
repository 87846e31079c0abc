import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createDatabase, dropDatabase } from './databases';
import type { ServerProcess } from './server-process';

/** Loading the server's modules through tsx alone took 23 s on the shared 2-core machine. */
export const START_BUDGET_MS = 90_000;
export const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * What a start test of real server processes uses, cleaned up after the file: a scratch folder,
 * the processes it started (killed) and the PostgreSQL databases it made (dropped).
 */
export function startScratch(prefix: string) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const started: ServerProcess[] = [];
  const databases: string[] = [];
  afterAll(async () => {
    for (const server of started) server.child.kill('SIGKILL');
    for (const name of databases) await dropDatabase(POSTGRES, name).catch(() => undefined);
    fs.rmSync(scratch, { recursive: true, force: true });
  });
  return {
    scratch,
    track: <T extends ServerProcess>(server: T) => (started.push(server), server),
    async database(prefixName: string) {
      const database = await createDatabase(POSTGRES, prefixName);
      databases.push(database.name);
      return database;
    },
  };
}
