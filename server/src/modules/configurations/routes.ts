import { configurationMessages, updateConfigurationSchema } from '@recaudo/domain/configurations';
import { listAllQuerySchema } from '@recaudo/domain/paging';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { configurationRowSchema, exchangeRatesSchema } from './presenter';
import { configurationSource, exchangeRates, updateConfiguration } from './service';

const tags = ['configurations'];

export default defineRoutes((app, { db }) => {
  app.get(
    '/configurations',
    { config: { access: { permission: 'configurations' } }, schema: { tags, querystring: listAllQuerySchema, response: { 200: envelope(pagedOf(configurationRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, configurationSource(db, request.query))),
  );
  // The payment form converts with the rates (client users register payments too), a new cash closing starts from
  // today's, and the address lists (Clientes, Direcciones de Pagos) show each debt in BS; the dashboards carry their own copy.
  app.get(
    '/configurations/exchange-rate',
    { config: { access: { permission: ['configurations', 'payments', 'add_payment', 'edit_payment', 'add_closed_box', 'clients'], clients: true } }, schema: { tags, response: { 200: envelope(exchangeRatesSchema) } } },
    async () => ok(await exchangeRates(db)),
  );
  app.put(
    '/configurations/update',
    { config: { access: { permission: 'update_dollar_rate' } }, schema: { tags, body: updateConfigurationSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await updateConfiguration(db, requireAuth(request), request.body);
      return done(configurationMessages.updated);
    },
  );
});
