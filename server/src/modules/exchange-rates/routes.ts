import { z } from 'zod';
import { currentRatesQuerySchema, exchangeRateListQuerySchema, exchangeRateMessages } from '@recaudo/domain/exchange-rates';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { exportFormatField, type ExportFormat } from '@recaudo/domain/export';
import { exportRoute, pageOf, sendExport } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { acceptBcvAlert, openBcvAlerts } from './alerts';
import { bcvStatusSchema, currentRatesSchema, exchangeRateExportColumns, exchangeRateRowSchema } from './presenter';
import { bcvStale, exchangeRateSource, ratesInForce } from './service';

const tags = ['exchange-rates'];
const FORMATS = ['csv', 'xlsx', 'pdf'] as const;
const FILE_NAME = 'Historial de tasas de cambio';

export default defineRoutes((app, { db }) => {
  // Whoever converts with the rates reads them (as `configurations/exchange-rate`): the payment forms, client users included.
  app.get(
    '/exchange-rates/current',
    {
      config: { access: { permission: ['configurations', 'payments', 'add_payment', 'edit_payment', 'add_closed_box', 'clients'], clients: true } },
      schema: { tags, querystring: currentRatesQuerySchema, response: { 200: envelope(currentRatesSchema) } },
    },
    async (request) => {
      const { usd, eur } = await ratesInForce(db, request.query.date);
      return ok({ usd, eur });
    },
  );
  app.get(
    '/exchange-rates',
    {
      config: { access: { permission: 'configurations' } },
      schema: { tags, querystring: exchangeRateListQuerySchema.extend({ type_format: exportFormatField(FORMATS).optional() }), response: { 200: envelope(pagedOf(exchangeRateRowSchema)) } },
    },
    async (request, reply) => {
      const { type_format: format, ...query } = request.query as typeof request.query & { type_format?: ExportFormat };
      const source = exchangeRateSource(db, query);
      if (format) return sendExport(reply, format, { fileName: FILE_NAME, columns: exchangeRateExportColumns, source });
      return ok(await pageOf(query, source));
    },
  );
  exportRoute(app, '/exchange-rates/export', {
    access: { permission: 'configurations' },
    formats: FORMATS,
    fileName: FILE_NAME,
    tags,
    columns: exchangeRateExportColumns,
    source: (query) => exchangeRateSource(db, query),
  });
  app.get(
    '/exchange-rates/bcv-status',
    { config: { access: { permission: 'configurations' } }, schema: { tags, response: { 200: envelope(bcvStatusSchema) } } },
    async () => {
      const [alerts, stale] = await Promise.all([openBcvAlerts(db), bcvStale(db)]);
      return ok({ alerts, stale: stale.stale, last_value_date: stale.lastValueDate });
    },
  );
  app.post(
    '/exchange-rates/alerts/accept',
    { config: { access: { permission: 'update_dollar_rate' } }, schema: { tags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } } },
    async (request) => {
      await acceptBcvAlert(db, request.body.id, requireAuth(request).user.id);
      return done(exchangeRateMessages.accepted);
    },
  );
});
