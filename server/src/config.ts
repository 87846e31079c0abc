import path from 'node:path';
import { z } from 'zod';
import { listeningUrl } from './listening-url';
import { decodeSecretsKey, secretsKeyProblem } from './platform/secrets-key';
import rootPackage from '../../package.json' with { type: 'json' };

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: 127.0.0.1 for the demo (its passwords are public), every address otherwise. */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The key that encrypts TOTP secrets in the database (32 bytes, hex or base64); unset, one is
   * made into DATA_DIR/secrets-key. Every process on one PostgreSQL must have the same one.
   */
  SECRETS_KEY: z
    .string()
    .refine((value) => decodeSecretsKey(value) !== null, secretsKeyProblem)
    .optional(),
  /** Default: the address Recaudo listens on, so PORT alone moves links and QR codes too. */
  APP_URL: z.string().url().optional(),
  DEMO_SEED: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** The longest a login answer waits when its account is being guessed from many addresses. */
  LOGIN_MAX_DELAY_MS: z.coerce.number().int().min(0).default(4000),
  /** How often each process cuts the sockets of sessions that idled out or ended unnoticed. */
  SESSION_SWEEP_SECONDS: z.coerce.number().min(0.1).default(30),
  /** Calls per IP within the login window to each public registration/reset endpoint. */
  PUBLIC_MAX_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(30),
  /** `smtp://user:pass@host:port` (or smtps://); without it e-mails stay in the outbox and the log. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Recaudo <no-responder@recaudo.local>'),
  /** HTTP gateway that receives POST {to, message} as JSON; without it SMS stay in the outbox. */
  SMS_GATEWAY_URL: z.string().url().optional(),
  /** Sent as `Authorization: Bearer …` to the SMS gateway when set. */
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** Seconds between passes of the outbox dispatcher. */
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.1).default(5),
  /** Attempts per message before it is marked failed. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  /** Recipients one user may send messages and document e-mails to within any hour (issue 31). */
  MESSAGES_MAX_PER_HOUR: z.coerce.number().int().min(1).default(200),
  /** Pago Móvil validations a client may ask the bank for within any hour (issue 33). */
  CLIENT_VALIDATIONS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** The series (its code) that numbers payments clients validate themselves; unset: the oldest series. */
  SELF_VALIDATED_SERIE: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /** The Factory HKA's API base (…/api); with USER and PASSWORD it replaces the built-in printer simulator. */
  INVOICE_PROVIDER_URL: z.string().url().optional(),
  INVOICE_PROVIDER_USER: z.string().optional(),
  INVOICE_PROVIDER_PASSWORD: z.string().optional(),
  /** Seconds a printer call may take before it counts as timed out (its state is asked before any re-send). */
  INVOICE_PROVIDER_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(20),
  /** Seconds between passes of the legal-document queue. */
  INVOICE_POLL_SECONDS: z.coerce.number().min(0.1).default(2),
  /** Attempts per legal document before it is marked failed. */
  INVOICE_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** Below this many control numbers left at the printer, the Administrador's dashboard and the log warn. */
  INVOICE_RANGE_WARNING: z.coerce.number().int().min(0).default(100),
  /** Banco de Venezuela's conciliation API (providers.md §1); without it a local simulator answers. */
  BANK_API_URL: z.string().url().optional(),
  BANK_API_KEY: z.string().optional(),
  /** The business account (20 digits) whose movements are read. */
  BANK_ACCOUNT: z.string().regex(/^\d{20}$/).optional(),
  /** The merchant's Pago Móvil Comercio phone, 04XXXXXXXXX. */
  BANK_PHONE: z.string().regex(/^0\d{10}$/).optional(),
  BANK_VALIDATE_PATH: z.string().default('/getMovement'),
  BANK_MOVEMENTS_PATH: z.string().default('/apis/bdv/consulta/movimientos'),
  /** A counter waits this long for the bank; past it the cashier sees "Reintentar" (issue 46). */
  BANK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * Whether a service without its settings may be simulated: `on` allows it, `off` refuses to
   * start; unset, the demo (DEMO_SEED=true) allows it and a real installation refuses (issue 46).
   */
  SIMULATORS: z.enum(['on', 'off']).optional(),
  /** The printer simulator's port, in process and in `npm run simulators` (0: any free port). */
  INVOICE_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** The bank simulator's port, in process and in `npm run simulators` (0: any free port). */
  BANK_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  /** Where the standalone simulators listen (0.0.0.0 to reach them from other machines). */
  SIMULATORS_HOST: z.string().default('127.0.0.1'),
  /** The printer simulator's control-number range (ConsultaNumeraciones `desde`/`hasta`). */
  INVOICE_SIMULATOR_RANGE_FROM: z.coerce.number().int().min(1).default(1),
  INVOICE_SIMULATOR_RANGE_TO: z.coerce.number().int().min(1).default(100_000),
  /** Currency codes the printer simulator accepts, comma-separated (which bolívar code HKA takes is unconfirmed). */
  INVOICE_SIMULATOR_CURRENCIES: z.string().default('VES,USD,EUR'),
  /** How the bank simulator answers a day without movements: "1001", or "1000" with an empty list. */
  BANK_SIMULATOR_EMPTY_DAY: z.enum(['1001', '1000']).default('1001'),
  /** How the bank simulator answers a range that includes today: "refuse" (1010) or "serve". */
  BANK_SIMULATOR_TODAY_IN_RANGE: z.enum(['refuse', 'serve']).default('refuse'),
  /** Trailing reference digits the bank simulator's getMovement compares (public clients use 4 to 8). */
  BANK_SIMULATOR_REFERENCE_DIGITS: z.coerce.number().int().min(4).max(12).default(6),
  /** The BCV's page with the official rates (providers.md §6); without it a local BCV simulator answers. */
  BCV_RATE_URL: z.string().url().optional(),
  /** A PEM file of CA certificates added to Node's own for the BCV (its chain is often incomplete); TLS is always verified. */
  BCV_CA_FILE: z.string().optional(),
  /** When the BCV page is read, in Caracas time; `off` turns the schedule off (the read at start stays). */
  BCV_RATE_CRON: z
    .string()
    .default('*/30 8-20 * * 1-5')
    .transform((value) => (value === 'off' ? null : value)),
  /** The largest change, in percent, from the previous value date's rate that is stored without an alert. */
  BCV_MAX_DAILY_CHANGE: z.coerce.number().positive().default(25),
  /** Milliseconds one read of the BCV page may take (two more attempts follow a failure). */
  BCV_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** `npm run simulators`: the BCV simulator's port (BCV_RATE_URL=http://host:PORT). */
  BCV_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(8083),
  /** The office collects IGTF on foreign-currency payments (it is a sujeto pasivo especial, issue 49). */
  IGTF_ENABLED: booleanFromEnv.default(false),
  /** The IGTF rate in percent: `3.00` (or `3,00`). */
  IGTF_RATE: z
    .string()
    .default('3.00')
    .transform((value) => value.trim().replace(',', '.'))
    .refine((value) => /^\d{1,2}(\.\d{1,2})?$/.test(value) && Number(value) > 0, 'IGTF_RATE debe ser un porcentaje entre 0,01 y 99,99 (por ejemplo 3,00).')
    .transform((value) => Number(value).toFixed(2)),
  /** Behind a load balancer the client's address comes from X-Forwarded-For. */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** S3-compatible bucket for uploads and backups (path-style URL, e.g. http://minio:9000); without it both stay in DATA_DIR. */
  STORAGE_S3_ENDPOINT: z.string().url().optional(),
  STORAGE_S3_BUCKET: z.string().optional(),
  STORAGE_S3_REGION: z.string().default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Folder inside the bucket for this installation. */
  STORAGE_S3_PREFIX: z.string().default(''),
  /**
   * Where the audit log's daily anchor (its chain's head) is also posted as JSON, beside its copy in
   * the backups' store (modules/logs/anchor.ts): a receiver the database's owner cannot rewrite.
   */
  AUDIT_ANCHOR_URL: z.string().url().optional(),
  /** Cron expression for scheduled backups, read in America/Caracas (e.g. `0 2 * * *`); without it there are none. */
  BACKUP_CRON: z.string().optional(),
  /** Scheduled backups kept; older ones are deleted after each new one (0 keeps all). */
  BACKUP_KEEP: z.coerce.number().int().min(0).default(7),
  /** Cron expression of the monthly payment reminders, read in America/Caracas (issue 33); `off` turns the schedule off (an empty variable means the default). */
  REMINDER_CRON: z
    .string()
    .default('0 9 5 * *')
    .transform((value) => (value === 'off' ? null : value)),
  /** A client is reminded when their addresses owe at least this many months in all. */
  REMINDER_MIN_MONTHS: z.coerce.number().int().min(1).default(1),
  /** Issue 50: whether an address with a current payment agreement may get a solvency certificate (off: not until it is fulfilled). */
  SOLVENCY_WITH_AGREEMENT: booleanFromEnv.default(false),
  /** Issue 50: days past an installment's due date before the agreement counts as broken. */
  AGREEMENT_GRACE_DAYS: z.coerce.number().int().min(0).default(5),
  /** Imports of clients and addresses (issue 48): at most this many data rows per file… */
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).default(300_000),
  /** …and this many MB per file (an XLSX may inflate to 16 times as much, counted as it inflates). */
  IMPORT_MAX_MB: z.coerce.number().min(0.01).default(50),
  /** Rows a commit writes per transaction: a killed server leaves whole batches. */
  IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(5000).default(500),
  /**
   * After each committed batch a commit rests this many times the batch's own time (issue 48): the
   * counter's requests get the database and the event loop between batches. 0 writes without rest.
   */
  IMPORT_PAUSE_RATIO: z.coerce.number().min(0).max(10).default(1),
});

export type Config = Omit<z.infer<typeof configSchema>, 'HOST' | 'APP_URL'> & { HOST: string; APP_URL: string; version: string };

/** Reads the environment once; a bad variable stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= ) means "not set", as shells and .env files write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const host = parsed.data.HOST ?? (parsed.data.DEMO_SEED ? '127.0.0.1' : '0.0.0.0');
  const appUrl = parsed.data.APP_URL ?? listeningUrl(host, parsed.data.PORT);
  return { ...parsed.data, HOST: host, APP_URL: appUrl, DATA_DIR: path.resolve(parsed.data.DATA_DIR), version: rootPackage.version };
}
