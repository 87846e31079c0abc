import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config';
import type { Database } from './db/client';
import addressesPaymentRoutes from './modules/addresses-payment/routes';
import authRoutes from './modules/auth/routes';
import loginsRoutes from './modules/logins/routes';
import banksRoutes from './modules/banks/routes';
import bankOperationsRoutes from './modules/bank-operations/routes';
import configurationsRoutes from './modules/configurations/routes';
import correlativesRoutes from './modules/correlatives/routes';
import economicActivitiesRoutes from './modules/economic-activities/routes';
import clientsRoutes from './modules/clients/routes';
import logsRoutes from './modules/logs/routes';
import messagesRoutes from './modules/messages/routes';
import paymentMethodsRoutes from './modules/payment-methods/routes';
import paymentsReadRoutes from './modules/payments/read-routes';
import paymentsRoutes from './modules/payments/routes';
import paymentReceiptRoutes from './modules/payments/receipt-routes';
import regionalRoutes from './modules/regional/routes';
import rolesRoutes from './modules/roles/routes';
import ticketsPaymentsRoutes from './modules/tickets-payments/routes';
import usersRoutes from './modules/users/routes';
import { accessControl } from './platform/access';
import { registerErrorHandling } from './platform/errors';
import type { ModuleContext } from './platform/module';
import { localStorage } from './platform/storage';

const AREAS = [
  authRoutes,
  rolesRoutes,
  loginsRoutes,
  logsRoutes,
  regionalRoutes,
  economicActivitiesRoutes,
  banksRoutes,
  correlativesRoutes,
  paymentMethodsRoutes,
  configurationsRoutes,
  clientsRoutes,
  addressesPaymentRoutes,
  ticketsPaymentsRoutes,
  paymentsRoutes,
  paymentsReadRoutes,
  paymentReceiptRoutes,
  usersRoutes,
  messagesRoutes,
  bankOperationsRoutes,
];

function webDist(config: Config): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [config.WEB_DIST, path.resolve(here, '../../web/dist'), path.resolve(here, '../../../web/dist')];
  return candidates.find((dir): dir is string => !!dir && fs.existsSync(path.join(dir, 'index.html'))) ?? null;
}

/** Builds the whole HTTP application: platform plugins, the API areas and the web client. */
export async function buildApp(config: Config, db: Database, options: { serveWeb?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, transport: config.NODE_ENV === 'development' ? { target: 'pino-pretty' } : undefined },
    trustProxy: config.TRUST_PROXY,
    routerOptions: { querystringParser: (query: string) => qs.parse(query, { depth: 4, arrayLimit: 200 }) },
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-app-version', config.version);
    return payload;
  });
  // A write without a body is validated as an empty object, so the answer names the missing fields.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)) request.body = {};
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Recaudo API', version: config.version }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const context: ModuleContext = { db, config, storage: localStorage(path.join(config.DATA_DIR, 'uploads')) };
  await app.register(async (api) => {
    await api.register(accessControl, { db });
    for (const area of AREAS) await api.register(area, context);
  }, { prefix: '/api' });

  const dist = options.serveWeb === false ? null : webDist(config);
  if (dist) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const file = request.url.split('?')[0] ?? '/';
      // An unknown API path is a JSON 404, never the web page.
      if (file === '/api' || file.startsWith('/api/')) return reply.callNotFound();
      const target = path.join(dist, path.normalize(file));
      if (target.startsWith(dist) && fs.existsSync(target) && fs.statSync(target).isFile()) {
        return reply.sendFile(path.relative(dist, target), { maxAge: file.startsWith('/assets/') ? '365d' : 0, immutable: file.startsWith('/assets/') });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
