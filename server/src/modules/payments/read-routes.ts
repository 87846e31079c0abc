import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientPaymentsQuerySchema, paymentHistoryQuerySchema, paymentListQuerySchema, paymentMessages, referenceInUseQuerySchema } from '@recaudo/domain/payments';
import { hasPermission } from '@recaudo/domain/permissions';
import { recordId } from '@recaudo/domain/validation';
import { storedFileHeaders } from '../../platform/uploaded-files';
import { requireAuth } from '../../platform/access';
import { envelope, ok, pagedOf } from '../../platform/envelope';
import { forbidden, notFound } from '../../platform/errors';
import { exportRoute } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { referenceInUse } from './payment-checks';
import { paymentExportColumns, paymentRowSchema } from './presenter';
import { clientPaymentSource, historySource, listSource, paymentPage, scopedPayment } from './queries';

const tags = ['payments'];
const paged = envelope(pagedOf(paymentRowSchema));
const referenceAnswer = envelope(z.object({ in_use: z.boolean(), message: z.string().nullable() }));

/** A user's payment history needs `logs` besides `payments` (spec 01 §6: "payments (with logs, …)"). */
const alsoNeedsLogs = async (request: FastifyRequest) => {
  if (!hasPermission([...requireAuth(request).permissions], 'logs')) throw forbidden();
};


/**
 * Payment reads (spec 02 §7): both families' lists (`bill-payments`, `payments`) answer the same
 * query; the user's history, the client's tab, the exports and the payment's files.
 */
export default defineRoutes((app, { db, storage }) => {
  for (const base of ['/bill-payments', '/payments']) {
    app.get(
      base,
      { config: { access: { permission: 'payments', clients: true } }, schema: { tags, querystring: paymentListQuerySchema, response: { 200: paged } } },
      async (request) => ok(await paymentPage(request.query, listSource(db, request.query, requireAuth(request)))),
    );
    exportRoute(app, `${base}/export`, {
      access: { permission: 'export_payments', clients: true },
      formats: ['csv', 'xlsx', 'pdf'],
      fileName: 'Pagos',
      tags,
      query: paymentListQuerySchema,
      columns: paymentExportColumns,
      source: (query, request) => listSource(db, query, requireAuth(request)),
    });
  }

  app.get(
    '/payments/history-status',
    {
      config: { access: { permission: 'payments' } },
      onRequest: alsoNeedsLogs,
      schema: { tags, querystring: paymentHistoryQuerySchema, response: { 200: paged } },
    },
    async (request) => ok(await paymentPage(request.query, await historySource(db, request.query, requireAuth(request)))),
  );

  app.get(
    '/payments/client-details',
    { config: { access: { permission: 'clients', clients: true } }, schema: { tags, querystring: clientPaymentsQuerySchema, response: { 200: paged } } },
    async (request) => ok(await paymentPage(request.query, await clientPaymentSource(db, request.query, requireAuth(request)))),
  );

  // The staff form's warning before saving; a client user's store refuses a reused reference outright.
  app.get(
    '/payments/reference-in-use',
    {
      config: { access: { permission: ['add_payment', 'edit_payment'] } },
      schema: { tags, querystring: referenceInUseQuerySchema, response: { 200: referenceAnswer } },
    },
    async (request) => {
      const { id, ...fields } = request.query;
      const inUse = await referenceInUse(db, fields, id);
      return ok({ in_use: inUse, message: inUse ? paymentMessages.referenceInUse(fields.reference!) : null });
    },
  );

  // Uploaded images of a payment: only for whoever may see the payment (a client their own).
  app.get(
    '/payments/:id/files/:file',
    {
      config: { access: { permission: 'payments', clients: true } },
      schema: { tags, params: z.object({ id: recordId(), file: z.string().regex(/^[a-f0-9-]{36}\.[a-z0-9]{2,5}$/, paymentMessages.notFound) }) },
    },
    async (request, reply) => {
      const payment = await scopedPayment(db, requireAuth(request), request.params.id);
      const stored = payment?.files.find((name) => name.split('/').pop() === request.params.file);
      const data = stored ? await storage.read(stored) : null;
      if (!data) throw notFound(paymentMessages.notFound);
      return reply.headers(storedFileHeaders(request.params.file)).header('cache-control', 'private, max-age=3600').send(data);
    },
  );
});
