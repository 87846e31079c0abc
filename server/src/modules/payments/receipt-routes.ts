import { z } from 'zod';
import { receiptFileName, receiptMessages, sendPaymentMailSchema, type PaymentVerification } from '@recaudo/domain/payment-receipts';
import { requireAuth } from '../../platform/access';
import { envelope, ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { inTestMode } from '../../simulated-services';
import { findPaymentVerification, paymentByHash, verificationUrl } from './receipt';
import { sendPaymentReceipt } from './receipt-mail';
import { renderReceiptPdf } from './receipt-pdf';

const tags = ['payments'];
const hashParams = z.object({ hash: z.string().max(128) });

const verificationSchema = z.object({
  number_correlative: z.string().nullable(),
  serie: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  client: z.object({ name: z.string(), identification_type: z.string(), identification: z.string() }),
  payment_method: z.object({ name: z.string() }),
  amount_payment: z.string(),
  dollar_amount_payment: z.string(),
  currency: z.enum(['$', '€']),
  date_payment: z.string(),
  date_bill: z.string().nullable(),
  created_at: z.string(),
  months_payment: z.array(z.string()),
}) satisfies z.ZodType<PaymentVerification>;

/**
 * The receipt of a payment (spec 02 §7): its PDF and its e-mail for whoever may see the payment
 * (staff with `payments` within their data and series scope, the client user their own; others
 * 404), and the public verification by hash (spec 03) that the receipt's QR code opens.
 */
export default defineRoutes((app, { db, config }) => {
  app.get(
    '/payments/generate-payment-pdf/:hash',
    { config: { access: { permission: 'payments', clients: true } }, schema: { tags, params: hashParams } },
    async (request, reply) => {
      const row = await paymentByHash(db, request.params.hash, requireAuth(request));
      if (!row) throw notFound(receiptMessages.hashNotFound);
      const pdf = await renderReceiptPdf(row, { verifyUrl: verificationUrl(config.APP_URL, row.hash), testMode: inTestMode(config) });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(receiptFileName(row)))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/payments/send-mail-payment-pdf',
    {
      config: { access: { permission: 'payments', clients: true } },
      schema: { tags, body: sendPaymentMailSchema, response: { 200: envelope(z.object({ to: z.string() })) } },
    },
    async (request) => ok(await sendPaymentReceipt(db, requireAuth(request), request.body.hash, config.APP_URL, config.MESSAGES_MAX_PER_HOUR, inTestMode(config)), receiptMessages.mailSent),
  );

  app.get(
    '/verify-payment/:hash',
    { config: { access: 'public' }, schema: { tags, params: hashParams, response: { 200: envelope(verificationSchema) } } },
    async (request) => ok(await findPaymentVerification(db, config, request.params.hash, request.ip)),
  );
});
