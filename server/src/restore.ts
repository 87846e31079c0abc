import path from 'node:path';
import { loadConfig } from './config';
import { withConfiguredDatabase } from './db/command';
import { DamagedBackup } from './modules/backups/format';
import { RestoreRefused, restoreBackup } from './modules/backups/restore';
import { objectStores } from './platform/storage';

/**
 * `npm run restore -- FILE [--force]`: restores a backup file into the configured database
 * (DATABASE_URL, or the PGlite of DATA_DIR, which must not be in use by a running server).
 * Exit code 0 when restored, 1 when refused or failed (nothing changed then).
 */
async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const files = argv.filter((arg) => !arg.startsWith('--'));
  if (files.length !== 1) {
    console.error('Uso: npm run restore -- ARCHIVO [--force]');
    return 1;
  }
  // npm runs scripts from the package folder; a relative path is the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const config = loadConfig();
  return withConfiguredDatabase(config, async (db) => {
    const started = Date.now();
    const summary = await restoreBackup(db, objectStores(config).uploads, file, { force });
    const target = config.DATABASE_URL ? 'PostgreSQL' : `PGlite en ${config.DATA_DIR}`;
    console.log(
      `Respaldo ${path.basename(file)} (creado ${summary.header.created_at} en ${summary.header.engine}, esquema ${summary.header.schema}) restaurado en ${target}:`,
    );
    for (const [table, rows] of Object.entries(summary.tables)) if (rows) console.log(`  ${table}: ${rows} filas`);
    console.log(
      `Total: ${summary.rows} filas en ${Object.keys(summary.tables).length} tablas, ${summary.sequences} secuencias, ${summary.files} archivos; conteos y sumas de verificación comprobados (${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
    return 0;
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof RestoreRefused || error instanceof DamagedBackup;
    console.error(`No se restauró nada: ${error instanceof Error ? error.message : String(error)}`);
    if (!known && error instanceof Error && error.stack) console.error(error.stack);
    process.exit(1);
  },
);
