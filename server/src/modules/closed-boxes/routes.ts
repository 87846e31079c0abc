import { z } from 'zod';
import {
  CLOSED_BOX_TEMPLATE,
  addPaymentSchema,
  changeGroupStatusSchema,
  closedBoxFieldsSchema,
  closedBoxImportSchema,
  closedBoxListQuerySchema,
  closedBoxMessages,
  closedBoxStatusSchema,
  closedBoxUpdateSchema,
  unverifyGroupSchema,
  verifyPaymentsSchema,
} from '@recaudo/domain/closed-boxes';
import { paymentListQuerySchema } from '@recaudo/domain/payments';
import { realtimeMessages } from '@recaudo/domain/realtime';
import { recordId } from '@recaudo/domain/validation';
import { storedFileHeaders } from '../../platform/uploaded-files';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { exportRoute, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { rooms } from '../../platform/realtime';
import { paymentRowSchema } from '../payments/presenter';
import { closedBoxPaymentSource, paymentPage, unclosedSource } from '../payments/queries';
import { afterCommit, notifyRecorders } from '../payments/recorder-notices';
import { notifyResponsible, reloadClosedBox } from './events';
import { importClosedBox } from './import';
import { closedBoxExportColumns, closedBoxRowSchema, closedBoxTotalsSchema, presentClosedBox, userClosingsSchema, verificationHistoryEntrySchema } from './presenter';
import { closedBoxSource, closedBoxTotals, findClosedBox, usersClosedBoxes } from './queries';
import { verificationHistory } from './verification-history';
import { changeGroupStatus, unverifyGroup, verifyPayments } from './group-verification';
import { attachPayments, changeClosedBoxStatus, createClosedBox, deleteClosedBox, updateClosedBox } from './service';
import { MAX_PAGE_SIZE } from '@recaudo/domain/paging';
import { acceptUploads } from '../../platform/uploads';

/**
 * Cash closings (spec 02 §7 Closings, `bill-payments/add-payment`, `bill-payments/not-closed-box`).
 * Every change of a closing tells its responsible user and whoever watches the list
 * (`ReloadClosedBox`) once it is committed. The removal of a payment from a closing
 * (`DELETE bill-payments/delete {id, closed_box_id}`) is answered by the payments' delete route.
 */
const tags = ['closed-boxs'];
const MAX_FILE_BYTES = 5 * 1024 * 1024;

const listAnswer = envelope(pagedOf(closedBoxRowSchema).extend({ totals: closedBoxTotalsSchema }));
const savedAnswer = envelope(z.object({ id: z.number() }));
const allAnswer = envelope(z.array(closedBoxRowSchema));
const idBody = z.object({ id: recordId() });
const paymentsPage = envelope(pagedOf(paymentRowSchema));
const importAnswer = envelope(z.object({ id: z.number(), imported: z.number(), errors: z.array(z.string()) }));

const multipartBody = <S extends z.ZodObject>(schema: S) => schema.extend({ _method: z.string().optional() }).loose();

export default defineRoutes(async (app, { db, storage, realtime }) => {
  await acceptUploads(app, { fileBytes: MAX_FILE_BYTES, files: 1, fields: 30 });

  app.get(
    '/closed-boxs',
    { config: { access: { permission: 'closed_boxs' } }, schema: { tags, querystring: closedBoxListQuerySchema, response: { 200: listAnswer } } },
    async (request) => {
      const auth = requireAuth(request);
      const [page, totals] = await Promise.all([pageOf(request.query, closedBoxSource(db, request.query, auth)), closedBoxTotals(db, request.query, auth)]);
      return ok({ ...page, data: page.data.map(presentClosedBox), totals });
    },
  );

  app.get(
    '/closed-boxs/all-closed-box',
    { config: { access: { permission: 'closed_boxs' } }, schema: { tags, querystring: closedBoxListQuerySchema, response: { 200: allAnswer } } },
    async (request) => {
      const rows = await closedBoxSource(db, request.query, requireAuth(request)).rows(MAX_PAGE_SIZE, 0);
      return ok(rows.map(presentClosedBox));
    },
  );

  app.get(
    '/dashboard/users-closed-box',
    {
      config: { access: { permission: 'closed_boxs' } },
      schema: {
        tags: ['dashboard'],
        querystring: z.object({ dates: z.array(z.string()).optional(), filters: z.record(z.string(), z.unknown()).optional() }),
        response: { 200: envelope(z.array(userClosingsSchema)) },
      },
    },
    async (request) => ok(await usersClosedBoxes(db, requireAuth(request), request.query.dates ?? request.query.filters?.dates)),
  );

  app.get(
    '/closed-boxs/show',
    { config: { access: { permission: 'closed_boxs' } }, schema: { tags, querystring: idBody, response: { 200: envelope(closedBoxRowSchema) } } },
    async (request) => {
      const row = await findClosedBox(db, requireAuth(request), request.query.id);
      if (!row) throw notFound(closedBoxMessages.notFound);
      return ok(presentClosedBox(row));
    },
  );

  app.get(
    '/closed-boxs/:id/verification-history',
    { config: { access: { permission: 'closed_boxs' } }, schema: { tags, params: idBody, response: { 200: envelope(z.array(verificationHistoryEntrySchema)) } } },
    async (request) => {
      if (!(await findClosedBox(db, requireAuth(request), request.params.id))) throw notFound(closedBoxMessages.notFound);
      return ok(await verificationHistory(db, request.params.id));
    },
  );

  app.get('/closed-boxs/:id/file', { config: { access: { permission: 'closed_boxs' } }, schema: { tags, params: idBody } }, async (request, reply) => {
    const row = await findClosedBox(db, requireAuth(request), request.params.id);
    const data = row?.file ? await storage.read(row.file) : null;
    if (!row?.file || !data) throw notFound(closedBoxMessages.notFound);
    return reply.headers(storedFileHeaders(row.file)).header('cache-control', 'private, max-age=3600').send(data);
  });

  exportRoute(app, '/closed-boxs/export', {
    access: { permission: 'export_closed_boxs' },
    formats: ['csv', 'xlsx', 'pdf'],
    fileName: 'Cierres de Caja',
    tags,
    query: closedBoxListQuerySchema,
    columns: closedBoxExportColumns,
    source: (query, request) => closedBoxSource(db, query, requireAuth(request)),
  });

  app.get('/closed-boxs/template', { config: { access: { permission: 'add_closed_box' } }, schema: { tags } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="Plantilla cierre de caja.csv"')
      .send(CLOSED_BOX_TEMPLATE),
  );

  app.post(
    '/closed-boxs/store',
    { config: { access: { permission: 'add_closed_box' } }, schema: { tags, body: multipartBody(closedBoxFieldsSchema), response: { 200: savedAnswer } } },
    async (request) => {
      const { file, _method: _ignored, ...fields } = request.body as typeof request.body & { file?: unknown };
      const saved = await createClosedBox(db, storage, requireAuth(request), closedBoxFieldsSchema.parse(fields), file);
      reloadClosedBox(realtime, saved);
      return ok({ id: saved.id }, closedBoxMessages.created);
    },
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/closed-boxs/update',
      config: { access: { permission: 'edit_closed_box' } },
      schema: { tags, body: multipartBody(closedBoxUpdateSchema), response: { 200: savedAnswer } },
      handler: async (request) => {
        const { file, _method: _ignored, ...fields } = request.body as typeof request.body & { file?: unknown };
        const saved = await updateClosedBox(db, storage, requireAuth(request), closedBoxUpdateSchema.parse(fields), file);
        reloadClosedBox(realtime, saved);
        return ok({ id: saved.id }, closedBoxMessages.updated);
      },
    });
  }

  app.post(
    '/closed-boxs/import',
    { config: { access: { permission: 'add_closed_box' } }, schema: { tags, body: multipartBody(closedBoxImportSchema), response: { 200: importAnswer } } },
    async (request) => {
      const { file, _method: _ignored, ...fields } = request.body as typeof request.body & { file?: unknown };
      const saved = await importClosedBox(db, requireAuth(request), closedBoxImportSchema.parse(fields), file);
      reloadClosedBox(realtime, saved);
      return ok({ id: saved.id, ...saved.report }, closedBoxMessages.imported(saved.report.imported));
    },
  );

  app.delete(
    '/closed-boxs/delete',
    { config: { access: { permission: 'delete_closed_box' } }, schema: { tags, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      const removed = await deleteClosedBox(db, storage, requireAuth(request), request.body.id);
      reloadClosedBox(realtime, removed);
      return done(closedBoxMessages.deleted);
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/closed-boxs/change-status',
      config: { access: { permission: 'edit_closed_box' } },
      schema: { tags, body: closedBoxStatusSchema, response: { 200: emptyEnvelope } },
      handler: async (request) => {
        reloadClosedBox(realtime, await changeClosedBoxStatus(db, requireAuth(request), request.body));
        return done(closedBoxMessages.statusChanged);
      },
    });
  }

  app.post(
    '/closed-boxs/verify-payments',
    { config: { access: { permission: 'edit_closed_box' } }, schema: { tags, body: verifyPaymentsSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      const auth = requireAuth(request);
      const verified = await verifyPayments(db, auth, request.body);
      reloadClosedBox(realtime, verified);
      if (verified.verifiedGroups) notifyResponsible(realtime, auth, verified, { status: 'success', message: realtimeMessages.closingVerified(verified.id) });
      return done(closedBoxMessages.verified);
    },
  );

  // Whoever may verify may take a verification off: the same permission as verify-payments.
  app.post(
    '/closed-boxs/unverify-payments',
    { config: { access: { permission: 'edit_closed_box' } }, schema: { tags, body: unverifyGroupSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      reloadClosedBox(realtime, await unverifyGroup(db, requireAuth(request), request.body));
      return done(closedBoxMessages.unverified);
    },
  );

  app.post(
    '/closed-boxs/change-status-payments',
    {
      config: { access: { permission: ['edit_closed_box'] } },
      schema: { tags, body: changeGroupStatusSchema, response: { 200: envelope(z.object({ changed: z.number() })) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const result = await changeGroupStatus(db, auth, request.body);
      reloadClosedBox(realtime, result);
      const { status, notes } = request.body;
      if (status === 1 || result.changed.length)
        notifyResponsible(realtime, auth, result, status === 1 ? { status: 'success', message: realtimeMessages.closingVerified(result.id) } : { status: 'error', message: realtimeMessages.closingRejected(result.id, notes) });
      const paymentIds = result.changed.map((payment) => payment.id);
      await afterCommit(request.log, () => notifyRecorders(db, realtime, { paymentIds, actorId: auth.user.id, status, notes, skip: [result.user_id] }));
      const message = request.body.status === 1 ? closedBoxMessages.groupApproved : closedBoxMessages.groupRejected;
      for (const clientId of new Set(result.changed.map((payment) => payment.clientId))) {
        realtime.emit(
          rooms.client(clientId),
          'NotificationsClient',
          request.body.status === 1
            ? { status: 'success', message: realtimeMessages.paymentApproved }
            : { status: 'error', message: realtimeMessages.paymentRejected(request.body.notes) },
        );
      }
      return ok({ changed: result.changed.length }, message);
    },
  );

  app.post(
    '/bill-payments/add-payment',
    { config: { access: { permission: ['add_closed_box', 'edit_closed_box'] } }, schema: { tags, body: addPaymentSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      const attached = await attachPayments(db, requireAuth(request), request.body);
      reloadClosedBox(realtime, attached);
      return done(attached.count === 1 ? closedBoxMessages.paymentAdded : closedBoxMessages.paymentsAdded(attached.count));
    },
  );

  app.get(
    '/bill-payments/not-closed-box',
    { config: { access: { permission: 'closed_boxs' } }, schema: { tags, querystring: paymentListQuerySchema, response: { 200: paymentsPage } } },
    async (request) => ok(await paymentPage(request.query, unclosedSource(db, request.query, requireAuth(request)))),
  );

  app.get(
    '/closed-boxs/payments',
    {
      config: { access: { permission: 'closed_boxs' } },
      schema: { tags, querystring: paymentListQuerySchema.extend({ closed_box_id: recordId() }), response: { 200: paymentsPage } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const closing = await findClosedBox(db, auth, request.query.closed_box_id);
      if (!closing) throw notFound(closedBoxMessages.notFound);
      return ok(await paymentPage(request.query, closedBoxPaymentSource(db, request.query, auth, closing.id)));
    },
  );
});
