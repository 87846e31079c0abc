import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messagesRegistration } from '@recaudo/domain/auth';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import { hasPermission, type Permission } from '@recaudo/domain/permissions';
import type { Database } from '../db/client';
import { authenticateToken, type AuthContext } from '../modules/auth/service';
import { forbidden, unauthenticated } from './errors';

/**
 * What a route needs, declared in its `config.access`:
 * - 'public': nobody needs to log in;
 * - 'authenticated': any logged-in user, staff or client: only the caller's own session and
 *   profile (auth/me, logout, theme, profile, the menu of their role);
 * - 'client': client users only (their portal's own data);
 * - { permission }: staff holding any of the permissions; with `clients: true` client
 *   users pass too, and the service scopes them to their own client;
 * - { staff: true }: every staff user whatever their role. Only Solvencias and its pickers,
 *   which the specification leaves open to all staff (spec 01 §2 "/solvencies (none)"); the
 *   zero-permission test (access.test.ts) lists each such route, so a new one fails it.
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | 'client'
  | { permission: Permission | readonly Permission[]; clients?: boolean }
  | { staff: true; clients?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token || null;
}

/** The logged-in user of a route that declared it needs one. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

function checkAccess(access: Exclude<RouteAccess, 'public'>, auth: AuthContext): void {
  if (access === 'authenticated') return;
  const isClient = auth.user.clientId !== null;
  if (access === 'client') {
    if (!isClient) throw forbidden();
    return;
  }
  if (isClient) {
    if (!access.clients) throw forbidden();
    return;
  }
  if ('staff' in access) return;
  if (!hasPermission([...auth.permissions], access.permission)) throw forbidden();
}

/**
 * A user flagged `change_password` may only read their session, log out and set a new password
 * (spec 01 §2: they see only /pass-change); everything else answers 403.
 */
const CHANGE_PASSWORD_ROUTES = new Set(['/api/auth/me', '/api/auth/logout', '/api/auth/reset-password']);

/**
 * A user whose role requires a second factor they have not enrolled may only read their session,
 * log out and enrol (issue 35): the login lets them in so they can enrol without an administrator.
 */
const TWO_FACTOR_SETUP_ROUTES = new Set(['/api/auth/me', '/api/auth/logout', '/api/auth/2fa/setup', '/api/auth/2fa/enable']);

/**
 * Every /api route must say who may call it: a route without `config.access` refuses to
 * register, so a forgotten check fails at start, not in production.
 */
export const accessControl = fp(async (app: FastifyInstance, options: { db: Database }) => {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access && !route.url.startsWith('/api/docs')) {
      throw new Error(`La ruta ${route.method} ${route.url} no declara config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = bearerToken(request);
    if (token) request.auth = await authenticateToken(options.db, token);
    if (access === 'public') return;
    if (!request.auth) throw unauthenticated();
    if (request.auth.user.changePassword && !CHANGE_PASSWORD_ROUTES.has(request.routeOptions.url ?? '')) {
      throw forbidden(messagesRegistration.changePasswordFirst);
    }
    if (request.auth.user.twoFactorSetupRequired && !TWO_FACTOR_SETUP_ROUTES.has(request.routeOptions.url ?? '')) {
      throw forbidden(messagesTwoFactor.setupFirst);
    }
    checkAccess(access, request.auth);
  });
});
