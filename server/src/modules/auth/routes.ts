import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isTwoFactorChallenge, messagesTwoFactor } from '@recaudo/domain/two-factor';
import {
  codeCheckSchema,
  codeRequestSchema,
  loginSchema,
  logoutUserSchema,
  messagesAuth,
  messagesRegistration,
  registerSchema,
  resetPasswordSchema,
  sendTokenSchema,
  themeSchema,
  twoFactorCodeSchema,
  twoFactorSetupRequestSchema,
  twoFactorVerifySchema,
  verifyIdentificationSchema,
  verifyTokenSchema,
} from '@recaudo/domain/auth';
import { bearerToken, requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok } from '../../platform/envelope';
import { defineRoutes } from '../../platform/module';
import { afterResponse, afterResponseSettled } from '../../platform/after-response';
import { rooms } from '../../platform/realtime';
import { secretsKeyOf } from '../../platform/secrets-key';
import { resetPassword, sendResetToken, verifyResetToken } from './password-reset';
import { loginAnswerSchema, sessionSchema, twoFactorSetupSchema } from './presenter';
import { assertPublicRate, checkCode, publicLimitsOf, register, requestCode } from './registration';
import { buildSession, login, logout, logoutUser, saveTheme } from './service';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor';
import { verifySecondFactor } from './two-factor-login';
import { loginLimitsOf } from './security-proof';

const codeRequestAnswerSchema = z.object({
  token: z.string(),
  expires_in: z.number(),
  sent_to: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
});

const registrationClientSchema = z.object({
  type: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.string().nullable(),
});

const originOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

