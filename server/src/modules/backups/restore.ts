import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { latestMigration, queryRows } from '../../db/version';
import type { ObjectStore } from '../../platform/storage';
import { digestTables, listTables, portableSession, quoted, TableDigest, type TableInfo } from './catalog';
import { BACKUP_FORMAT, BACKUP_VERSION, DamagedBackup, readBackup, sha256Hex, type BackupHeader, type Manifest } from './format';

export class RestoreRefused extends Error {}

export interface RestoreSummary {
  header: BackupHeader;
  tables: Record<string, number>;
  rows: number;
  sequences: number;
  files: number;
}

/**
 * First pass over the file, before the database is touched: the header names this format and
 * this code's schema version, every table's rows match the manifest's count and checksum and
 * every file its size and checksum.
 */
export async function checkBackup(file: string): Promise<{ header: BackupHeader; manifest: Manifest }> {
  let header: BackupHeader | null = null;
  let manifest: Manifest | null = null;
  const digests = new Map<string, TableDigest>();
  const files: Manifest['files'] = [];
  for await (const line of readBackup(file)) {
    if (line.kind === 'header') header = line.header;
    else if (!header) throw new DamagedBackup('El archivo no empieza con la cabecera de un respaldo de Recaudo');
    else if (line.kind === 'table') digests.set(line.name, new TableDigest());
    else if (line.kind === 'row') {
      const digest = digests.get(line.table);
      if (!digest) throw new DamagedBackup(`Filas de una tabla no declarada: ${line.table}`);
      digest.add(line.row);
    } else if (line.kind === 'file') {
      if (line.data.length !== line.size || sha256Hex(line.data) !== line.sha256) throw new DamagedBackup(`El archivo ${line.name} está dañado`);
      files.push({ name: line.name, size: line.size, sha256: line.sha256 });
    } else if (line.kind === 'manifest') manifest = line.manifest;
  }
  if (!header || header.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION) throw new DamagedBackup('El archivo no es un respaldo de Recaudo');
  if (!manifest) throw new DamagedBackup('El respaldo está incompleto: falta el manifiesto');
  for (const [name, digest] of digests) {
    const found = digest.result();
    const expected = manifest.tables[name];
    if (!expected || expected.rows !== found.rows || expected.sha256 !== found.sha256) {
      throw new DamagedBackup(`La tabla ${name} no coincide con el manifiesto (${found.rows} filas leídas, ${expected?.rows ?? 0} esperadas)`);
    }
  }
  if (Object.keys(manifest.tables).length !== digests.size) throw new DamagedBackup('El respaldo está incompleto: faltan tablas del manifiesto');
  if (JSON.stringify(files) !== JSON.stringify(manifest.files)) throw new DamagedBackup('Los archivos no coinciden con el manifiesto');
  const code = latestMigration().tag;
  if (header.schema !== code) {
    throw new RestoreRefused(`El respaldo es de la versión de esquema ${header.schema} y esta instalación usa ${code}: restáurelo con la versión de Recaudo que lo creó.`);
  }
  return { header, manifest };
}

async function hasRows(tx: Transaction, tables: TableInfo[]): Promise<string[]> {
  const filled: string[] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ any: boolean }>(tx, sql.raw(`select exists (select 1 from ${quoted(table.name)}) as any`));
    if (row?.any) filled.push(table.name);
  }
  return filled;
}

const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Loads a checked backup into `db` in ONE transaction: refuses a database holding data unless
 * `force` (then it empties it first), inserts every row with triggers and foreign-key checks
 * off (the rows are a consistent snapshot; counters kept by triggers are restored as they
 * were), sets the sequences, then reads every table back and compares count and checksum with
 * the manifest: any difference rolls everything back. Files are written after that check,
 * before the commit.
 */
export async function restoreBackup(db: Database, uploads: ObjectStore, file: string, options: { force: boolean }): Promise<RestoreSummary> {
  const { header, manifest } = await checkBackup(file);
  return db.transaction(async (tx) => {
    await portableSession(tx);
    await tx.execute(sql`set local session_replication_role to replica`).catch((error: unknown) => {
      throw new RestoreRefused(
        `El usuario de la base de datos no puede desactivar los disparadores durante la carga (session_replication_role): restaure como superusuario o con un rol al que se haya concedido ese parámetro. (${(error as Error).message})`,
      );
    });
    const tables = await listTables(tx);
    const known = new Map(tables.map((table) => [table.name, table]));
    const missing = Object.keys(manifest.tables).filter((name) => !known.has(name));
    if (missing.length) throw new RestoreRefused(`La base de datos no tiene las tablas ${missing.join(', ')} del respaldo`);
    const filled = await hasRows(tx, tables);
    if (filled.length && !options.force) {
      throw new RestoreRefused(`La base de datos no está vacía (${filled.length} tablas con datos, p. ej. ${filled.slice(0, 3).join(', ')}). Usa --force para reemplazar su contenido.`);
    }
    if (filled.length) await tx.execute(sql.raw(`truncate ${tables.map((table) => quoted(table.name)).join(', ')} restart identity cascade`));

    let pending: { table: TableInfo; rows: string[]; bytes: number } | null = null;
    const flush = async () => {
      if (!pending?.rows.length) return;
      const columns = pending.table.columns.map(quoted).join(', ');
      const name = quoted(pending.table.name);
      await tx.execute(
        sql`${sql.raw(`insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, `)}${`[${pending.rows.join(',')}]`}::json)`,
      );
      pending.rows = [];
      pending.bytes = 0;
    };
    // Once every row is in (the files come last), the tables are read back and compared with
    // the manifest; files are written only after that.
    let verified = false;
    const verify = async () => {
      if (verified) return;
      verified = true;
      await flush();
      const restored = await digestTables(tx, tables.filter((table) => manifest.tables[table.name]));
      for (const [name, expected] of Object.entries(manifest.tables)) {
        const found = restored[name];
        if (!found || found.rows !== expected.rows || found.sha256 !== expected.sha256) {
          throw new DamagedBackup(`Tras cargar, la tabla ${name} no coincide con el manifiesto (${found?.rows ?? 0} filas, ${expected.rows} esperadas); no se restauró nada.`);
        }
      }
    };
    let sequences = 0;
    for await (const line of readBackup(file)) {
      if (line.kind === 'table') {
        await flush();
        pending = { table: known.get(line.name)!, rows: [], bytes: 0 };
      } else if (line.kind === 'row' && pending) {
        pending.rows.push(line.row);
        pending.bytes += line.row.length;
        if (pending.rows.length >= BATCH_ROWS || pending.bytes >= BATCH_BYTES) await flush();
      } else if (line.kind === 'sequence') {
        await flush();
        await tx.execute(sql`select setval(${quoted(line.name)}::regclass, ${line.lastValue}::bigint, ${line.isCalled})`);
        sequences++;
      } else if (line.kind === 'file') {
        await verify();
        await uploads.put(line.name, line.data);
      }
    }
    await verify();
    const counts = Object.fromEntries(Object.entries(manifest.tables).map(([name, summary]) => [name, summary.rows]));
    return {
      header,
      tables: counts,
      rows: Object.values(counts).reduce((sum, rows) => sum + rows, 0),
      sequences,
      files: manifest.files.length,
    };
  });
}
