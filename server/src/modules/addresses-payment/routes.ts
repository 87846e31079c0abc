import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressListQuerySchema, addressMessages, changeMonthsSchema, createAddressSchema, updateAddressSchema } from '@recaudo/domain/addresses';
import { hasPermission, type Permission } from '@recaudo/domain/permissions';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { forbidden } from '../../platform/errors';
import { exportRoute, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { addressBalance } from './balance';
import { addressBalanceSchema, addressExportColumns, addressRowSchema, addressTotalsSchema, monthsAnswerSchema } from './presenter';
import { addressSource, clientAddresses } from './queries';
import { changeMonths, createAddress, deleteAddress, updateAddress } from './service';

const tags = ['addresses-payment'];
const idBody = z.object({ id: recordId() });
const clientParams = z.object({ client_id: recordId('Cliente') });
const idParams = z.object({ id: recordId('Dirección de pago') });

/**
 * The second half of "add_address_payment plus add_client or edit_client": staff must also hold
 * one of `also` (checked before the body, like the route's own permission). Client users pass.
 */
const staffAlsoNeeds = (also: readonly Permission[]) => async (request: FastifyRequest) => {
  const auth = requireAuth(request);
  if (auth.user.clientId === null && !hasPermission([...auth.permissions], also)) throw forbidden();
};

export default defineRoutes((app, { db }) => {
  // The address lists carry every client's addresses: the Clientes screen's permission (client users: their own).
  app.get(
    '/addresses-payment',
    {
      config: { access: { permission: 'clients', clients: true } },
      schema: { tags, querystring: addressListQuerySchema, response: { 200: envelope(pagedOf(addressRowSchema).extend({ aditional: addressTotalsSchema })) } },
    },
    async (request) => {
      const source = addressSource(db, request.query, requireAuth(request));
      const [page, aditional] = await Promise.all([pageOf(request.query, source), source.totals()]);
      return ok({ ...page, aditional });
    },
  );

  // Staff need export_payments (spec 01 §6 lists it in this area); client users export their own.
  exportRoute(app, '/addresses-payment/export', {
    access: { permission: 'export_payments', clients: true },
    formats: ['csv', 'xlsx'],
    fileName: 'Direcciones de pago',
    tags,
    query: addressListQuerySchema,
    columns: addressExportColumns,
    source: (query, request) => addressSource(db, query, requireAuth(request)),
  });

  app.get(
    '/addresses-payment/address-client/client',
    { config: { access: 'client' }, schema: { tags, response: { 200: envelope(z.array(addressRowSchema)) } } },
    async (request) => ok(await clientAddresses(db, requireAuth(request), null)),
  );
  app.get(
    '/addresses-payment/address-client/:client_id',
    { config: { access: { permission: 'clients', clients: true } }, schema: { tags, params: clientParams, response: { 200: envelope(z.array(addressRowSchema)) } } },
    async (request) => ok(await clientAddresses(db, requireAuth(request), request.params.client_id)),
  );
  // The address picker of Solvencias (open to every staff user, spec 01 §2) and of the payment panel: one chosen client's complete addresses.
  app.get(
    '/addresses-payment/address-select-client/:client_id',
    { config: { access: { permission: 'clients', clients: true } }, schema: { tags, params: clientParams, response: { 200: envelope(z.array(addressRowSchema)) } } },
    async (request) => ok(await clientAddresses(db, requireAuth(request), request.params.client_id, { completeOnly: true })),
  );

  // The credit balance and its movements (issue 50): whoever may see the address (client users: their own).
  app.get(
    '/addresses-payment/balance/:id',
    { config: { access: { permission: 'clients', clients: true } }, schema: { tags, params: idParams, response: { 200: envelope(addressBalanceSchema) } } },
    async (request) => ok(await addressBalance(db, requireAuth(request), request.params.id)),
  );

  app.post(
    '/addresses-payment/store',
    {
      config: { access: { permission: 'add_address_payment', clients: true } },
      onRequest: staffAlsoNeeds(['add_client', 'edit_client']),
      schema: { tags, body: createAddressSchema, response: { 200: envelope(z.object({ id: z.number() })) } },
    },
    async (request) => ok({ id: await createAddress(db, requireAuth(request), request.body) }, addressMessages.created),
  );
  app.put(
    '/addresses-payment/update',
    {
      config: { access: { permission: 'edit_address_payment', clients: true } },
      onRequest: staffAlsoNeeds(['edit_client']),
      schema: { tags, body: updateAddressSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await updateAddress(db, requireAuth(request), request.body);
      return done(addressMessages.updated);
    },
  );
  app.delete(
    '/addresses-payment/delete',
    {
      config: { access: { permission: 'delete_address_payment', clients: true } },
      onRequest: staffAlsoNeeds(['add_client', 'edit_client']),
      schema: { tags, body: idBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await deleteAddress(db, requireAuth(request), request.body.id);
      return done(addressMessages.deleted);
    },
  );

  // Manual marks are staff work: a client user must not mark their own months as paid.
  app.post(
    '/addresses-payment/change-status-payments-multiple-months',
    { config: { access: { permission: 'edit_address_payment' } }, schema: { tags, body: changeMonthsSchema, response: { 200: envelope(monthsAnswerSchema) } } },
    async (request) => ok(await changeMonths(db, requireAuth(request), request.body), addressMessages.monthsUpdated),
  );
});
