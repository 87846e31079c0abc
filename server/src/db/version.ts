import fs from 'node:fs';
import path from 'node:path';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder, type Database, type Executor } from './client';

interface JournalEntry {
  tag: string;
  when: number;
}

/** The last migration this code knows (its tag names the schema version of a backup). */
export function latestMigration(): JournalEntry {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('El registro de migraciones está vacío');
  return { tag: last.tag, when: last.when };
}

/** The creation time of the last migration applied to the database (drizzle's own table), or null. */
export async function appliedMigration(db: Executor): Promise<number | null> {
  const [row] = await queryRows<{ created_at: string | number }>(db, sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  return row ? Number(row.created_at) : null;
}

/** Rows of a raw query: both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const engineOf = (db: Database): 'pglite' | 'postgres' => (is(db, PgliteDatabase) ? 'pglite' : 'postgres');
