import fs from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Database } from '../src/db/client';
import { digestTables, listTables, portableSession } from '../src/modules/backups/catalog';
import type { Manifest } from '../src/modules/backups/format';

/** Count and checksum of every table, read in one snapshot like a backup does. */
export function digestsOf(db: Database) {
  return db.transaction(
    async (tx) => {
      await portableSession(tx);
      return digestTables(tx, await listTables(tx));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export const backupLines = (file: string) => gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
export const writeBackupLines = (file: string, lines: string[]) => fs.writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
export const manifestOf = (file: string) => (JSON.parse(backupLines(file).at(-1)!) as { manifest: Manifest }).manifest;
