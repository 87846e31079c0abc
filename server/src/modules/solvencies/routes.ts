import { z } from 'zod';
import { listQuerySchema } from '@recaudo/domain/paging';
import { createSolvencySchema, sendSolvencyMailSchema, solvencyMessages } from '@recaudo/domain/solvencies';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { contentDisposition, exportRoute, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { sendSolvencyMail } from './mail';
import { renderSolvencyPdf } from './pdf';
import { solvencyExportColumns, solvencyRowSchema, solvencyVerificationSchema } from './presenter';
import { solvencyByHash, solvencySource } from './queries';
import { createSolvency, deleteSolvency } from './service';
import { findSolvencyVerification, solvencyVerificationUrl } from './verification';

const tags = ['solvencies'];
const hashParams = z.object({ hash: z.string().max(128) });

/**
 * Solvency certificates (spec 02 §7 Solvencies): the list needs no permission (staff within their
 * data scope, client users their own); issuing needs add_solvency (client users issue their own),
 * deleting delete_solvency, the export export_clients; the PDF and the e-mail whoever reaches the
 * certificate. The public verification (spec 03) needs no login.
 */
/** Solvencias is open to every staff user (spec 01 §2 "/solvencies (none)"); client users see their own. */
const OPEN_TO_STAFF_AND_CLIENTS = { staff: true, clients: true } as const;

export default defineRoutes((app, { db, config }) => {
  app.get(
    '/solvencies',
    { config: { access: OPEN_TO_STAFF_AND_CLIENTS }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(solvencyRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, solvencySource(db, request.query, requireAuth(request)))),
  );

  exportRoute(app, '/solvencies/export/data', {
    access: { permission: 'export_clients' },
    formats: ['csv', 'xlsx'],
    fileName: solvencyMessages.exportName,
    tags,
    columns: solvencyExportColumns,
    source: (query, request) => solvencySource(db, query, requireAuth(request)),
  });

  app.post(
    '/solvencies/store',
    {
      config: { access: { permission: 'add_solvency', clients: true } },
      schema: { tags, body: createSolvencySchema, response: { 200: envelope(z.object({ id: z.number(), hash: z.string() })) } },
    },
    async (request) => ok(await createSolvency(db, requireAuth(request), request.body, { solvencyWithAgreement: config.SOLVENCY_WITH_AGREEMENT }), solvencyMessages.created),
  );

  app.delete(
    '/solvencies/delete',
    { config: { access: { permission: 'delete_solvency' } }, schema: { tags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteSolvency(db, requireAuth(request), request.body.id);
      return done(solvencyMessages.deleted);
    },
  );

  app.post(
    '/solvencies/send-mail-solvency-pdf',
    { config: { access: OPEN_TO_STAFF_AND_CLIENTS }, schema: { tags, body: sendSolvencyMailSchema, response: { 200: envelope(z.object({ to: z.string() })) } } },
    async (request) => ok(await sendSolvencyMail(db, requireAuth(request), request.body.hash, config.APP_URL, config.MESSAGES_MAX_PER_HOUR), solvencyMessages.mailSent),
  );

  app.get('/solvencies/generate-solvency-pdf/:hash', { config: { access: OPEN_TO_STAFF_AND_CLIENTS }, schema: { tags, params: hashParams } }, async (request, reply) => {
    const row = await solvencyByHash(db, request.params.hash, requireAuth(request));
    if (!row) throw notFound(solvencyMessages.hashNotFound);
    const pdf = await renderSolvencyPdf(row, { verifyUrl: solvencyVerificationUrl(config.APP_URL, row.hash) });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(solvencyMessages.fileName))
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.get(
    '/verify-solvency/:hash',
    { config: { access: 'public' }, schema: { tags, params: hashParams, response: { 200: envelope(solvencyVerificationSchema) } } },
    async (request, reply) => {
      const verification = await findSolvencyVerification(db, config, request.params.hash, request.ip);
      reply.header('cache-control', 'no-store');
      return ok(verification);
    },
  );
});
