import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../../db/client';
import { latestMigration } from '../../db/version';
import type { ObjectStore } from '../../platform/storage';
import { listSequences, listTables, portableSession, readRows, TableDigest } from './catalog';
import { BACKUP_FORMAT, BACKUP_VERSION, rowLine, sha256Hex, type Manifest } from './format';

/**
 * Writes a backup of the whole database and the uploaded files to `target` (a local file).
 * Every table is read in ONE repeatable-read, read-only transaction: a consistent snapshot of
 * the moment it began, while other requests keep writing (on PostgreSQL no writer waits; PGlite
 * runs one statement at a time anyway). Answers the manifest written at the end.
 */
export async function writeBackup(
  db: Database,
  engine: 'pglite' | 'postgres',
  uploads: ObjectStore,
  target: string,
  onTable?: (table: string, rows: number) => void,
): Promise<Manifest> {
  const gzip = createGzip({ level: 6 });
  // A backup holds every password hash and client's data: only the server's user reads it.
  const output = createWriteStream(target, { mode: 0o600 });
  // A failing file (a full or read-only disk, no permission) ends both streams and rejects here:
  // with a bare pipe its error event went unheard, which stops the process, and the gzip stream,
  // no longer drained, left the backup waiting forever (issue 46).
  const written = pipeline(gzip, output);
  let failure: unknown = null;
  written.catch((error: unknown) => (failure = error));
  const write = async (text: string) => {
    if (failure) throw failure;
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), written]);
  };
  const manifest: Manifest = { tables: {}, sequences: 0, files: [] };
  try {
    await write(`${JSON.stringify({ header: { format: BACKUP_FORMAT, version: BACKUP_VERSION, schema: latestMigration().tag, engine, created_at: new Date().toISOString() } })}\n`);
    await db.transaction(
      async (tx) => {
        await portableSession(tx);
        for (const table of await listTables(tx)) {
          await write(`${JSON.stringify({ table: table.name, columns: table.columns })}\n`);
          const digest = new TableDigest();
          await readRows(tx, table, async (rows) => {
            let text = '';
            for (const row of rows) {
              digest.add(row);
              text += rowLine(table.name, row);
            }
            await write(text);
          });
          const summary = digest.result();
          manifest.tables[table.name] = summary;
          onTable?.(table.name, summary.rows);
        }
        for (const sequence of await listSequences(tx)) {
          await write(`${JSON.stringify({ sequence: sequence.name, last_value: sequence.lastValue, is_called: sequence.isCalled })}\n`);
          manifest.sequences++;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Files are read after the rows: one uploaded meanwhile is included, harmlessly unused.
    for (const { key } of await uploads.list()) {
      const data = await uploads.get(key);
      if (!data) continue;
      const entry = { name: key, size: data.length, sha256: sha256Hex(data) };
      manifest.files.push(entry);
      await write(`${JSON.stringify({ file: key, size: entry.size, sha256: entry.sha256, data: data.toString('base64') })}\n`);
    }
    await write(`${JSON.stringify({ manifest })}\n`);
    gzip.end();
    await written;
    return manifest;
  } catch (error) {
    gzip.destroy();
    output.destroy();
    throw failure ?? error;
  }
}
