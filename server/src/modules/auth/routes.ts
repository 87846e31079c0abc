import { z } from 'zod';
import { loginSchema, logoutUserSchema, messagesAuth, themeSchema } from '@recaudo/domain/auth';
import { bearerToken, requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok } from '../../platform/envelope';
import { defineRoutes } from '../../platform/module';
import { sessionSchema } from './presenter';
import { buildSession, login, logout, logoutUser, saveTheme } from './service';

export default defineRoutes((app, { db, config }) => {
  const limits = {
    perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    perIp: config.LOGIN_MAX_FAILURES_PER_IP,
    windowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES,
  };

  app.post(
    '/auth/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: loginSchema, response: { 200: envelope(sessionSchema) } } },
    async (request) => {
      const origin = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      return ok(await login(db, request.body, origin, limits), messagesAuth.loggedIn);
    },
  );

  app.post(
    '/auth/me',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: envelope(sessionSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      return ok(await buildSession(db, auth.user.id, bearerToken(request) ?? ''));
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: emptyEnvelope } } },
    async (request) => {
      await logout(db, requireAuth(request));
      return done(messagesAuth.loggedOut);
    },
  );

  app.post(
    '/auth/logout-user',
    {
      config: { access: { permission: 'logins' } },
      schema: { tags: ['auth'], body: logoutUserSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await logoutUser(db, requireAuth(request), request.body);
      return done(messagesAuth.sessionClosed);
    },
  );

  app.put(
    '/auth/theme',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], body: themeSchema, response: { 200: envelope(z.object({ theme: z.string() })) } },
    },
    async (request) => {
      await saveTheme(db, requireAuth(request), request.body.theme);
      return ok({ theme: request.body.theme }, 'Tema actualizado');
    },
  );
});
