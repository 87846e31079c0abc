import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import qs from 'qs';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import addressesPaymentRoutes from './modules/addresses-payment/routes';
import authRoutes from './modules/auth/routes';
import loginsRoutes from './modules/logins/routes';
import banksRoutes from './modules/banks/routes';
import bankOperationsRoutes from './modules/bank-operations/routes';
import configurationsRoutes from './modules/configurations/routes';
import exchangeRatesRoutes from './modules/exchange-rates/routes';
import correlativesRoutes from './modules/correlatives/routes';
import economicActivitiesRoutes from './modules/economic-activities/routes';
import feesRoutes from './modules/fees/routes';
import clientsRoutes from './modules/clients/routes';
import logsRoutes from './modules/logs/routes';
import logsVerifyRoutes from './modules/logs/verify-routes';
import messagesRoutes from './modules/messages/routes';
import paymentAgreementsRoutes from './modules/payment-agreements/routes';
import paymentMethodsRoutes from './modules/payment-methods/routes';
import paymentsReadRoutes from './modules/payments/read-routes';
import paymentsRoutes from './modules/payments/routes';
import paymentReceiptRoutes from './modules/payments/receipt-routes';
import paymentVerificationPage from './modules/payments/verification-page';
import regionalRoutes from './modules/regional/routes';
import rolesRoutes from './modules/roles/routes';
import ticketsPaymentsRoutes from './modules/tickets-payments/routes';
import usersRoutes from './modules/users/routes';
import backupsRoutes from './modules/backups/routes';
import remindersRoutes from './modules/reminders/routes';
import closedBoxesRoutes from './modules/closed-boxes/routes';
import healthRoutes from './modules/health/routes';
import solvenciesRoutes from './modules/solvencies/routes';
import solvencyVerificationPage from './modules/solvencies/verification-page';
import statementsRoutes from './modules/statements/routes';
import statementVerificationPage from './modules/statements/verification-page';
import dashboardRoutes from './modules/dashboard/routes';
import invoicesRoutes from './modules/invoices/routes';
import importsRoutes from './modules/imports/routes';
import salesBookRoutes from './modules/sales-book/routes';
import { accessControl } from './platform/access';
import { refuseNulBytes, registerErrorHandling, spanishIssue } from './platform/errors';
import { boundJsonBodies } from './platform/json-body';
import type { ModuleContext } from './platform/module';
import { HealthRegistry } from './platform/health';
import { loginPageOf, serveLoginPage } from './platform/login-page';
import { attachRealtime } from './platform/realtime';
import { requestLogSerializers } from './platform/request-log';
import { responseSerializer } from './platform/serializer';
import { filesIn, objectStores } from './platform/storage';
import { simulatedServices, testModeNotice } from './simulated-services';
import { TEST_MODE_HEADER } from '@recaudo/domain/test-mode';

const AREAS = [
  authRoutes,
  rolesRoutes,
  loginsRoutes,
  logsRoutes,
  logsVerifyRoutes,
  regionalRoutes,
  economicActivitiesRoutes,
  feesRoutes,
  banksRoutes,
  correlativesRoutes,
  paymentMethodsRoutes,
  configurationsRoutes,
  exchangeRatesRoutes,
  clientsRoutes,
  addressesPaymentRoutes,
  ticketsPaymentsRoutes,
  paymentsRoutes,
  paymentsReadRoutes,
  paymentReceiptRoutes,
  usersRoutes,
  messagesRoutes,
  backupsRoutes,
  remindersRoutes,
  healthRoutes,
  closedBoxesRoutes,
  solvenciesRoutes,
  statementsRoutes,
  dashboardRoutes,
  invoicesRoutes,
  importsRoutes,
  bankOperationsRoutes,
  salesBookRoutes,
  paymentAgreementsRoutes,
];

/** The pages the server draws itself, at the site's root. */
const PAGES = [paymentVerificationPage, solvencyVerificationPage, statementVerificationPage];

function webDist(config: Config): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [config.WEB_DIST, path.resolve(here, '../../web/dist'), path.resolve(here, '../../../web/dist')];
  return candidates.find((dir): dir is string => !!dir && fs.existsSync(path.join(dir, 'index.html'))) ?? null;
}

