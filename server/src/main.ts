import path from 'node:path';
import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { SYSTEM_ROLES, seedBase } from './db/seed/base';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './db/seed/demo';
import { engineOf } from './db/version';
import { failInterruptedRuns } from './modules/backups/runs';
import { startBackupSchedule } from './modules/backups/schedule';
import { startReminderSchedule } from './modules/reminders/schedule';
import { startDispatcher } from './modules/messages/service';
import { createTransport } from './modules/messages/transport';
import { startInvoiceWorker } from './modules/invoices/emission';
import { invoiceProviderFor } from './modules/invoices/provider';
import { anchorHead } from './modules/logs/anchor';
import { chainPending } from './modules/logs/chain';
import { compactAddressAging } from './modules/dashboard/aging';
import { openBcvSource, startBcvSchedule } from './modules/exchange-rates/schedule';
import { bcvStale } from './modules/exchange-rates/service';
import { startLoop } from './platform/queue';
import { listeningUrl } from './listening-url';
import { staleRateText, startBanner } from './start-banner';
import { filesIn, objectStores } from './platform/storage';
import { bankConnection } from './providers/bank/provider';
import { SECRETS_FILE, simulatorSecrets } from './providers/simulator-secrets';
import { simulatedServices, simulatorRefusal, testModeNotice } from './simulated-services';
import { importSettings, startImportWorker } from './modules/imports/worker';
import { sealStoredTotpSecrets } from './modules/auth/totp-secret-seal';
import { breakOverdueAgreements } from './modules/payment-agreements/breach';
import { secretsKeyOf } from './platform/secrets-key';

