import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; services only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query helpers take either the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (PGlite only): what a test snapshot is dumped from. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/** The SQL migrations sit beside the sources in development and beside the bundle in dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../drizzle'), path.resolve(here, '../../drizzle')];
  const found = candidates.find((candidate) => fs.existsSync(path.join(candidate, 'meta', '_journal.json')));
  if (!found) throw new Error(`No se encontraron las migraciones en ${candidates.join(' o ')}`);
  return found;
}

/** Any fixed number: the advisory lock that serialises the start-up of several processes. */
const STARTUP_LOCK = 7_305_001;

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite (in `dataDir`, or in
 * memory when null), and brings the schema up to date. `prepare` (the seeds) runs right after
 * the migrations; on PostgreSQL both run under an advisory lock, so several processes started
 * together migrate and seed one after another instead of racing.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string | null;
  /** PGlite in memory only: start from this dumped data directory (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
  prepare?: (db: Database) => Promise<void>;
}): Promise<DatabaseHandle> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (options.url) {
    // JIT compiles a query whose estimated cost passes jit_above_cost, which costs 50–200 ms:
    // more than any list query of this application runs for (DESIGN §8), so it is off. Parallel
    // workers split one query over the cores that the other requests need: with four requests at
    // once on two cores a count over 40 000 addresses took 116 ms with them and 31 ms without.
    //
    // Idle connections stay open: each holds its prepared statements and PostgreSQL's choice of
    // their generic plans, made after five custom plans (3–4 ms each for a page of addresses).
    // With the pool's default of closing them after 10 s idle, every pause of the counter made
    // the next requests pay that again.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, idleTimeoutMillis: 0, options: '-c jit=off -c max_parallel_workers_per_gather=0' });
    // An idle connection closed by the server (restart, failover, pg_terminate_backend) is
    // dropped by the pool and replaced at the next query; unheard, its error would stop the process.
    pool.on('error', () => undefined);
    // So is a connection in use between two queries (a transaction waiting on the application):
    // PostgreSQL's goodbye arrives as an 'error' event that nobody listens for while the pool has
    // lent it out. Its query then fails and the request answers 503 (platform/database-outage).
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    try {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        await migratePg(db, migrationsConfig);
        await options.prepare?.(db as unknown as Database);
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        holder.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  // pg_trgm backs the contains-searches of the lists (migration 0005); on PostgreSQL it is a
  // standard contrib extension the migration creates.
  const extensions = { pg_trgm };
  const client = options.dataDir ? new PGlite(options.dataDir, { extensions }) : new PGlite({ extensions, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, migrationsConfig);
  await options.prepare?.(db as unknown as Database);
  return { db: db as unknown as Database, kind: 'pglite', pglite: client, close: () => client.close() };
}
