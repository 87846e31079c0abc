import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';

/**
 * A backup is one gzip file of JSON lines, written in this order:
 * - `{"header":{format, version, schema, engine, created_at}}`: `schema` is the last migration;
 * - per table `{"table":name,"columns":[…]}`, then one line per row `{"t":name,"r":ROW}` where ROW is
 *   PostgreSQL's own `row_to_json` text (numerics, timestamps in UTC and bytea as the database
 *   writes them, so nothing is rounded through JavaScript numbers);
 * - `{"sequence":name,"last_value":"…","is_called":bool}` per sequence;
 * - `{"file":key,"size":n,"sha256":"…","data":base64}` per uploaded file;
 * - last, `{"manifest":{tables:{name:{rows,sha256}}, sequences, files}}`: the checksum of a table
 *   is SHA-256 over its row texts, each followed by a newline, in primary-key order.
 */
export const BACKUP_FORMAT = 'recaudo-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: string;
  version: number;
  schema: string;
  engine: 'pglite' | 'postgres';
  created_at: string;
}

export interface TableSummary {
  rows: number;
  sha256: string;
}

export interface Manifest {
  tables: Record<string, TableSummary>;
  sequences: number;
  files: { name: string; size: number; sha256: string }[];
}

export type BackupLine =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'row'; table: string; row: string }
  | { kind: 'sequence'; name: string; lastValue: string; isCalled: boolean }
  | { kind: 'file'; name: string; size: number; sha256: string; data: Buffer }
  | { kind: 'manifest'; manifest: Manifest };

export const rowLine = (table: string, row: string) => `{"t":${JSON.stringify(table)},"r":${row}}\n`;

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export class DamagedBackup extends Error {}

/** Reads a backup file line by line; a line that is not part of the format stops with DamagedBackup. */
export async function* readBackup(file: string): AsyncGenerator<BackupLine> {
  const gunzip = createGunzip();
  const lines = readline.createInterface({ input: createReadStream(file).pipe(gunzip), crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const line of lines) {
      number++;
      if (!line) continue;
      if (line.startsWith('{"t":')) {
        // The row text is kept byte for byte: it is what the checksum covers.
        const split = line.indexOf(',"r":');
        if (split < 0 || !line.endsWith('}')) throw new DamagedBackup(`Línea ${number} dañada`);
        yield { kind: 'row', table: JSON.parse(line.slice(5, split)) as string, row: line.slice(split + 5, -1) };
        continue;
      }
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new DamagedBackup(`Línea ${number} dañada`);
      }
      if (parsed.header) yield { kind: 'header', header: parsed.header as BackupHeader };
      else if (typeof parsed.table === 'string') yield { kind: 'table', name: parsed.table, columns: parsed.columns as string[] };
      else if (typeof parsed.sequence === 'string')
        yield { kind: 'sequence', name: parsed.sequence, lastValue: String(parsed.last_value), isCalled: parsed.is_called === true };
      else if (typeof parsed.file === 'string')
        yield { kind: 'file', name: parsed.file, size: Number(parsed.size), sha256: String(parsed.sha256), data: Buffer.from(String(parsed.data), 'base64') };
      else if (parsed.manifest) yield { kind: 'manifest', manifest: parsed.manifest as Manifest };
      else throw new DamagedBackup(`Línea ${number} desconocida`);
    }
  } catch (error) {
    if (error instanceof DamagedBackup) throw error;
    throw new DamagedBackup(`El archivo no es un respaldo legible: ${(error as Error).message}`);
  }
}
