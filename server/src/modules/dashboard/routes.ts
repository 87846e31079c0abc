import { z } from 'zod';
import { dashboardAdminQuerySchema } from '@recaudo/domain/dashboard';
import { RATE_SOURCES } from '@recaudo/domain/exchange-rates';
import { AGING_BUCKETS } from '@recaudo/domain/statement';
import { CURRENCIES } from '@recaudo/domain/tenders';
import { requireAuth } from '../../platform/access';
import { envelope, ok } from '../../platform/envelope';
import { defineRoutes } from '../../platform/module';
import { paymentRowSchema } from '../payments/presenter';
import { clientDebtsSchema } from '../statements/presenter';
import { collectionsDashboard } from './collections';
import { adminDashboard, agingDashboard, clientDashboard } from './service';
import { administratorsWithoutSecondFactor } from './security-warning';

const tags = ['dashboard'];
const aggregate = z.object({ count_payments: z.number(), amount_payment: z.string(), dollar_amount_payment: z.string() });
const card = z.object({ current: aggregate, previous: aggregate, percentage: z.string() });

const adminSchema = z.object({
  payments: z.object({ day: card, month: card, year: card }),
  date_payment: z.array(aggregate.extend({ date: z.string() })),
  payments_to_proccess: z.array(paymentRowSchema),
  data_general: z.object({ configuration: z.array(z.object({ name: z.enum(['update_dollar_rate', 'update_euro_rate']), value: z.string() })) }),
  printer_warning: z.string().nullable(),
  backup_warning: z.string().nullable(),
});

const agingSchema = z.object({
  aging: z.array(z.object({ bucket: z.enum(AGING_BUCKETS), addresses: z.number(), owed_usd: z.string(), owed_bs: z.string(), surcharge_usd: z.string() })),
});

const rateSource = z.enum(RATE_SOURCES).nullable();
const collectionsSchema = z.object({
  currencies: z.array(z.object({ currency: z.enum(CURRENCIES), amount: z.string(), amount_ves: z.string(), change: z.string() })),
  igtf: z.string(),
});

const clientSchema = z.object({
  client: z.object({
    id: z.number(),
    type: z.number(),
    name: z.string(),
    identification_type: z.string(),
    identification: z.string(),
    email: z.string().nullable(),
    phone: z.array(z.string()),
    gender: z.string().nullable(),
    birth_date: z.string().nullable(),
    created_at: z.string(),
    reminders_opt_out: z.boolean(),
  }),
  latest_payment: z
    .object({
      id: z.number(),
      status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      date_payment: z.string(),
      amount_payment: z.string(),
      created_at: z.string(),
      number_correlative: z.string().nullable(),
    })
    .nullable(),
  dollar_rate: z.string(),
  euro_rate: z.string(),
  dollar_rate_value_date: z.string().nullable(),
  dollar_rate_source: rateSource,
  euro_rate_value_date: z.string().nullable(),
  euro_rate_source: rateSource,
  debts: clientDebtsSchema,
});

/**
 * The dashboards (spec 03 §7): the administrator's carries the revenue, so it needs the Pagos
 * screen's permission (issue 31); client users get their own.
 */
export default defineRoutes((app, { db, config }) => {
  app.get(
    '/dashboard/admin',
    { config: { access: { permission: 'payments' } }, schema: { tags, querystring: dashboardAdminQuerySchema, response: { 200: envelope(adminSchema) } } },
    async (request) => ok(await adminDashboard(db, requireAuth(request), request.query, config.INVOICE_RANGE_WARNING)),
  );
  app.get('/dashboard/aging', { config: { access: { permission: 'payments' } }, schema: { tags, response: { 200: envelope(agingSchema) } } }, async () =>
    ok(await agingDashboard(db)),
  );
  app.get(
    '/dashboard/security-warning',
    { config: { access: { staff: true } }, schema: { tags, response: { 200: envelope(z.object({ administrators_without_two_factor: z.array(z.string()) })) } } },
    async (request) => ok(await administratorsWithoutSecondFactor(db, requireAuth(request))),
  );
  app.get(
    '/dashboard/collections',
    { config: { access: { permission: 'payments' } }, schema: { tags, querystring: dashboardAdminQuerySchema, response: { 200: envelope(collectionsSchema) } } },
    async (request) => ok(await collectionsDashboard(db, request.query.filters)),
  );
  app.get('/dashboard/client', { config: { access: 'client' }, schema: { tags, response: { 200: envelope(clientSchema) } } }, async (request) =>
    ok(await clientDashboard(db, requireAuth(request))),
  );
});
