import { z } from 'zod';
import { clientMessages, MESSAGE_MAX_RECIPIENTS } from '@recaudo/domain/clients';
import { invoiceMessages } from '@recaudo/domain/invoices';
import { requireAuth } from '../../platform/access';
import { emptyEnvelope, envelope, done, ok } from '../../platform/envelope';
import { defineRoutes } from '../../platform/module';
import { applyRetention, cancelInvoice, createNote, documentsOf, invoicePdf, invoiceRecordsOf, sendInvoiceMail } from './actions';
import { oldestPendingAgeSeconds } from './emission';
import { closeInvoiceProvider, invoiceProviderFor } from './provider';
import { acceptUploads } from '../../platform/uploads';

const tags = ['factory-invoices'];
const id = z.coerce.number().int().positive();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, invoiceMessages.required);
const required = z.string({ error: invoiceMessages.required }).trim().min(1, invoiceMessages.required);
const optional = z.string().max(50).nullish();

const recordSchema = z.object({
  id: z.number(),
  endpoint: z.string(),
  message: z.string(),
  code: z.string(),
  validations: z.array(z.string()),
  created_at: z.string(),
});
const documentSchema = z.object({
  id: z.number(),
  type_document: z.string(),
  serie: z.string(),
  number_document: z.string(),
  control_number: z.string().nullable(),
  status: z.number().nullable(),
  message: z.string().nullable(),
  notes: z.string().nullable(),
  total: z.string(),
  created_at: z.string(),
});

/**
 * Legal documents (spec 02 §7 "Legal documents"): records, PDF and e-mail for whoever may see the
 * payment (e-mail is not gated, spec 02 §6); retention, notes and cancellation need edit_payment.
 */
export default defineRoutes(async (app, { db, config, health }) => {
  // Spec 02 §7: the note panel posts form data (fields only, no file); JSON stays accepted.
  await acceptUploads(app, { fileBytes: 0, files: 0, fields: 20 });
  health.addQueue('invoices', () => oldestPendingAgeSeconds(db));
  const printer = () => invoiceProviderFor(config).then((opened) => opened.provider);
  app.addHook('onClose', () => closeInvoiceProvider(config));

  app.get(
    '/factory-invoices/records/:payment_id',
    {
      config: { access: { permission: 'payments', clients: true } },
      schema: { tags, params: z.object({ payment_id: id }), response: { 200: envelope(z.array(recordSchema)) } },
    },
    async (request) => ok(await invoiceRecordsOf(db, requireAuth(request), request.params.payment_id)),
  );

  app.get(
    '/factory-invoices/documents/:payment_id',
    {
      config: { access: { permission: 'payments', clients: true } },
      schema: { tags, params: z.object({ payment_id: id }), response: { 200: envelope(z.array(documentSchema)) } },
    },
    async (request) => ok(await documentsOf(db, requireAuth(request), request.params.payment_id)),
  );

  app.get(
    '/factory-invoices/generate-invoice-payment-pdf/:hash',
    { config: { access: { permission: 'payments', clients: true } }, schema: { tags, params: z.object({ hash: z.string().max(128) }) } },
    async (request, reply) => {
      const pdf = await invoicePdf(db, await printer(), requireAuth(request), request.params.hash);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="Factura.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/factory-invoices/send-mail-invoice',
    {
      config: { access: { permission: 'payments', clients: true } },
      schema: {
        tags,
        body: z.object({ id, items: z.array(z.string().max(255), { error: invoiceMessages.noEmails }).max(MESSAGE_MAX_RECIPIENTS, clientMessages.tooManyRecipients) }),
        response: { 200: envelope(z.object({ sent: z.array(z.string()), dropped: z.array(z.string()) })) },
      },
    },
    async (request) => ok(await sendInvoiceMail(db, await printer(), requireAuth(request), request.body.id, request.body.items, config.MESSAGES_MAX_PER_HOUR), invoiceMessages.mailQueued),
  );

  app.post(
    '/factory-invoices/apply-retention',
    {
      config: { access: { permission: 'edit_payment' } },
      schema: { tags, body: z.object({ id, number: required.pipe(z.string().max(20)), date: day }), response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await applyRetention(db, await printer(), requireAuth(request), request.body);
      return done(invoiceMessages.retentionApplied);
    },
  );

  app.put(
    '/factory-invoices/cancel-invoice',
    {
      config: { access: { permission: 'edit_payment' } },
      schema: { tags, body: z.object({ id, notes: required.pipe(z.string().max(500)) }), response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await cancelInvoice(db, await printer(), requireAuth(request), request.body);
      return done(invoiceMessages.cancelled);
    },
  );

  app.post(
    '/factory-invoices/generate-custom-factory-note',
    {
      config: { access: { permission: 'edit_payment' } },
      schema: {
        tags,
        body: z.object({
          id,
          type: z.enum(['02', '03'], { error: invoiceMessages.required }),
          payment_method_id: z.coerce.number({ error: invoiceMessages.required }).int().positive(invoiceMessages.required),
          date_payment: day,
          new_amount_payment: z
            .string({ error: invoiceMessages.required })
            .regex(/^\d{1,16}(\.\d{1,2})?$/, 'El monto debe ser un número con hasta 2 decimales.')
            .refine((value) => Number(value) > 0, 'El monto debe ser mayor que cero.'),
          notes: required.pipe(z.string().max(500)),
          reference: optional,
          terminal: optional,
          lot_number: optional,
        }),
        response: { 200: envelope(z.object({ id: z.number(), type_document: z.string(), number_document: z.string() })) },
      },
    },
    async (request) => ok(await createNote(db, requireAuth(request), request.body), invoiceMessages.noteQueued),
  );
});
