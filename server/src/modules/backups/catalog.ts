import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/version';

export interface TableInfo {
  name: string;
  /** Columns a restore writes (generated columns are computed again by the database). */
  columns: string[];
  /** `order by` that reads the rows in the same order on PostgreSQL and on PGlite. */
  order: string;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const quoted = ident;

/**
 * Every table of the application (schema public; drizzle's own migrations table lives in its
 * schema and is rebuilt by the migrations). Rows are ordered by the primary key with the C
 * collation for text keys, so the order (and the checksum) does not depend on the server's locale.
 */
export async function listTables(db: Executor): Promise<TableInfo[]> {
  const rows = await queryRows<{ name: string; columns: string[]; keys: { name: string; collatable: boolean }[] | null }>(
    db,
    sql`select c.relname as name,
          (select json_agg(a.attname order by a.attnum) from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
          (select json_agg(json_build_object('name', a.attname, 'collatable', a.attcollation <> 0) order by k.ord)
             from pg_index i cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
            where i.indrelid = c.oid and i.indisprimary) as keys
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname collate "C"`,
  );
  return rows.map((row) => ({
    name: row.name,
    columns: row.columns,
    order: row.keys?.length
      ? row.keys.map((key) => `${ident(key.name)}${key.collatable ? ' collate "C"' : ''}`).join(', ')
      : 'row_to_json(t)::text collate "C"',
  }));
}

/** The sequences of schema public with their state. */
export async function listSequences(db: Executor): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by c.relname collate "C"`,
  );
  const found = [];
  for (const { name } of names) {
    const [state] = await queryRows<{ last_value: string; is_called: boolean }>(db, sql.raw(`select last_value::text as last_value, is_called from ${ident(name)}`));
    found.push({ name, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  return found;
}

/** Settings under which rows are read and written: the same text for the same value on both engines. */
export async function portableSession(tx: Executor): Promise<void> {
  await tx.execute(sql`set local timezone to 'UTC'`);
  await tx.execute(sql`set local intervalstyle to 'postgres'`);
  await tx.execute(sql`set local extra_float_digits to 1`);
  await tx.execute(sql`set local bytea_output to 'hex'`);
}

let cursorSequence = 0;

/**
 * Rows a backup leaves out: the runs under way, its own among them. Restored, a running run would
 * be taken for one a crash interrupted (runs.ts) and warn on the dashboard of a healthy server.
 */
const LEFT_OUT: Record<string, string> = { backup_runs: `where status <> 'running'` };

/**
 * Reads a table's rows as JSON text (row_to_json) in batches through a cursor, inside the
 * caller's transaction; the caller sees each batch.
 */
export async function readRows(tx: Executor, table: TableInfo, onBatch: (rows: string[]) => Promise<void>, batchSize = 2000): Promise<void> {
  const cursor = `backup_cursor_${++cursorSequence}`;
  await tx.execute(sql.raw(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as r from ${ident(table.name)} t ${LEFT_OUT[table.name] ?? ''} order by ${table.order}`));
  for (;;) {
    const rows = await queryRows<{ r: string }>(tx, sql.raw(`fetch ${batchSize} from ${cursor}`));
    if (!rows.length) break;
    await onBatch(rows.map((row) => row.r));
    if (rows.length < batchSize) break;
  }
  await tx.execute(sql.raw(`close ${cursor}`));
}

/** Row count and SHA-256 of a table's rows, one JSON line each, in key order. */
export class TableDigest {
  rows = 0;
  private readonly hash = createHash('sha256');
  add(line: string) {
    this.rows++;
    this.hash.update(line).update('\n');
  }
  result() {
    return { rows: this.rows, sha256: this.hash.digest('hex') };
  }
}

/** Count and checksum of every table as the database holds it now (in the caller's transaction). */
export async function digestTables(tx: Executor, tables: TableInfo[]): Promise<Record<string, { rows: number; sha256: string }>> {
  const digests: Record<string, { rows: number; sha256: string }> = {};
  for (const table of tables) {
    const digest = new TableDigest();
    await readRows(tx, table, async (rows) => rows.forEach((row) => digest.add(row)));
    digests[table.name] = digest.result();
  }
  return digests;
}
