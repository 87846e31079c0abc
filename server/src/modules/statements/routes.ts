import { z } from 'zod';
import { RATE_SOURCES } from '@recaudo/domain/exchange-rates';
import { exportFormatField } from '@recaudo/domain/export';
import { AGING_BUCKETS, statementMessages, type Statement, type StatementVerification } from '@recaudo/domain/statement';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { envelope, ok } from '../../platform/envelope';
import { contentDisposition } from '../../platform/export';
import { defineRoutes, type ZodApp } from '../../platform/module';
import { addressBalanceSchema } from '../addresses-payment/presenter';
import { statementAgreementSchema } from '../payment-agreements/presenter';
import { statementOf, type StatementScope } from './queries';
import { findStatementVerification, issueStatement, sendStatementMail } from './service';

const tags = ['statements'];
const idParams = z.object({ id: recordId() });
const formatQuery = z.object({ type_format: exportFormatField(['pdf']).optional() });

const debt = { months_owed: z.number(), owed_usd: z.string(), owed_bs: z.string() };
const surcharge = { surcharge_usd: z.string(), surcharge_bs: z.string() };
const month = z.object({
  month: z.string(),
  fee: z.string().nullable(),
  state: z.enum(['opening', 'paid', 'balance', 'marked', 'pending', 'owed']),
  payment: z.object({ id: z.number(), number: z.string().nullable(), date_payment: z.string() }).nullable(),
  surcharge_usd: z.string().optional(),
});
const waiver = z.object({
  payment_id: z.number(),
  number: z.string().nullable(),
  date_payment: z.string(),
  surcharge_usd: z.string(),
  waived_usd: z.string(),
  reason: z.string().nullable(),
});
const bucket = z.object({ addresses: z.number(), owed_usd: z.string(), owed_bs: z.string() });
const statementSchema = z.object({
  client: z.object({ id: z.number(), name: z.string(), identification_type: z.string(), identification: z.string(), email: z.string().nullable() }),
  dollar_rate: z.string(),
  dollar_rate_value_date: z.string().nullable(),
  dollar_rate_source: z.enum(RATE_SOURCES).nullable(),
  current_month: z.string(),
  ...debt,
  ...surcharge,
  addresses: z.array(
    z.object({
      address_payment_id: z.number(),
      address: z.string(),
      type: z.union([z.literal(0), z.literal(1)]),
      fee: z.string().nullable(),
      start_month: z.string(),
      months: z.array(month),
      ...debt,
      oldest_owed: z.string().nullable(),
      solvent_to_date: z.string().nullable(),
      aging: z.enum(AGING_BUCKETS).nullable(),
      balance_usd: z.string(),
      balance_movements: addressBalanceSchema.shape.movements,
      ...surcharge,
      surcharge_waivers: z.array(waiver),
      agreement: statementAgreementSchema.nullable().optional(),
    }),
  ),
  aging: z.object(Object.fromEntries(AGING_BUCKETS.map((name) => [name, bucket])) as Record<(typeof AGING_BUCKETS)[number], typeof bucket>),
}) satisfies z.ZodType<Statement>;
const verificationSchema = z.object({
  client: z.object({ name: z.string(), identification_type: z.string(), identification: z.string() }),
  ...debt,
  dollar_rate: z.string(),
  dollar_rate_value_date: z.string().nullable(),
  dollar_rate_source: z.enum(RATE_SOURCES).nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<StatementVerification>;

/**
 * The statement of account (issue 33): per address and per client, as JSON or, with
 * `type_format=pdf`, as "Estado de cuenta.pdf"; "Enviar por correo"; and the public check the
 * PDF's QR code opens. Staff read it with the Clientes screen's permission; client users their
 * own client's only (another's answers 404).
 */
export default defineRoutes((app, { db, config }) => {
  const access = { permission: 'clients', clients: true } as const;

  const statementRoute = (app: ZodApp, path: string, scopeOf: (id: number) => StatementScope) =>
    app.get(
      path,
      { config: { access }, schema: { tags, params: idParams, querystring: formatQuery, response: { 200: envelope(statementSchema) } } },
      async (request, reply) => {
        const auth = requireAuth(request);
        const scope = scopeOf(request.params.id);
        if (request.query.type_format !== 'pdf') return ok(await statementOf(db, auth, scope));
        const issued = await issueStatement(db, auth, scope, config.APP_URL);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(statementMessages.fileName))
          .header('cache-control', 'no-store')
          // A Buffer goes out as is: the JSON schema above types only the other answer.
          .send(issued.pdf as never);
      },
    );
  statementRoute(app, '/addresses-payment/statement/:id', (id) => ({ addressId: id }));
  statementRoute(app, '/clients/statement/:id', (id) => ({ clientId: id }));

  app.post(
    '/statements/send-mail',
    {
      config: { access },
      schema: {
        tags,
        body: z.object({ client_id: recordId('Cliente').optional(), address_payment_id: recordId('Dirección').optional() }).refine((body) => (body.client_id === undefined) !== (body.address_payment_id === undefined), {
          message: statementMessages.scopeRequired,
        }),
        response: { 200: envelope(z.object({ to: z.string() })) },
      },
    },
    async (request) => {
      const { client_id: clientId, address_payment_id: addressId } = request.body;
      const scope: StatementScope = addressId !== undefined ? { addressId } : { clientId: clientId! };
      return ok(await sendStatementMail(db, requireAuth(request), scope, config.APP_URL, config.MESSAGES_MAX_PER_HOUR), statementMessages.mailSent);
    },
  );

  app.get(
    '/verify-statement/:hash',
    { config: { access: 'public' }, schema: { tags, params: z.object({ hash: z.string().max(128) }), response: { 200: envelope(verificationSchema) } } },
    async (request) => ok(await findStatementVerification(db, config, request.params.hash, request.ip)),
  );
});