async function main() {
  const config = loadConfig();
  // A real installation never runs on a simulator by accident (issue 46): it says what is missing.
  const refusal = simulatorRefusal(config);
  if (refusal) throw new Error(refusal);
  const testMode = testModeNotice(simulatedServices(config));
  // Made now, before a simulator reads them, so this start knows whether it made them.
  const secrets = testMode ? simulatorSecrets(config.DATA_DIR) : null;
  // Read (or made into DATA_DIR) before the database opens: a bad key stops the start here.
  const secretsKey = secretsKeyOf(config);
  let seeded = false;
  let sealed = 0;
  const releaseLock = config.DATABASE_URL ? null : await lockDataDir(config.DATA_DIR);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? null : `${config.DATA_DIR}/pgdata`,
    // Seeds run under the same start-up lock as the migrations (several processes on PostgreSQL).
    prepare: async (db) => {
      await seedBase(db, { adminRequires2fa: !config.DEMO_SEED });
      seeded = config.DEMO_SEED ? await seedDemo(db) : false;
      // A key that can't open the stored secrets stops the start: every enrolled user would be locked out.
      sealed = await sealStoredTotpSecrets(db, secretsKey);
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
  const auditChainer = startLoop(() => chainPending(database.db), {
    intervalMs: 1000,
    onError: (error) => app.log.error({ err: error }, 'audit chainer failed'),
  });
  // The aging card's groups: the triggers append signed counts, folded here one group a row.
  const agingCompactor = startLoop(() => compactAddressAging(database.db), {
    intervalMs: 60_000,
    onError: (error) => app.log.error({ err: error }, 'aging compaction failed'),
  });
  // A backup a killed or crashed process left running is failed now, and its temporary folder removed.
  const interrupted = await failInterruptedRuns(database.db);
  if (interrupted.length) app.log.warn({ backup_runs: interrupted }, 'Respaldos interrumpidos por una parada del servidor, marcados como fallidos');
  // Scheduled backups: every process runs the schedule; the backup_runs table lets one of them
  // make the backup of each tick.
  const stores = objectStores(config);
  // The audit log's head anchored outside the database once a day (checked hourly), in the backups'
  // store and at AUDIT_ANCHOR_URL: an owner's rewrite of the whole chain no longer matches it.
  const auditAnchor = startLoop(() => anchorHead(database.db, stores.backups, config.AUDIT_ANCHOR_URL), {
    intervalMs: 3600_000,
    onError: (error) => app.log.error({ err: error }, 'audit anchor failed'),
  });
  // Payment agreements with an installment overdue past the grace break (issue 50): a day's check,
  // run hourly like the anchor so a restart or a new day is caught within the hour; breaking is once.
  const agreementBreaches = startLoop(
    async () => {
      const broken = await breakOverdueAgreements(database.db, config.AGREEMENT_GRACE_DAYS);
      if (broken.length) app.log.info({ payment_agreements: broken }, 'Convenios de pago incumplidos');
    },
    { intervalMs: 3600_000, onError: (error) => app.log.error({ err: error }, 'agreement breach check failed') },
  );
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
  // The BCV's official rates (issue 47): read on BCV_RATE_CRON in every process and once at start
  // when the latest value date is before today; without BCV_RATE_URL from a simulator in process.
  const bcv = await openBcvSource(config, (message) => app.log.warn(message));
  const bcvSchedule = startBcvSchedule(database.db, {
    cron: config.BCV_RATE_CRON,
    fetchPage: bcv.fetchPage,
    maxDailyChange: config.BCV_MAX_DAILY_CHANGE,
    log: (message) => app.log.info(message),
    onError: (error) => app.log.error({ err: error }, 'BCV rate read failed'),
  });
  // Imports of clients and addresses (issue 48): one at a time; one a killed server left running resumes here.
  const importWorker = startImportWorker(database.db, filesIn(stores.uploads), importSettings(config), {
    intervalMs: 2000,
    onError: (error) => app.log.error({ err: error }, 'import failed'),
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
    await auditAnchor.stop();
    await agreementBreaches.stop();
    await agingCompactor.stop();
    await invoiceWorker.stop();
    await bcvSchedule.stop();
    await bcv.close();
    await importWorker.stop();
    await database.close();
    await releaseLock?.();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  if (backups) app.log.info(`Respaldos programados (${config.BACKUP_CRON}, hora de Caracas); próximo: ${backups.next()?.toISOString() ?? 'ninguno'}`);
  // The port really bound (PORT=0 picks a free one), not the configured APP_URL.
  const url = listeningUrl(config.HOST, (app.server.address() as AddressInfo).port);
  // The banner says whether the rate is stale after the read at start (at most a few seconds' wait).
  await Promise.race([bcvSchedule.started, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  const rateState = await bcvStale(database.db);
  const bankSimulator = await bankConnection(config).simulator();
  const facts = {
    version: config.version,
    url,
    database: database.kind === 'pglite' ? `PGlite en ${config.DATA_DIR}` : 'PostgreSQL',
    printerSimulator: printer.simulator?.url ?? null,
    bcvSimulator: bcv.simulator?.url ?? null,
    bcvStale: rateState.stale ? { lastValueDate: rateState.lastValueDate } : null,
    bankSimulator: bankSimulator?.url ?? null,
    trainerKey: secrets?.trainerKey ?? null,
    testMode,
    demoUsers: config.DEMO_SEED
      ? DEMO_USERS.map((user) => ({ email: user.email, role: SYSTEM_ROLES.find((role) => role.id === user.roleId)?.name ?? '' }))
      : null,
    demoPassword: DEMO_PASSWORD,
  };
  // A person at a terminal reads the start in plain words; a service manager's log gets JSON lines.
  if (process.stdout.isTTY) {
    process.stdout.write(startBanner(config, facts));
    return;
  }
  if (bcv.simulator) app.log.warn(`Tasa BCV simulada en ${bcv.simulator.url} (configura BCV_RATE_URL para la página del BCV)`);
  if (rateState.stale) app.log.warn(staleRateText(rateState.lastValueDate));
  if (testMode)
    app.log.warn(
      { test_mode: true, simulated: simulatedServices(config).map((service) => service.name) },
      `${testMode}: los recibos y facturas llevan «SIN VALIDEZ — MODO DE PRUEBA»`,
    );
  if (printer.simulator) app.log.warn(`Imprenta digital simulada en ${printer.simulator.url} (configura INVOICE_PROVIDER_URL para The Factory HKA)`);
  if (bankSimulator) app.log.warn(`Banco simulado en ${bankSimulator.url} (configura BANK_API_URL para el Banco de Venezuela)`);
  // The key goes to the log once, on the start that made it; afterwards it is read from its file.
  if (secrets?.created) app.log.warn(`Clave de instructor de los simuladores (X-Trainer-Key): ${secrets.trainerKey}`);
  else if (secrets) app.log.info(`Clave de instructor de los simuladores en ${path.join(config.DATA_DIR, SECRETS_FILE)}`);
  if (sealed > 0) app.log.info(`Secretos de doble factor cifrados con SECRETS_KEY: ${sealed}`);
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
