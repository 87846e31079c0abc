import { z } from 'zod';
import { continuityQuerySchema, correlativeFieldsSchema, correlativeMessages, updateCorrelativeSchema } from '@recaudo/domain/correlatives';
import { exportFormatField } from '@recaudo/domain/export';
import { listQuerySchema } from '@recaudo/domain/paging';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { exportRoute, pageOf, sendExport } from '../../platform/export';
import { continuitySource, continuitySummary, serieOf } from './continuity';
import { defineRoutes } from '../../platform/module';
import { continuityExportColumns, continuityRowSchema, continuitySummarySchema, correlativeExportColumns, correlativeRowSchema } from './presenter';
import { correlativeSource, createCorrelative, deleteCorrelative, selectableCorrelatives, updateCorrelative } from './service';

const tags = ['correlatives'];
const serieParams = z.object({ id: z.coerce.number().int().positive() });

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
  // The numbering continuity report (issue 35): the summary per type and a page of numbers, gaps in place.
  app.get(
    '/correlatives/continuity/:id',
    {
      config: { access: { permission: 'correlatives' } },
      schema: {
        tags,
        params: serieParams,
        querystring: listQuerySchema.pick({ page: true, per_page: true }).extend(continuityQuerySchema.shape),
        response: { 200: envelope(continuitySummarySchema.extend({ documents: pagedOf(continuityRowSchema) })) },
      },
    },
    async (request) => {
      const report = await continuitySummary(db, request.params.id);
      const documents = await pageOf(request.query, continuitySource(db, request.params.id, request.query.type_document));
      return ok({ ...report, documents });
    },
  );
  // Not exportRoute: an unknown series must answer 404 before the file starts streaming.
  app.get(
    '/correlatives/continuity/:id/export',
    {
      config: { access: { permission: 'export_correlatives' } },
      schema: { tags, params: serieParams, querystring: continuityQuerySchema.extend({ type_format: exportFormatField(['xlsx', 'pdf']) }) },
    },
    async (request, reply) => {
      const { serie } = await serieOf(db, request.params.id);
      const source = continuitySource(db, request.params.id, request.query.type_document);
      return sendExport(reply, request.query.type_format, { fileName: `Continuidad ${serie}`, columns: continuityExportColumns, source });
    },
  );
});
