import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import qs from 'qs';
import type { Permission } from '@recaudo/domain/permissions';
import { CLIENT_ROLE_ID } from '@recaudo/domain/roles';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { seedBase } from '../src/db/seed/base';
import { freshDatabase } from './databases';
import { accessTokens } from '../src/modules/auth/tables';
import { clients } from '../src/modules/clients/tables';
import { permissionModules, roleModules, roles } from '../src/modules/roles/tables';
import { users } from '../src/modules/users/tables';
import { hashPassword, newSecret, sha256 } from '../src/platform/crypto';

export { freshDatabase };

export const TEST_PASSWORD = 'Clave-de-prueba-1';
export const TEST_SECRETS_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

export interface TestUser {
  id: number;
  email: string;
  token: string;
  roleId: number;
  clientId: number | null;
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close(): Promise<void>;
  /** A request through the real HTTP pipeline; answers status, parsed body and headers. */
  call(method: InjectOptions['method'], url: string, options?: { token?: string; body?: unknown; query?: Record<string, unknown>; headers?: Record<string, string>; ip?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** A staff user whose own role holds exactly `permissions`. */
  staff(options?: { permissions?: Permission[]; roleId?: number; overrides?: Partial<typeof users.$inferInsert> }): Promise<TestUser>;
  /** A client with its client user (role Cliente). */
  clientUser(overrides?: Partial<typeof clients.$inferInsert>): Promise<TestUser>;
  /** Opens a session for a user without the login call, as a logged-in browser would have. */
  tokenFor(userId: number): Promise<string>;
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  // In-process simulators on free ports: test files run side by side.
  // A fixed SECRETS_KEY keeps tests from making a key file in DATA_DIR.
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'false', NODE_ENV: 'test', INVOICE_SIMULATOR_PORT: '0', BANK_SIMULATOR_PORT: '0', SECRETS_KEY: TEST_SECRETS_KEY, ...env });
  const database = await freshDatabase();
  await seedBase(database.db);
  const app = await buildApp(config, database.db, { serveWeb: false });
  await app.ready();
  const db = database.db;
  const passwordHash = await hashPassword(TEST_PASSWORD);

  const tokenFor = async (userId: number) => {
    const token = newSecret();
    await db.insert(accessTokens).values({ userId, tokenHash: sha256(token), ip: '127.0.0.1', userAgent: 'vitest' });
    return token;
  };

  const roleWith = async (permissions: Permission[]) => {
    const [role] = await db.insert(roles).values({ name: `Rol ${unique()}`, key: `rol_${unique()}` }).returning();
    if (!role) throw new Error('no role');
    for (const name of permissions) {
      const [module] = await db.select().from(permissionModules).where(eq(permissionModules.name, name));
      if (!module) throw new Error(`unknown permission ${name}`);
      await db.insert(roleModules).values({ roleId: role.id, moduleId: module.id });
    }
    return role.id;
  };

  const insertUser = async (values: Omit<typeof users.$inferInsert, 'passwordHash' | 'email' | 'name'> & Partial<typeof users.$inferInsert>) => {
    const [user] = await db
      .insert(users)
      .values({ name: `Usuario ${unique()}`, email: `u${unique()}@recaudo.test`, passwordHash, ...values })
      .returning();
    if (!user) throw new Error('no user');
    return { id: user.id, email: user.email, roleId: user.roleId, clientId: user.clientId, token: await tokenFor(user.id) };
  };

  return {
    app,
    db,
    config,
    tokenFor,
    async close() {
      await app.close();
      await database.close();
    },
    async call(method, url, options = {}) {
      // The web client sends bracket notation (filters[user][]=1); so do the tests.
      const search = options.query ? qs.stringify(options.query, { arrayFormat: 'brackets' }) : '';
      const response = await app.inject({
        method,
        url: search ? `${url}?${search}` : url,
        payload: options.body as InjectOptions['payload'],
        headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
        ...(options.ip ? { remoteAddress: options.ip } : {}),
      });
      let body: unknown = response.body;
      try {
        body = response.json();
      } catch {
        // Not JSON: files and HTML keep their raw body.
      }
      return { status: response.statusCode, body, headers: response.headers };
    },
    async staff(options = {}) {
      const roleId = options.roleId ?? (await roleWith(options.permissions ?? []));
      return insertUser({ roleId, ...options.overrides });
    },
    async clientUser(overrides = {}) {
      const [client] = await db
        .insert(clients)
        .values({ type: 0, name: `Cliente ${unique()}`, identificationType: 'V', identification: String(10_000_000 + sequence++), ...overrides })
        .returning();
      if (!client) throw new Error('no client');
      return insertUser({ roleId: CLIENT_ROLE_ID, clientId: client.id });
    },
  };
}
