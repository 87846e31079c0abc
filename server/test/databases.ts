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

/** Creates an empty database (or a copy of `template`) named `<prefix>_<random>` on `url`'s server; answers its name and address. */
export async function createDatabase(url: string, prefix: string, template: string | null = null): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { name, url: target.toString() };
}

/**
 * Drops a database of `url`'s server once its sessions are gone: forcing a closing pool's backends
 * out would raise an unhandled "terminating connection" error in a client that is still closing.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await untilNoSessions(admin, name);
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
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
  const template = url === process.env.DATABASE_URL ? inject('postgresTemplate') : null;
  const created = await createDatabase(url, 'recaudo_test', template);
  const handle = await openDatabase({ url: created.url, dataDir: null });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(url, created.name);
    },
  };
}
