import { z } from 'zod';
import { bankFieldsSchema, bankMessages, updateBankSchema } from '@recaudo/domain/banks';
import { listAllQuerySchema } from '@recaudo/domain/paging';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { bankRowSchema } from './presenter';
import { bankSource, createBank, deleteBank, selectableBanks, updateBank } from './service';

const tags = ['banks'];

export default defineRoutes((app, { db }) => {
  app.get(
    '/banks',
    { config: { access: { permission: 'banks' } }, schema: { tags, querystring: listAllQuerySchema, response: { 200: envelope(pagedOf(bankRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, bankSource(db, request.query))),
  );
  // The origin bank of a payment (client users register payments too) and the payment method form's bank, without the banks screen.
  app.get(
    '/banks/selects',
    { config: { access: { permission: ['banks', 'payments', 'add_payment', 'edit_payment', 'payment_methods'], clients: true } }, schema: { tags, response: { 200: envelope(z.array(bankRowSchema)) } } },
    async () => ok(await selectableBanks(db)),
  );
  app.post(
    '/banks/store',
    { config: { access: { permission: 'add_bank' } }, schema: { tags, body: bankFieldsSchema, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (request) => ok({ id: await createBank(db, requireAuth(request), request.body) }, bankMessages.created),
  );
  app.put(
    '/banks/update',
    { config: { access: { permission: 'edit_bank' } }, schema: { tags, body: updateBankSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await updateBank(db, requireAuth(request), request.body);
      return done(bankMessages.updated);
    },
  );
  app.delete(
    '/banks/delete',
    { config: { access: { permission: 'delete_bank' } }, schema: { tags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteBank(db, requireAuth(request), request.body.id);
      return done(bankMessages.deleted);
    },
  );
});
