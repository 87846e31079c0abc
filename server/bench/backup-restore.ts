/**
 * Times a backup of an existing database (read only: no migration, nothing written) and its
 * restore into a new database on the same server, which it drops afterwards.
 * `tsx bench/backup-restore.ts postgres://…/recaudo_scale [BACKUP_FILE]` (with a file, only the restore is timed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import { writeBackup } from '../src/modules/backups/dump';
import { restoreBackup } from '../src/modules/backups/restore';
import { localObjects } from '../src/platform/storage';

const source = process.argv[2];
if (!source) throw new Error('Uso: tsx bench/backup-restore.ts DATABASE_URL');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-bench-backup-'));
const given = process.argv[3];
const file = given ?? path.join(work, 'backup.jsonl.gz');

if (!given) {
  const pool = new pg.Pool({ connectionString: source, max: 2 });
  const started = Date.now();
  const manifest = await writeBackup(
    drizzle(pool, { schema }) as unknown as Database,
    'postgres',
    localObjects(path.join(work, 'no-uploads')),
    file,
    (table, rows) =>
      console.log(`  ${((Date.now() - started) / 1000).toFixed(0)} s: ${table} ${rows} rows, ${(fs.statSync(file).size / 1048576).toFixed(0)} MB so far`),
  );
  const backupSeconds = (Date.now() - started) / 1000;
  await pool.end();
  const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `backup: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${(fs.statSync(file).size / 1048576).toFixed(1)} MB gzip, ${backupSeconds.toFixed(1)} s`,
  );
  for (const [name, table] of Object.entries(manifest.tables)
    .sort((a, b) => b[1].rows - a[1].rows)
    .slice(0, 8))
    console.log(`  ${name}: ${table.rows}`);
}

const target = new URL(source);
target.pathname = `/bench_restore_${process.pid}`;
const admin = new pg.Client({ connectionString: source });
await admin.connect();
await admin.query(`create database ${target.pathname.slice(1)}`);
try {
  const database = await openDatabase({ url: target.toString(), dataDir: null });
  // bench/seed-scale.ts keeps its own bookkeeping table beside the application's.
  await database.db.execute(sql`create table if not exists scale_seed (options jsonb, counts jsonb, finished_at timestamptz)`);
  const started = Date.now();
  const summary = await restoreBackup(database.db, localObjects(path.join(work, 'uploads')), file, { force: false });
  console.log(`restore (PostgreSQL, with the checks): ${summary.rows} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await database.close();
} finally {
  await admin.query(`drop database if exists ${target.pathname.slice(1)} with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
}
