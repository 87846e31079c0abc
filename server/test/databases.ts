import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client';

/** pool.end() resolves before its backends are gone: a database is only free once they are. */
export async function untilNoSessions(client: pg.Client, database: string) {
  for (let wait = 0; wait < 50; wait++) {
    const { rows } = await client.query<{ open: number }>('select count(*)::int as open from pg_stat_activity where datname = $1', [database]);
    if (!rows[0]?.open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let snapshot: Blob | undefined;
/** The migrated PGlite data directory that global-setup.ts dumped, read once per worker. */
function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (file && !snapshot) snapshot = new Blob([fs.readFileSync(file)]);
  return snapshot;
}

/** One database per test file: in-memory PGlite, or a fresh database on DATABASE_URL's server (or on `url`; null for PGlite). */
export async function freshDatabase(url: string | null = process.env.DATABASE_URL ?? null) {
  if (!url) return openDatabase({ dataDir: null, loadDataDir: pgliteSnapshot() });
  const name = `recaudo_test_${randomBytes(6).toString('hex')}`;
  const template = url === process.env.DATABASE_URL ? inject('postgresTemplate') : null;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ url: target.toString(), dataDir: null });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      // Forcing the closing pool's backends out would raise an unhandled "terminating
      // connection" error in a client that is still closing.
      await untilNoSessions(dropper, name);
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
