import { z } from 'zod';
import { listQuerySchema } from '@recaudo/domain/paging';
import { paymentMethodFieldsSchema, paymentMethodMessages, updatePaymentMethodSchema } from '@recaudo/domain/payment-methods';
import { changeActiveSchema } from '@recaudo/domain/regional';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { detectImage } from '../../platform/storage';
import { paymentMethodRowSchema } from './presenter';
import {
  IMAGE_FOLDER,
  activePaymentMethods,
  changePaymentMethodStatus,
  createPaymentMethod,
  deletePaymentMethod,
  paymentMethodSource,
  updatePaymentMethod,
} from './service';
import { acceptUploads } from '../../platform/uploads';

const tags = ['payment-methods'];
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The panel posts a multipart form (the image is a file); JSON works as well. `_method` is Laravel's PUT spoofing. */
const image = { image: z.any().optional(), _method: z.string().optional() };

/** The payment form (client users register payments too) and the tickets screen pick methods without their screen. */
const PAYMENT_METHOD_READERS = ['payment_methods', 'payments', 'add_payment', 'edit_payment', 'tickets_payments'] as const;

export default defineRoutes(async (app, { db, storage }) => {
  await acceptUploads(app, { fileBytes: MAX_IMAGE_BYTES, files: 1, fields: 20 });

  app.get(
    '/payment-methods',
    { config: { access: { permission: 'payment_methods' } }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(paymentMethodRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, paymentMethodSource(db, request.query))),
  );
  app.get(
    '/payment-methods/all',
    { config: { access: { permission: PAYMENT_METHOD_READERS, clients: true } }, schema: { tags, response: { 200: envelope(z.array(paymentMethodRowSchema)) } } },
    async () => ok(await activePaymentMethods(db, false)),
  );
  app.get(
    '/payment-methods/selects',
    { config: { access: { permission: PAYMENT_METHOD_READERS, clients: true } }, schema: { tags, response: { 200: envelope(z.array(paymentMethodRowSchema)) } } },
    async () => ok(await activePaymentMethods(db, true)),
  );
  app.post(
    '/payment-methods/store',
    {
      config: { access: { permission: 'add_payment_method' } },
      schema: { tags, body: paymentMethodFieldsSchema.extend(image), response: { 200: envelope(z.object({ id: z.number() })) } },
    },
    async (request) => {
      const { image: file, _method: _ignored, ...input } = request.body;
      return ok({ id: await createPaymentMethod(db, storage, requireAuth(request), input, file) }, paymentMethodMessages.created);
    },
  );
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/payment-methods/update',
      config: { access: { permission: 'edit_payment_method' } },
      schema: { tags, body: updatePaymentMethodSchema.extend(image), response: { 200: emptyEnvelope } },
      handler: async (request) => {
        const { image: file, _method: _ignored, ...input } = request.body;
        await updatePaymentMethod(db, storage, requireAuth(request), input, file);
        return done(paymentMethodMessages.updated);
      },
    });
  }
  app.patch(
    '/payment-methods/change-status',
    { config: { access: { permission: 'edit_payment_method' } }, schema: { tags, body: changeActiveSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await changePaymentMethodStatus(db, requireAuth(request), request.body);
      return done(paymentMethodMessages.statusChanged);
    },
  );
  app.delete(
    '/payment-methods/delete',
    { config: { access: { permission: 'delete_payment_method' } }, schema: { tags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } } },
    async (request) => {
      await deletePaymentMethod(db, storage, requireAuth(request), request.body.id);
      return done(paymentMethodMessages.deleted);
    },
  );

  // Logos are shown in <img> tags, which send no token: the names are random UUIDs.
  app.get(
    `/uploads/${IMAGE_FOLDER}/:file`,
    { config: { access: 'public' }, schema: { tags, params: z.object({ file: z.string().max(64) }) } },
    async (request, reply) => {
      const data = await storage.read(`${IMAGE_FOLDER}/${request.params.file}`);
      const kind = data ? detectImage(data) : null;
      if (!data || !kind) throw notFound();
      return reply.header('content-type', kind.mime).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(data);
    },
  );
});
