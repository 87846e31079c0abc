import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listQuerySchema } from '@recaudo/domain/paging';
import {
  clientProfileSchema,
  createAdminUserSchema,
  createClientUserSchema,
  disabledAccessSchema,
  isClientUserPayload,
  resetTwoFactorSchema,
  staffProfileSchema,
  updateAdminUserSchema,
  updateClientUserSchema,
  userMessages,
} from '@recaudo/domain/users';
import { realtimeMessages } from '@recaudo/domain/realtime';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import { recordId } from '@recaudo/domain/validation';
import { bearerToken, requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, iso, ok, pagedOf } from '../../platform/envelope';
import { validateWith } from '../../platform/errors';
import { exportRoute, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { rooms } from '../../platform/realtime';
import { sessionSchema } from '../auth/presenter';
import { buildSession } from '../auth/service';
import { assertMayResetTwoFactor, proofContextOf, type ProofContext } from '../auth/security-proof';
import { resetTwoFactor } from '../auth/two-factor';
import { adminUserExportColumns, adminUserRowSchema, clientUserExportColumns, clientUserRowSchema, userOptionSchema, userPickerSchema } from './presenter';
import { adminUserSource, allUserOptions, clientUserSource, staffUserOptions, usersOfClient } from './queries';
import { createAdminUser, createClientUser, deleteUser, setUserAccess, updateAdminUser, updateClientUser, updateProfile } from './service';

const tags = ['users'];
/** Both forms share the route; the body is checked in the handler with the matching schema. */
const userSearchQuery = z.object({ search: z.string().trim().max(200).optional().default('') });
const userFormBody = z.record(z.string(), z.unknown()).describe('Formulario de administrador, o de usuario cliente cuando lleva client_id');

export default defineRoutes((app, { db, config, realtime }) => {
  const proofOf = (request: FastifyRequest): ProofContext => proofContextOf(config, request.ip);
  app.get(
    '/users',
    { config: { access: { permission: 'users' } }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(adminUserRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, adminUserSource(db, request.query))),
  );
  app.get(
    '/users/client',
    { config: { access: { permission: 'users' } }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(clientUserRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, clientUserSource(db, request.query))),
  );
  // The "Usuarios" filter of Solvencias, closings and the client users tab: names only, at most
  // 50 matching the search, for the screens that show users (issue 46: no longer every staff user).
  app.get(
    '/users/all-selects',
    { config: { access: { permission: ['clients', 'users', 'closed_boxs'] } }, schema: { tags, querystring: userSearchQuery, response: { 200: envelope(z.array(userPickerSchema)) } } },
    async (request) => ok(await allUserOptions(db, request.query.search)),
  );
  // Staff users for the administrator form's scope and the user filters of the screens that have one.
  app.get(
    '/users/selects',
    {
      config: { access: { permission: ['users', 'clients', 'logs', 'logins'] } },
      schema: { tags, querystring: userSearchQuery, response: { 200: envelope(z.array(userPickerSchema)) } },
    },
    async (request) => ok(await staffUserOptions(db, requireAuth(request), request.query.search)),
  );
  app.get(
    '/users/user-client',
    {
      config: { access: { permission: ['clients', 'users'] } },
      schema: { tags, querystring: z.object({ client_id: recordId('cliente') }), response: { 200: envelope(z.array(userOptionSchema.extend({ active: z.boolean(), created_at: z.string() }))) } },
    },
    async (request) =>
      ok((await usersOfClient(db, request.query.client_id)).map((row) => ({ ...row, created_at: iso(row.created_at) }))),
  );

  app.post(
    '/users/store',
    { config: { access: { permission: 'add_user' } }, schema: { tags, body: userFormBody, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (request) => {
      const auth = requireAuth(request);
      const id = isClientUserPayload(request.body)
        ? await createClientUser(db, auth, config, validateWith(createClientUserSchema, request.body))
        : await createAdminUser(db, auth, validateWith(createAdminUserSchema, request.body));
      return ok({ id }, userMessages.created);
    },
  );
  app.put(
    '/users/update',
    { config: { access: { permission: 'edit_user' } }, schema: { tags, body: userFormBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      const auth = requireAuth(request);
      if (isClientUserPayload(request.body)) {
        realtime.disconnect(await updateClientUser(db, auth, config, validateWith(updateClientUserSchema, request.body), proofOf(request)));
        return done(userMessages.updated);
      }
      const { cut, roleChange } = await updateAdminUser(db, auth, validateWith(updateAdminUserSchema, request.body), proofOf(request));
      // Sent before the cut: the socket delivers it ahead of closing, and the browser reconnects with the new permissions.
      if (roleChange) realtime.emit(rooms.user(roleChange.userId), 'NotificationsUser', { status: 'success', message: realtimeMessages.roleChanged(roleChange.role) });
      realtime.disconnect(cut);
      return done(userMessages.updated);
    },
  );
  app.put(
    '/users/profile',
    { config: { access: 'authenticated' }, schema: { tags, body: userFormBody, response: { 200: envelope(sessionSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const input = auth.user.clientId === null ? validateWith(staffProfileSchema, request.body) : validateWith(clientProfileSchema, request.body);
      realtime.disconnect(await updateProfile(db, auth, input));
      return ok(await buildSession(db, auth.user.id, bearerToken(request) ?? ''), userMessages.profileUpdated);
    },
  );
  app.patch(
    '/users/disabled-access-user',
    { config: { access: { permission: 'edit_user' } }, schema: { tags, body: disabledAccessSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await setUserAccess(db, requireAuth(request), request.body);
      if (!request.body.status) realtime.disconnect(rooms.user(request.body.user_id));
      return done(userMessages.accessChanged);
    },
  );
  app.post(
    '/users/reset-two-factor',
    { config: { access: { permission: 'edit_user' } }, schema: { tags, body: resetTwoFactorSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      const auth = requireAuth(request);
      await assertMayResetTwoFactor(db, auth, request.body, proofOf(request));
      await resetTwoFactor(db, auth, request.body.user_id);
      return done(messagesTwoFactor.reset);
    },
  );
  app.delete(
    '/users/delete',
    { config: { access: { permission: 'delete_user' } }, schema: { tags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteUser(db, requireAuth(request), request.body.id);
      realtime.disconnect(rooms.user(request.body.id));
      return done(userMessages.deleted);
    },
  );

  exportRoute(app, '/users/export', {
    access: { permission: 'export_users' },
    formats: ['csv', 'xlsx'],
    fileName: 'Usuarios',
    tags,
    columns: adminUserExportColumns,
    source: (query) => adminUserSource(db, query),
  });
  exportRoute(app, '/users/client/export', {
    access: { permission: 'export_users' },
    formats: ['csv', 'xlsx'],
    fileName: 'Usuarios Clientes',
    tags,
    columns: clientUserExportColumns,
    source: (query) => clientUserSource(db, query),
  });
});
