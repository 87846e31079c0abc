/**
 * A second server process for the real-time test: opens the database named by DATABASE_URL,
 * serves the API and the real-time channel on a free port and prints `{"port": n}`.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO_SEED: 'false', NODE_ENV: 'test' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: null });
const app = await buildApp(config, database.db, { serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
