import { sql } from 'drizzle-orm';
import { loadConfig } from './config';
import { withConfiguredDatabase } from './db/command';
import { verifyAnchored } from './modules/logs/anchor';
import type { ChainBreak } from './modules/logs/chain';
import { objectStores } from './platform/storage';

const REASONS: Record<ChainBreak['reason'], string> = {
  content: 'su contenido no coincide con su hash (editada)',
  order: 'no sigue a la entrada anterior de la cadena (movida o reordenada)',
  missing: 'faltan entradas en este punto (eliminadas)',
  head: 'la cabeza de la cadena ya no apunta a esta, su última entrada (editada fuera de la aplicación)',
  anchor: 'la cadena hasta aquí ya no es la que se ancló fuera de la base de datos (reescrita)',
};

/**
 * `npm run audit:verify`: walks the audit log's hash chain in the configured database
 * (DATABASE_URL, or the PGlite of DATA_DIR, which must not be in use by a running server) and
 * reports the first entry whose content, order or presence does not match, a head that is not the
 * last entry, or a chain that no longer matches its anchors (logs/anchor.ts). Read-only: entries
 * the running server has not linked yet are counted, not judged. Exit code 0 when the chain is
 * intact, 1 when it is broken, 2 when it could not be checked.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  return withConfiguredDatabase(config, async (db) => {
    const started = Date.now();
    const verdict = await verifyAnchored(db, objectStores(config).backups);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const pending = (await db.execute(sql`select count(*)::int as pending from audit_logs where chain_position is null`)) as unknown as {
      rows: { pending: number }[];
    };
    const unlinked = pending.rows[0]?.pending ?? 0;
    if (verdict.broken_at) {
      const at = verdict.broken_at;
      const entry = at.id === null ? 'las últimas entradas de la cadena ya no están' : `entrada id ${at.id} del ${at.created_at} (UTC)`;
      console.error(`Bitácora ALTERADA en la posición ${at.position}: ${entry}; ${REASONS[at.reason]}.`);
      console.error(`Verificadas ${verdict.checked} entradas antes de la ruptura (${seconds} s).`);
      return 1;
    }
    console.log(
      `Bitácora íntegra: ${verdict.checked} entradas verificadas en ${seconds} s${unlinked ? `; ${unlinked} entradas recientes aún sin encadenar` : ''}.`,
    );
    return 0;
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`No se pudo verificar la bitácora: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
