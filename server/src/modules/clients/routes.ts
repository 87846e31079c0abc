import { z } from 'zod';
import {
  changeClientStatusSchema,
  clientListQuerySchema,
  clientMessages,
  clientSelectQuerySchema,
  createClientSchema,
  createNoteSchema,
  sendMessageSchema,
  updateClientSchema,
  updateContactInfoSchema,
  updateNoteSchema,
} from '@recaudo/domain/clients';
import { listQuerySchema } from '@recaudo/domain/paging';
import { updateClientUserSchema } from '@recaudo/domain/users';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { exportRoute, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { rooms } from '../../platform/realtime';
import { clientUserRowSchema } from '../users/presenter';
import { clientUserSource } from '../users/queries';
import { proofContextOf } from '../auth/security-proof';
import { deleteUser, updateClientUser } from '../users/service';
import { clientDetailSchema, clientExportColumns, clientOptionSchema, clientRowSchema, noteRowSchema } from './presenter';
import { sendClientMessage } from './client-messages';
import { assertClientExists, createNote, deleteNote, noteSource, updateNote } from './notes';
import { clientDetail, clientOptions, clientSource } from './queries';
import { changeClientStatus, createClient, deleteClient, updateClient, updateContactInfo } from './service';

const tags = ['clients'];
const idBody = z.object({ id: recordId() });
const idParams = z.object({ id: recordId() });

/** The writes after which open Clientes lists reload (`ReloadClients`, spec 01 §1). */
const CLIENT_LIST_WRITES = new Set([
  '/api/clients/store',
  '/api/clients/update',
  '/api/clients/update-contact-info',
  '/api/clients/change-status',
  '/api/clients/delete',
]);

export default defineRoutes((app, { db, config, realtime }) => {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 300 && CLIENT_LIST_WRITES.has(request.routeOptions.url ?? '')) realtime.emit(rooms.list('clients'), 'ReloadClients');
  });
  app.get(
    '/clients',
    {
      config: { access: { permission: 'clients' } },
      schema: { tags, querystring: clientListQuerySchema, response: { 200: envelope(pagedOf(clientRowSchema)) } },
    },
    async (request) => ok(await pageOf(request.query, clientSource(db, request.query, requireAuth(request)))),
  );

  // The client pickers (Solvencias, open to every staff user, and the address and payment forms):
  // at most 50 clients matching the search; a client user gets only their client. Contacts only
  // for those whose screens show them (clientOptions).
  // Other clients' names and identifications follow the tree (issue 46): `clients`; a client user only her own.
  const pickerRoute = { config: { access: { permission: 'clients', clients: true } }, schema: { tags, querystring: clientSelectQuerySchema, response: { 200: envelope(z.array(clientOptionSchema)) } } } as const;
  app.get('/clients/all-clients', pickerRoute, async (request) => ok(await clientOptions(db, requireAuth(request), request.query)));
  app.get('/clients/select', pickerRoute, async (request) => ok(await clientOptions(db, requireAuth(request), { ...request.query, activeOnly: true })));
  app.get('/clients/selects/data', pickerRoute, async (request) => ok(await clientOptions(db, requireAuth(request), request.query)));

  exportRoute(app, '/clients/export/data', {
    access: { permission: 'export_clients' },
    formats: ['csv', 'xlsx', 'pdf'],
    fileName: 'Clientes',
    tags,
    query: clientListQuerySchema,
    columns: clientExportColumns,
    source: (query) => clientSource(db, query),
  });

  app.post(
    '/clients/send-message',
    {
      // Mail to any typed address in the company's name: the permission that changes clients, not the one that reads them (issue 31).
      config: { access: { permission: 'edit_client' } },
      schema: { tags, body: sendMessageSchema, response: { 200: envelope(z.object({ sent: z.number(), dropped: z.number() })) } },
    },
    async (request) => ok(await sendClientMessage(db, requireAuth(request), request.body, config.MESSAGES_MAX_PER_HOUR), clientMessages.messageSent),
  );

  app.post(
    '/clients/store',
    { config: { access: { permission: 'add_client' } }, schema: { tags, body: createClientSchema, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (request) => ok({ id: await createClient(db, requireAuth(request), request.body) }, clientMessages.created),
  );
  app.put(
    '/clients/update',
    { config: { access: { permission: 'edit_client' } }, schema: { tags, body: updateClientSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await updateClient(db, requireAuth(request), request.body);
      return done(clientMessages.updated);
    },
  );
  // The payment panel asks for the contact update before submitting (spec 02 §2), so cashiers
  // who record or edit payments may fix a client's e-mail and phones without edit_client.
  app.put(
    '/clients/update-contact-info',
    {
      config: { access: { permission: ['edit_client', 'add_payment', 'edit_payment'], clients: true } },
      schema: { tags, body: updateContactInfoSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await updateContactInfo(db, requireAuth(request), request.body);
      return done(clientMessages.contactUpdated);
    },
  );
  app.put(
    '/clients/change-status',
    { config: { access: { permission: 'edit_client' } }, schema: { tags, body: changeClientStatusSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await changeClientStatus(db, requireAuth(request), request.body);
      return done(clientMessages.statusChanged);
    },
  );
  app.delete(
    '/clients/delete',
    { config: { access: { permission: 'delete_client' } }, schema: { tags, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteClient(db, requireAuth(request), request.body.id);
      return done(clientMessages.deleted);
    },
  );

  /* ---------- Notes (any staff user with the clients screen) ---------- */

  app.get(
    '/clients/notes-client/:id',
    {
      config: { access: { permission: 'clients' } },
      schema: { tags, params: idParams, querystring: listQuerySchema, response: { 200: envelope(pagedOf(noteRowSchema)) } },
    },
    async (request) => {
      await assertClientExists(db, request.params.id);
      return ok(await pageOf(request.query, noteSource(db, request.params.id, request.query)));
    },
  );
  app.post(
    '/clients/notes-client',
    { config: { access: { permission: 'clients' } }, schema: { tags, body: createNoteSchema, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (request) => ok({ id: await createNote(db, requireAuth(request), request.body) }, clientMessages.noteCreated),
  );
  app.put(
    '/clients/notes-client',
    { config: { access: { permission: 'clients' } }, schema: { tags, body: updateNoteSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await updateNote(db, requireAuth(request), request.body);
      return done(clientMessages.noteUpdated);
    },
  );
  app.delete(
    '/clients/notes-client',
    { config: { access: { permission: 'clients' } }, schema: { tags, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteNote(db, requireAuth(request), request.body.id);
      return done(clientMessages.noteDeleted);
    },
  );

  /* ---------- The client's users (detail tab) ---------- */

  app.get(
    '/clients/users-client/:id',
    {
      config: { access: { permission: 'clients' } },
      schema: { tags, params: idParams, querystring: listQuerySchema, response: { 200: envelope(pagedOf(clientUserRowSchema)) } },
    },
    async (request) => {
      await assertClientExists(db, request.params.id);
      return ok(await pageOf(request.query, clientUserSource(db, request.query, { clientId: request.params.id })));
    },
  );
  app.put(
    '/clients/users-client',
    { config: { access: { permission: 'edit_client' } }, schema: { tags, body: updateClientUserSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      realtime.disconnect(await updateClientUser(db, requireAuth(request), config, request.body, proofContextOf(config, request.ip)));
      return done(clientMessages.clientUserUpdated);
    },
  );
  app.delete(
    '/clients/users-client',
    { config: { access: { permission: 'edit_client' } }, schema: { tags, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteUser(db, requireAuth(request), request.body.id, { kind: 'client' });
      realtime.disconnect(rooms.user(request.body.id));
      return done(clientMessages.clientUserDeleted);
    },
  );

  // Registered last: the static paths above win over the id.
  app.get(
    '/clients/:id',
    { config: { access: { permission: 'clients', clients: true } }, schema: { tags, params: idParams, response: { 200: envelope(clientDetailSchema) } } },
    async (request) => ok(await clientDetail(db, requireAuth(request), request.params.id)),
  );
});
