import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { SYSTEM_ROLES, seedBase } from './db/seed/base';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './db/seed/demo';
import { engineOf } from './db/version';
import { startBackupSchedule } from './modules/backups/schedule';
import { startReminderSchedule } from './modules/reminders/schedule';
import { startDispatcher } from './modules/messages/service';
import { createTransport } from './modules/messages/transport';
import { startInvoiceWorker } from './modules/invoices/emission';
import { invoiceProviderFor } from './modules/invoices/provider';
import { chainPending } from './modules/logs/chain';
import { compactAddressAging } from './modules/dashboard/aging';
import { startLoop } from './platform/queue';
import { listeningUrl, startBanner } from './start-banner';
import { objectStores } from './platform/storage';

async function main() {
  const config = loadConfig();
  let seeded = false;
  const releaseLock = config.DATABASE_URL ? null : await lockDataDir(config.DATA_DIR);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? null : `${config.DATA_DIR}/pgdata`,
    // Seeds run under the same start-up lock as the migrations (several processes on PostgreSQL).
    prepare: async (db) => {
      await seedBase(db);
      seeded = config.DEMO_SEED ? await seedDemo(db) : false;
    },
  });

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
  // The audit log's hash chain: entries are linked a second after their commit, so writers never
  // wait for one another; the first pass links the entries written before the chain existed.
  const auditChainer = startLoop(() => chainPending(database.db), { intervalMs: 1000, onError: (error) => app.log.error({ err: error }, 'audit chainer failed') });
  // The aging card's groups: the triggers append signed counts, folded here one group a row.
  const agingCompactor = startLoop(() => compactAddressAging(database.db), { intervalMs: 60_000, onError: (error) => app.log.error({ err: error }, 'aging compaction failed') });
  // Scheduled backups: every process runs the schedule; the backup_runs table lets one of them
  // make the backup of each tick.
  const stores = objectStores(config);
  const backups = config.BACKUP_CRON
    ? startBackupSchedule(
        { db: database.db, engine: engineOf(database.db), uploads: stores.uploads, backups: stores.backups },
        {
          cron: config.BACKUP_CRON,
          keep: config.BACKUP_KEEP,
          log: (message) => app.log.info(message),
          onError: (error) => app.log.error({ err: error }, 'scheduled backup failed'),
        },
      )
    : null;
  // Monthly payment reminders: every process runs the schedule; the (client, period) rows let each
  // reminder go out once.
  const reminderSchedule = config.REMINDER_CRON
    ? startReminderSchedule(database.db, {
        cron: config.REMINDER_CRON,
        minMonths: config.REMINDER_MIN_MONTHS,
        appUrl: config.APP_URL,
        sms: Boolean(config.SMS_GATEWAY_URL),
        log: (message) => app.log.info(message),
        onError: (error) => app.log.error({ err: error }, 'payment reminders failed'),
      })
    : null;
  // Legal documents: emitted after commit from the shared job queue (modules/invoices/emission).
  const printer = await invoiceProviderFor(config);
  const invoiceWorker = startInvoiceWorker(database.db, printer.provider, {
    intervalMs: config.INVOICE_POLL_SECONDS * 1000,
    maxAttempts: config.INVOICE_MAX_ATTEMPTS,
    rangeWarning: config.INVOICE_RANGE_WARNING,
    log: (message) => app.log.warn(message),
    onError: (error) => app.log.error({ err: error }, 'invoice queue failed'),
  });
  // On SIGTERM/SIGINT: stop taking connections, let the requests in flight finish (up to 10 s),
  // then stop the jobs and close the database.
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info(`${signal ?? 'cierre'}: terminando las peticiones en curso`);
    await app.close();
    await backups?.stop();
    await reminderSchedule?.stop();
    await dispatcher.stop();
    await auditChainer.stop();
    await agingCompactor.stop();
    await invoiceWorker.stop();
    await database.close();
    await releaseLock?.();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  if (backups) app.log.info(`Respaldos programados (${config.BACKUP_CRON}, hora de Caracas); próximo: ${backups.next()?.toISOString() ?? 'ninguno'}`);
  // The port really bound (PORT=0 picks a free one), not the configured APP_URL.
  const url = listeningUrl(config.HOST, (app.server.address() as AddressInfo).port);
  const facts = {
    version: config.version,
    url,
    database: database.kind === 'pglite' ? `PGlite en ${config.DATA_DIR}` : 'PostgreSQL',
    printerSimulator: printer.simulator?.url ?? null,
    demoUsers: config.DEMO_SEED ? DEMO_USERS.map((user) => ({ email: user.email, role: SYSTEM_ROLES.find((role) => role.id === user.roleId)?.name ?? '' })) : null,
    demoPassword: DEMO_PASSWORD,
  };
  // A person at a terminal reads the start in plain words; a service manager's log gets JSON lines.
  if (process.stdout.isTTY) {
    process.stdout.write(startBanner(config, facts));
    return;
  }
  if (printer.simulator) app.log.warn(`Imprenta digital simulada en ${printer.simulator.url} (configura INVOICE_PROVIDER_URL para The Factory HKA)`);
  app.log.info(`Recaudo ${config.version} escucha en ${url}, enlaces con ${config.APP_URL} (base de datos: ${facts.database})`);
  if (config.DEMO_SEED) {
    const list = DEMO_USERS.map((user) => user.email).join(', ');
    app.log.warn(
      `${seeded ? 'Datos de demostración creados. ' : ''}Usuarios de demostración: ${list} (contraseña ${DEMO_PASSWORD}). Cámbialas antes de usar Recaudo en producción.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
