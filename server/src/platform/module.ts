import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { HealthRegistry } from './health';
import type { Realtime } from './realtime';
import type { FileStorage, ObjectStore } from './storage';

/** What every area's routes receive. */
export interface ModuleContext {
  db: Database;
  config: Config;
  storage: FileStorage;
  /** The stores behind `storage` and the backups (platform/storage.ts objectStores). */
  stores: { uploads: ObjectStore; backups: ObjectStore };
  health: HealthRegistry;
  /** Events to the real-time channel's rooms; emit after the change is committed. */
  realtime: Realtime;
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Declares an area's routes with zod typing their requests and answers. */
export const defineRoutes =
  (register: (app: ZodApp, context: ModuleContext) => void | Promise<void>) =>
  async (app: FastifyInstance, context: ModuleContext) =>
    register(app.withTypeProvider<ZodTypeProvider>(), context);

/** Declares an area's pages: HTML the server draws at the site's root, outside the API. */
export const definePages =
  (register: (app: FastifyInstance, context: ModuleContext) => void | Promise<void>) =>
  async (app: FastifyInstance, context: ModuleContext) =>
    register(app, context);
