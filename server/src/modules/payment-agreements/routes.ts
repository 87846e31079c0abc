import { z } from 'zod';
import { listQuerySchema } from '@recaudo/domain/paging';
import { AGREEMENT_STATUSES, agreementMessages, createAgreementSchema } from '@recaudo/domain/payment-agreements';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { contentDisposition, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { sendAgreementMail } from './mail';
import { renderAgreementPdf } from './pdf';
import { installmentSchema } from './presenter';
import { agreementParties, agreementSource, getAgreement } from './queries';
import { cancelAgreement, createAgreement } from './service';

const tags = ['payment-agreements'];

const agreementSchema = z.object({
  id: z.number(),
  address_payment_id: z.number(),
  client_id: z.number(),
  status: z.enum(AGREEMENT_STATUSES),
  debt_usd: z.string(),
  surcharge_usd: z.string(),
  down_payment_usd: z.string(),
  paid_usd: z.string(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  months: z.array(z.object({ month: z.string(), price_usd: z.string(), surcharge_usd: z.string() })),
  installments: z.array(installmentSchema),
});

const agreementRowSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  client_name: z.string(),
  address_payment_id: z.number(),
  address: z.string(),
  status: z.enum(AGREEMENT_STATUSES),
  debt_usd: z.string(),
  down_payment_usd: z.string(),
  paid_usd: z.string(),
  created_at: z.string(),
});

/** Reading agreements goes with the clients' screen; client users read their own. Signing and cancelling need payment_agreements. */
const READERS = { permission: ['clients', 'payment_agreements'], clients: true } as const;
const WRITERS = { permission: 'payment_agreements' } as const;

export default defineRoutes((app, { db, config }) => {
  app.get(
    '/payment-agreements',
    { config: { access: READERS }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(agreementRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, agreementSource(db, request.query, requireAuth(request)))),
  );

  app.get(
    '/payment-agreements/:id',
    { config: { access: READERS }, schema: { tags, params: z.object({ id: recordId() }), response: { 200: envelope(agreementSchema) } } },
    async (request) => ok(await getAgreement(db, requireAuth(request), request.params.id)),
  );

  app.post(
    '/payment-agreements/store',
    { config: { access: WRITERS }, schema: { tags, body: createAgreementSchema, response: { 200: envelope(agreementSchema) } } },
    async (request) => ok(await createAgreement(db, requireAuth(request), request.body), agreementMessages.created),
  );

  app.put(
    '/payment-agreements/cancel',
    { config: { access: WRITERS }, schema: { tags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } } },
    async (request) => {
      await cancelAgreement(db, requireAuth(request), request.body.id);
      return done(agreementMessages.cancelled);
    },
  );

  app.get('/payment-agreements/:id/pdf', { config: { access: READERS }, schema: { tags, params: z.object({ id: recordId() }) } }, async (request, reply) => {
    const agreement = await getAgreement(db, requireAuth(request), request.params.id);
    const pdf = await renderAgreementPdf(agreement, await agreementParties(db, agreement));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(agreementMessages.fileName))
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.post(
    '/payment-agreements/send-mail',
    { config: { access: READERS }, schema: { tags, body: z.object({ id: recordId() }), response: { 200: envelope(z.object({ to: z.string() })) } } },
    async (request) => ok(await sendAgreementMail(db, requireAuth(request), request.body.id, config.MESSAGES_MAX_PER_HOUR), agreementMessages.mailSent),
  );
});
