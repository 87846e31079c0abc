import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { Waves } from './capture';

/**
 * The bare handler of `npm run bench:load`: Fastify and a `pg` pool set up as the app's
 * (db/client.ts), and per scenario one route that replays the statements the app ran for that
 * request, wave by wave, and answers every row it read as JSON. Nothing else: no auth,
 * no validation, no query building, no presenting. Usage: bare-server.ts <scenarios.json>; it
 * prints its address on the first line.
 */
async function main() {
  const file = process.argv[2];
  if (!file || !process.env.DATABASE_URL) throw new Error('usage: DATABASE_URL=… bare-server.ts <scenarios.json>');
  const scenarios = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Waves>;
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off -c max_parallel_workers_per_gather=0' });
  const app = Fastify({ logger: false });
  for (const [name, waves] of Object.entries(scenarios)) {
    app.get(`/bare/${name}`, async () => {
      const data: unknown[][] = [];
      for (const wave of waves) {
        const results = await Promise.all(wave.map((statement) => pool.query(statement)));
        data.push(...results.map((result) => result.rows as unknown[]));
      }
      return { success: true, message: '', data };
    });
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(address);
  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
