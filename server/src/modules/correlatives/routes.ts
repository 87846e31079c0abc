import { z } from 'zod';
import { correlativeFieldsSchema, correlativeMessages, updateCorrelativeSchema } from '@recaudo/domain/correlatives';
import { listQuerySchema } from '@recaudo/domain/paging';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { exportRoute, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { correlativeExportColumns, correlativeRowSchema } from './presenter';
import { correlativeSource, createCorrelative, deleteCorrelative, selectableCorrelatives, updateCorrelative } from './service';

const tags = ['correlatives'];

export default defineRoutes((app, { db }) => {
  app.get(
    '/correlatives',
    { config: { access: { permission: 'correlatives' } }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(correlativeRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, correlativeSource(db, request.query))),
  );
  // Series are chosen in the user and payment forms by staff without the correlatives screen.
  app.get(
    '/correlatives/selects',
    { config: { access: { permission: ['correlatives', 'users', 'closed_boxs', 'payments'] } }, schema: { tags, response: { 200: envelope(z.array(z.object({ id: z.number(), serie: z.string() }))) } } },
    async () => ok(await selectableCorrelatives(db)),
  );
  app.post(
    '/correlatives/store',
    { config: { access: { permission: 'add_correlative' } }, schema: { tags, body: correlativeFieldsSchema, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (request) => ok({ id: await createCorrelative(db, requireAuth(request), request.body) }, correlativeMessages.created),
  );
  app.put(
    '/correlatives/update',
    { config: { access: { permission: 'edit_correlative' } }, schema: { tags, body: updateCorrelativeSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await updateCorrelative(db, requireAuth(request), request.body);
      return done(correlativeMessages.updated);
    },
  );
  app.delete(
    '/correlatives/delete',
    { config: { access: { permission: 'delete_correlative' } }, schema: { tags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteCorrelative(db, requireAuth(request), request.body.id);
      return done(correlativeMessages.deleted);
    },
  );
  exportRoute(app, '/correlatives/export', {
    access: { permission: 'export_correlatives' },
    formats: ['xlsx'],
    fileName: 'Correlativos',
    tags,
    columns: correlativeExportColumns,
    source: (query) => correlativeSource(db, query),
  });
});