/** Hashed build assets are kept a year; everything else (index.html first) is revalidated. */
function cachingOf(relativeFile: string): string {
  return relativeFile.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Builds the whole HTTP application: platform plugins, the API areas and the web client. */
export async function buildApp(
  config: Config,
  db: Database,
  options: { serveWeb?: boolean; health?: HealthRegistry; logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const dist = options.serveWeb === false ? null : webDist(config);
  const loginPage = dist ? loginPageOf(dist) : null;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: requestLogSerializers,
            ...(options.logStream ? { stream: options.logStream } : { transport: config.NODE_ENV === 'development' ? { target: 'pino-pretty' } : undefined }),
          },
    trustProxy: config.TRUST_PROXY,
    routerOptions: { querystringParser: (query: string) => qs.parse(query, { depth: 4, arrayLimit: 200 }) },
    bodyLimit: 2 * 1024 * 1024,
  });
  z.config({ customError: spanishIssue });
  boundJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.NODE_ENV !== 'production'));
  registerErrorHandling(app);

  // These two hooks never wait, so they call back instead of returning a promise: an async hook
  // costs every request a promise and a turn of the microtask queue.
  // While a simulator stands in, every answer says so: the web shows it as a ribbon on every screen.
  const testMode = testModeNotice(simulatedServices(config));
  const testModeHeader = testMode ? encodeURIComponent(testMode) : null;
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-app-version', config.version);
    if (testModeHeader) reply.header(TEST_MODE_HEADER, testModeHeader);
    done(null, payload);
  });
  // A write without a body is validated as an empty object, so the answer names the missing fields.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)) request.body = {};
    done();
  });

  // Security headers; the content security policy is the one the web client works under: its
  // own scripts only, antd's runtime styles (inline), images from blobs (payment files) and data
  // URLs (charts), calls to its own origin only. Built once: @fastify/helmet rebuilt the
  // middleware (and parsed these directives) on every request, 2 % of a list request's CPU.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The invoice viewer frames the printer's PDF as a blob: the page itself made.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.APP_URL.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Blobs of payment files are shown in <img>; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  // A script or style of the build is no document: a page policy on it does nothing, and on a
  // cold load its thousand bytes of headers, on each of 140 assets, weighed about 140 KB. Assets
  // keep what applies to them: no sniffing, same-origin use only, HTTPS.
  const assetHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, next) =>
    (request.url.startsWith('/assets/') ? assetHeaders : securityHeaders)(request.raw, reply.raw, (error) => next(error as Error | undefined)),
  );
  // After the security headers, so the refusal carries them too.
  refuseNulBytes(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Recaudo API', version: config.version }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const realtime = attachRealtime(app.server, { db, databaseUrl: config.DATABASE_URL, sweepSeconds: config.SESSION_SWEEP_SECONDS });
  // Open sockets would keep the HTTP server from closing: they go first.
  app.addHook('preClose', () => realtime.close());
  const stores = objectStores(config);
  const context: ModuleContext = {
    db,
    config,
    storage: filesIn(stores.uploads),
    stores,
    health: options.health ?? new HealthRegistry(),
    realtime,
  };
  if (realtime.crossesProcesses) context.health.watchRealtime(realtime.crossesProcesses);
  await app.register(async (api) => {
    await api.register(accessControl, { db });
    for (const area of AREAS) await api.register(area, context);
  }, { prefix: '/api' });

  // The public verification pages are drawn here, whether or not the web build is served, and
  // compressed as they are sent (the build's files have their compressed copies made at build
  // time). In a context of their own, so the API's answers are not.
  await app.register(async (pages) => {
    await pages.register(fastifyCompress, { encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });
    for (const page of PAGES) await pages.register(page, context);
  });

  if (dist && loginPage) {
    // Every file of the build has its route (wildcard: false), its Brotli or gzip copy made at
    // build time sent by Accept-Encoding (with Vary), and its caching: hashed assets never change,
    // so browsers keep them a year without asking; index.html is asked for every time, so a
    // release is seen on the next load.
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // The login page is /login's alone, which adds its inline script's hash to the policy.
      globIgnore: ['**/*.br', '**/*.gz', 'login.html'],
      setHeaders: (reply, file) => reply.header('cache-control', cachingOf(path.relative(dist, file))),
    });
    serveLoginPage(app, loginPage);
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const file = request.url.split('?')[0] ?? '/';
      // An unknown API path is a JSON 404, never the web page; so is an asset this build lacks
      // (a chunk of an earlier release): HTML in its place would fail as a script.
      if (file === '/api' || file.startsWith('/api/') || file.startsWith('/assets/')) return reply.callNotFound();
      return reply.sendFile('index.html');
    });
  }
  return app;
}
