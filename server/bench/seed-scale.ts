import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedBase } from '../src/db/seed/base';
import { seedDemo } from '../src/db/seed/demo';
import { scaleOptionsFromEnv, seedScale } from '../src/db/seed/scale';
import { seedScaleClosedBoxes } from '../src/db/seed/scale-closed-boxes';

/**
 * `npm run seed:scale`: the DESIGN §8 scale set in the PostgreSQL database of DATABASE_URL
 * (SCALE_CLIENTS, SCALE_ADDRESSES, SCALE_PAYMENTS, SCALE_CLOSINGS and SCALE_MONTH override the sizes and the
 * anchor month, which defaults to the current one; SCALE_DEBUG=1 prints each statement's time).
 *
 * The database must be empty (never started), or one this command filled before: then it
 * is rebuilt from nothing (schema dropped, migrations, base and demo seeds, scale set), so
 * every run with the same anchor month leaves the same scale rows (the demo rows follow
 * today's date). A `scale_seed` table marks such a database. PGlite is not offered: the
 * generator itself runs on it at test sizes (scale.test.ts).
 */
async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('seed:scale necesita DATABASE_URL (PostgreSQL), p. ej. postgres://postgres@127.0.0.1:5432/recaudo_scale');
  const options = scaleOptionsFromEnv();
  const started = performance.now();

  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  try {
    const marked = (await probe.query(`select to_regclass('public.scale_seed') is not null as marked`)).rows[0]?.marked === true;
    const hasUsers = (await probe.query(`select to_regclass('public.users') is not null as present`)).rows[0]?.present === true;
    const userCount = hasUsers ? Number((await probe.query('select count(*) from users')).rows[0]?.count ?? 0) : 0;
    if (marked) {
      console.log('Base de datos de escala anterior: se reconstruye desde cero.');
      await probe.query('drop schema if exists drizzle cascade');
      await probe.query('drop schema public cascade');
      await probe.query('create schema public');
    } else if (userCount > 0) {
      throw new Error('La base de datos tiene datos que no hizo seed:scale. Usa una base de datos vacía (CREATE DATABASE recaudo_scale).');
    }
  } finally {
    await probe.end();
  }

  const database = await openDatabase({ url, dataDir: null });
  try {
    await seedBase(database.db);
    await seedDemo(database.db);
    console.log(`Generando ${options.clients} clientes y ${options.addresses} direcciones al mes ${options.month}…`);
    const counts = await seedScale(database.db, options, (message) => console.log(`  ${message}`));
    const closings = await seedScaleClosedBoxes(database.db, { closings: Number(process.env.SCALE_CLOSINGS ?? 30_000) });
    console.log(`  cierres de caja: ${closings.closings} con ${closings.closed} pagos`);
    // The summary stage rewrote every address once: compact the table as a restore would leave
    // it, then fresh statistics and visibility maps for the planner.
    const vacuumed = performance.now();
    await database.db.execute(sql`vacuum (full) addresses_payments`);
    await database.db.execute(sql`vacuum (analyze)`);
    console.log(`  vacuum: ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`);
    await database.db.execute(sql`create table scale_seed (options jsonb not null, counts jsonb not null, finished_at timestamptz not null default now())`);
    await database.db.execute(sql`insert into scale_seed (options, counts) values (${JSON.stringify(options)}::jsonb, ${JSON.stringify(counts)}::jsonb)`);
    console.table(counts);
    console.log(`seed:scale terminó en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
