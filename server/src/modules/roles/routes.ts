import { z } from 'zod';
import { listQuerySchema } from '@recaudo/domain/paging';
import {
  changePermissionSchema,
  changeRoleStatusSchema,
  changeSessionTimeSchema,
  createRoleSchema,
  roleMessages,
  updateRoleSchema,
} from '@recaudo/domain/roles';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { defineRoutes } from '../../platform/module';
import { rooms } from '../../platform/realtime';
import { permissionModuleSchema, roleRowSchema } from './presenter';
import {
  changePermission,
  changeRoleStatus,
  changeSessionTime,
  createRole,
  deleteRole,
  findRoles,
  permissionTree,
  rolePermissionTree,
  selectableRoles,
  updateRole,
} from './service';

const tags = ['roles'];

export default defineRoutes((app, { db, realtime }) => {
  app.get(
    '/roles',
    { config: { access: { permission: 'roles' } }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(roleRowSchema)) } } },
    async (request) => ok(await findRoles(db, request.query)),
  );

  app.get(
    '/roles/selects',
    { config: { access: { permission: ['roles', 'users'] } }, schema: { tags, response: { 200: envelope(z.array(roleRowSchema)) } } },
    async () => ok(await selectableRoles(db)),
  );

  app.get(
    '/roles/permissions-by-role/:id',
    {
      config: { access: { permission: 'roles' } },
      schema: { tags, params: z.object({ id: recordId() }), response: { 200: envelope(z.array(permissionModuleSchema)) } },
    },
    async (request) => ok(await rolePermissionTree(db, request.params.id)),
  );

  app.get(
    '/modules-by-role',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: envelope(z.array(permissionModuleSchema)) } } },
    async (request) => ok(await permissionTree(db, requireAuth(request).user.roleId)),
  );

  app.post(
    '/roles/change-permission',
    {
      config: { access: { permission: 'edit_role' } },
      schema: { tags, body: changePermissionSchema, response: { 200: envelope(z.array(permissionModuleSchema)) } },
    },
    async (request) => {
      const tree = await changePermission(db, requireAuth(request), request.body);
      // The role's sockets reconnect and watch lists under the permissions they hold now.
      realtime.disconnect(rooms.role(request.body.role_id));
      return ok(tree, roleMessages.permissionChanged);
    },
  );

  app.post(
    '/roles/change-status-rol',
    { config: { access: { permission: 'edit_role' } }, schema: { tags, body: changeRoleStatusSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await changeRoleStatus(db, requireAuth(request), request.body);
      if (!request.body.active) realtime.disconnect(rooms.role(request.body.id));
      return done(roleMessages.statusChanged);
    },
  );

  app.patch(
    '/roles/change-time-session',
    { config: { access: { permission: 'edit_role' } }, schema: { tags, body: changeSessionTimeSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await changeSessionTime(db, requireAuth(request), request.body);
      return done(roleMessages.sessionTimeChanged);
    },
  );

  app.post(
    '/roles/store',
    {
      config: { access: { permission: 'add_role' } },
      schema: { tags, body: createRoleSchema, response: { 200: envelope(z.object({ id: z.number() })) } },
    },
    async (request) => ok({ id: await createRole(db, requireAuth(request), request.body) }, roleMessages.created),
  );

  app.put(
    '/roles/update',
    { config: { access: { permission: 'edit_role' } }, schema: { tags, body: updateRoleSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await updateRole(db, requireAuth(request), request.body);
      return done(roleMessages.updated);
    },
  );

  app.delete(
    '/roles/delete',
    {
      config: { access: { permission: 'delete_role' } },
      schema: { tags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await deleteRole(db, requireAuth(request), request.body.id);
      return done(roleMessages.deleted);
    },
  );
});
