import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { bankMessages, conciliationErrorLabels, isConciliationErrorCode, type ConciliationErrorCode } from '@recaudo/domain/bank-operations';
import { exportFormatField, yesNo } from '@recaudo/domain/export';
import { formatDate, formatDateTime } from '@recaudo/domain/format';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { envelope, ok, pagedOf } from '../../platform/envelope';
import { exportRoute, pageOf, sendExport } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { bankConnection } from '../../providers/bank/provider';
import { BankUnavailableError } from '../../providers/bank/types';
import { conciliationQuerySchema, conciliationSource, conciliationStatistics, getConciliation } from './conciliations';
import { arraySource, findMovements, matchesSearch, movementExportColumns, movementsBodySchema } from './movements';
import { conciliationSchema, movementSchema, presentConciliation, statisticsSchema, validationAnswerSchema, type ConciliationRecord } from './presenter';
import { conciliations } from './tables';
import { lastPayPhone, validatePayment } from './validation';

const tags = ['bank-operations'];

const movementsAnswerSchema = envelope(z.object({ movs: z.array(movementSchema), totalOfMovements: z.number() }));
const failureSchema = z.object({ success: z.literal(false), message: z.string() });

const conciliationColumns = [
  { header: 'Fecha de proceso', value: (row: ConciliationRecord) => formatDateTime(row.processedAt), width: 18 },
  { header: 'Cliente', value: (row: ConciliationRecord) => row.clientName ?? '', width: 26 },
  { header: 'Identificación', value: (row: ConciliationRecord) => (row.clientIdentification ? `${row.clientIdentificationType}-${row.clientIdentification}` : ''), width: 14 },
  { header: 'Referencia', value: (row: ConciliationRecord) => row.reference, width: 16 },
  { header: 'Fecha de pago', value: (row: ConciliationRecord) => formatDate(row.paymentDate), width: 12 },
  { header: 'Monto', value: (row: ConciliationRecord) => row.amount ?? '', width: 12 },
  { header: 'Banco de origen', value: (row: ConciliationRecord) => [row.originBank, row.originBankName].filter(Boolean).join(' · '), width: 24 },
  { header: 'Conciliado', value: (row: ConciliationRecord) => yesNo(row.success), width: 10 },
  { header: 'Código de error', value: (row: ConciliationRecord) => (isConciliationErrorCode(row.errorCode) ? conciliationErrorLabels[row.errorCode as ConciliationErrorCode] : ''), width: 16 },
  { header: 'Mensaje', value: (row: ConciliationRecord) => row.errorMessage ?? '', width: 34 },
  { header: 'Pago', value: (row: ConciliationRecord) => (row.paymentId === null ? '' : `#${row.paymentId}`), width: 8 },
];

/** Bank payment validation, account movements and conciliations (spec 02 §7 "Bank API"). */
export default defineRoutes((app, { db, config }) => {
  const bank = bankConnection(config);
  app.addHook('onClose', () => bank.close());

  // Whoever records or edits payments confirms a pago móvil from the payment panel; a client user
  // their own (issue 33), within CLIENT_VALIDATIONS_PER_HOUR.
  app.post(
    '/bank-operations/validate-payment',
    {
      config: { access: { permission: ['add_payment', 'edit_payment'], clients: true } },
      schema: { tags, body: z.record(z.string(), z.unknown()), response: { 200: validationAnswerSchema, 422: validationAnswerSchema.extend({ errors: z.record(z.string(), z.array(z.string())).optional() }) } },
    },
    async (request, reply) => {
      const outcome = await validatePayment(db, await bank.provider(), requireAuth(request), request.body, config.CLIENT_VALIDATIONS_PER_HOUR);
      return reply.status(outcome.status).send(outcome.answer);
    },
  );

  // The phone the validation modal preselects when the client has several (issue 51).
  app.get(
    '/bank-operations/last-pay-phone/:id',
    {
      config: { access: { permission: ['add_payment', 'edit_payment'], clients: true } },
      schema: { tags, params: z.object({ id: recordId() }), response: { 200: envelope(z.object({ pay_phone: z.string().nullable() })) } },
    },
    async (request) => ok({ pay_phone: await lastPayPhone(db, requireAuth(request), request.params.id) }),
  );

  app.post(
    '/bank-operations/movements',
    { config: { access: { permission: 'view_bank_operations' } }, schema: { tags, body: movementsBodySchema, response: { 200: movementsAnswerSchema, 502: failureSchema } } },
    async (request, reply) => {
      try {
        return ok(await findMovements(await bank.provider(), request.body));
      } catch (error) {
        if (!(error instanceof BankUnavailableError)) throw error;
        return reply.status(502).send({ success: false as const, message: `${bankMessages.movementsFailed}: ${error.message}` });
      }
    },
  );

  app.post(
    '/bank-operations/export',
    {
      config: { access: { permission: 'view_bank_operations' } },
      schema: {
        tags,
        body: z.object({
          search: z.string().max(200).optional().default(''),
          filters: movementsBodySchema.optional().default({ currencyType: 'VES', movementNumber: '' }),
          type_format: exportFormatField(['csv', 'xlsx', 'pdf']),
        }),
      },
    },
    async (request, reply) => {
      try {
        const { movs } = await findMovements(await bank.provider(), request.body.filters);
        const rows = movs.filter((movement) => matchesSearch(movement, request.body.search));
        return sendExport(reply, request.body.type_format, { fileName: 'Operaciones Bancarias', columns: movementExportColumns, source: arraySource(rows) });
      } catch (error) {
        if (!(error instanceof BankUnavailableError)) throw error;
        return reply.status(502).send({ success: false, message: `${bankMessages.movementsFailed}: ${error.message}` });
      }
    },
  );

  app.get(
    '/conciliations',
    { config: { access: { permission: 'view_conciliations' } }, schema: { tags, querystring: conciliationQuerySchema, response: { 200: envelope(pagedOf(conciliationSchema)) } } },
    async (request) => {
      const page = await pageOf(request.query, conciliationSource(db, request.query));
      return ok({ ...page, data: page.data.map(presentConciliation) });
    },
  );

  app.get(
    '/conciliations/statistics',
    { config: { access: { permission: 'view_conciliations' } }, schema: { tags, querystring: conciliationQuerySchema, response: { 200: envelope(statisticsSchema) } } },
    async (request) => ok(await conciliationStatistics(db, request.query)),
  );

  exportRoute(app, '/conciliations/export', {
    access: { permission: 'export_conciliations' },
    formats: ['csv', 'xlsx', 'pdf'],
    fileName: 'Conciliaciones Bancarias',
    tags,
    query: conciliationQuerySchema,
    columns: conciliationColumns,
    source: (query) => conciliationSource(db, query),
  });

  app.get(
    '/conciliations/client/:id',
    {
      config: { access: { permission: 'view_conciliations' } },
      schema: { tags, params: z.object({ id: recordId() }), querystring: conciliationQuerySchema, response: { 200: envelope(pagedOf(conciliationSchema)) } },
    },
    async (request) => {
      const page = await pageOf(request.query, conciliationSource(db, request.query, eq(conciliations.clientId, request.params.id)));
      return ok({ ...page, data: page.data.map(presentConciliation) });
    },
  );

  app.get(
    '/conciliations/:id',
    { config: { access: { permission: 'view_conciliations' } }, schema: { tags, params: z.object({ id: recordId() }), response: { 200: envelope(conciliationSchema) } } },
    async (request) => ok(presentConciliation(await getConciliation(db, request.params.id))),
  );
});
