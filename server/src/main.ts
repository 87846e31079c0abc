import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { seedBase } from './db/seed/base';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './db/seed/demo';
import { startDispatcher } from './modules/messages/service';
import { createTransport } from './modules/messages/transport';
import { startInvoiceWorker } from './modules/invoices/emission';
import { invoiceProviderFor } from './modules/invoices/provider';

async function main() {
  const config = loadConfig();
  const releaseLock = config.DATABASE_URL ? null : await lockDataDir(config.DATA_DIR);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? null : `${config.DATA_DIR}/pgdata`,
  });
  await seedBase(database.db);
  const seeded = config.DEMO_SEED ? await seedDemo(database.db) : false;

  const app = await buildApp(config, database.db);
  // Outgoing e-mail and SMS: delivered from the outbox with retries; without SMTP_URL or
  // SMS_GATEWAY_URL they stay in the outbox and are written to this log.
  const transport = createTransport(config);
  const dispatcher = startDispatcher(database.db, transport, {
    intervalMs: config.OUTBOX_POLL_SECONDS * 1000,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    log: (message, details) => app.log.info(details, message),
    onError: (error) => app.log.error({ err: error }, 'outbox dispatcher failed'),
  });
  // Legal documents: emitted after commit from the shared job queue (modules/invoices/emission).
  const printer = await invoiceProviderFor(config);
  if (printer.simulator) app.log.warn(`Imprenta digital simulada en ${printer.simulator.url} (configure INVOICE_PROVIDER_URL para The Factory HKA)`);
  const invoiceWorker = startInvoiceWorker(database.db, printer.provider, {
    intervalMs: config.INVOICE_POLL_SECONDS * 1000,
    maxAttempts: config.INVOICE_MAX_ATTEMPTS,
    onError: (error) => app.log.error({ err: error }, 'invoice queue failed'),
  });
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    await dispatcher.stop();
    await invoiceWorker.stop();
    await app.close();
    await database.close();
    await releaseLock?.();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Recaudo ${config.version} en ${config.APP_URL} (base de datos: ${database.kind === 'pglite' ? `PGlite en ${config.DATA_DIR}` : 'PostgreSQL'})`);
  if (config.DEMO_SEED) {
    const list = DEMO_USERS.map((user) => user.email).join(', ');
    app.log.warn(
      `${seeded ? 'Datos de demostración creados. ' : ''}Usuarios de demostración: ${list} (contraseña ${DEMO_PASSWORD}). Cámbielas antes de usar Recaudo en producción.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