export default defineRoutes((app, { db, config, realtime }) => {
  const limits = loginLimitsOf(config);
  const publicLimits = publicLimitsOf(config);
  const tags = ['auth'];
  app.addHook('onClose', afterResponseSettled);

  app.post(
    '/auth/login',
    { config: { access: 'public' }, schema: { tags, body: loginSchema, response: { 200: envelope(loginAnswerSchema) } } },
    async (request) => {
      const answer = await login(db, request.body, originOf(request), limits);
      return ok(answer, isTwoFactorChallenge(answer) ? messagesTwoFactor.codeRequired : messagesAuth.loggedIn);
    },
  );

  /* ---------- Second factor (issue 35) ---------- */

  app.post(
    '/auth/2fa/verify',
    { config: { access: 'public' }, schema: { tags, body: twoFactorVerifySchema, response: { 200: envelope(sessionSchema) } } },
    async (request) => ok(await verifySecondFactor(db, secretsKeyOf(config), request.body, originOf(request), limits), messagesAuth.loggedIn),
  );

  app.post(
    '/auth/2fa/setup',
    { config: { access: 'authenticated' }, schema: { tags, body: twoFactorSetupRequestSchema, response: { 200: envelope(twoFactorSetupSchema) } } },
    async (request) =>
      ok(await setUpTwoFactor(db, requireAuth(request), request.body, { ip: request.ip, limits, secretsKey: secretsKeyOf(config) }), messagesTwoFactor.setupReady),
  );

  app.post(
    '/auth/2fa/enable',
    { config: { access: 'authenticated' }, schema: { tags, body: twoFactorCodeSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await enableTwoFactor(db, secretsKeyOf(config), requireAuth(request), request.body.code);
      return done(messagesTwoFactor.enabled);
    },
  );

  app.post(
    '/auth/2fa/disable',
    { config: { access: 'authenticated' }, schema: { tags, body: twoFactorCodeSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await disableTwoFactor(db, secretsKeyOf(config), requireAuth(request), request.body.code, originOf(request), limits);
      return done(messagesTwoFactor.disabled);
    },
  );

  app.post(
    '/auth/me',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: envelope(sessionSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      return ok(await buildSession(db, auth.user.id, bearerToken(request) ?? ''));
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: emptyEnvelope } } },
    async (request) => {
      const auth = requireAuth(request);
      await logout(db, auth);
      realtime.disconnect(rooms.session(auth.tokenId));
      return done(messagesAuth.loggedOut);
    },
  );

  app.post(
    '/auth/logout-user',
    {
      config: { access: { permission: 'logins' } },
      schema: { tags, body: logoutUserSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await logoutUser(db, requireAuth(request), request.body);
      realtime.disconnect(rooms.session(request.body.id));
      return done(messagesAuth.sessionClosed);
    },
  );

  app.put(
    '/auth/theme',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: themeSchema, response: { 200: envelope(z.object({ theme: z.string() })) } },
    },
    async (request) => {
      await saveTheme(db, requireAuth(request), request.body.theme);
      return ok({ theme: request.body.theme }, 'Tema actualizado');
    },
  );

  /* ---------- Self-registration (public, rate limited per IP) ---------- */

  // No personal data before a code is verified: known, registered and unknown identifications
  // get the same answer; the call checks the input and counts against the IP's limit.
  app.post(
    '/auth/verify-identification',
    { config: { access: 'public' }, schema: { tags, body: verifyIdentificationSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await assertPublicRate(db, 'verify-identification', request.ip, publicLimits);
      return done(messagesRegistration.identificationChecked);
    },
  );

  app.post(
    '/auth/code-verification',
    { config: { access: 'public' }, schema: { tags, body: codeRequestSchema, response: { 200: envelope(codeRequestAnswerSchema) } } },
    async (request, reply) => {
      await assertPublicRate(db, 'code-request', request.ip, publicLimits);
      const { answer, deliver } = await requestCode(db, config, request.body, request.ip);
      afterResponse(reply, deliver);
      return ok(answer, messagesRegistration.codeSent);
    },
  );

  app.get(
    '/auth/code-verification',
    {
      config: { access: 'public' },
      schema: { tags, querystring: codeCheckSchema, response: { 200: envelope(z.object({ client: registrationClientSchema.nullable() })) } },
    },
    async (request) => {
      await assertPublicRate(db, 'code-check', request.ip, { ...publicLimits, perIp: publicLimits.perIp * 2 });
      return ok({ client: await checkCode(db, request.query) }, messagesRegistration.codeVerified);
    },
  );

  app.post(
    '/auth/register',
    { config: { access: 'public' }, schema: { tags, body: registerSchema, response: { 200: envelope(z.object({ user_id: z.number(), client_id: z.number() })) } } },
    async (request) => {
      await assertPublicRate(db, 'register', request.ip, publicLimits);
      return ok(await register(db, request.body, request.ip), messagesRegistration.registered);
    },
  );

  /* ---------- Forgotten password (public, rate limited per IP) ---------- */

  app.post(
    '/auth/send-token',
    { config: { access: 'public' }, schema: { tags, body: sendTokenSchema, response: { 200: emptyEnvelope } } },
    async (request, reply) => {
      await assertPublicRate(db, 'send-token', request.ip, publicLimits);
      afterResponse(reply, () => sendResetToken(db, config, request.body.email));
      return done(messagesRegistration.resetLinkSent);
    },
  );

  app.post(
    '/auth/verify-token',
    { config: { access: 'public' }, schema: { tags, body: verifyTokenSchema, response: { 200: envelope(z.object({ id: z.number(), name: z.string(), email: z.string() })) } } },
    async (request) => {
      await assertPublicRate(db, 'verify-token', request.ip, publicLimits);
      return ok(await verifyResetToken(db, request.body.token), messagesRegistration.tokenValid);
    },
  );

  app.post(
    '/auth/reset-password',
    { config: { access: 'public' }, schema: { tags, body: resetPasswordSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      if (request.body.token) await assertPublicRate(db, 'reset-password', request.ip, publicLimits);
      const reset = await resetPassword(db, request.auth, request.body);
      // A reset by link ends every session of the user, so their sockets go at once rather than at the next sweep.
      if (reset.viaToken) realtime.disconnect(rooms.user(reset.userId));
      return done(messagesRegistration.passwordChanged);
    },
  );
});
