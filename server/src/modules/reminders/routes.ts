import { Cron } from 'croner';
import { z } from 'zod';
import { reminderMessages, reminderOptOutSchema } from '@recaudo/domain/reminders';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { requireAuth } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { envelope, ok } from '../../platform/envelope';
import { forbidden, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/module';
import type { AuthContext } from '../auth/service';
import { REMINDER_TIME_ZONE } from './schedule';
import { currentPeriod, reminderPreviewPage, runReminders, setReminderOptOut } from './service';

const tags = ['reminders'];
const debt = { months_owed: z.number(), owed_usd: z.string(), owed_bs: z.string(), surcharge_usd: z.string(), surcharge_bs: z.string() };
const entrySchema = z.object({
  client: z.object({ id: z.number(), name: z.string(), identification_type: z.string(), identification: z.string() }),
  email: z.string().nullable(),
  sms: z.string().nullable(),
  ...debt,
  addresses: z.array(
    z.object({
      address_payment_id: z.number(),
      address: z.string(),
      ...debt,
      installment: z.object({ number: z.number(), count: z.number(), due_date: z.string(), owed_usd: z.string(), owed_bs: z.string() }).nullable(),
    }),
  ),
});
const previewSchema = z.object({
  period: z.string(),
  min_months: z.number(),
  next_run: z.string().nullable(),
  total: z.number(),
  owed_usd: z.string(),
  owed_bs: z.string(),
  page: z.number(),
  per_page: z.number(),
  reminders: z.array(entrySchema),
});
const previewQuery = z.object({ page: z.coerce.number().int().min(1).default(1), per_page: z.coerce.number().int().min(1).max(100).default(10) });

/** The reminders' preview and manual run are the Administrador's (who also holds Clientes, the permission they are declared with). */
const requireAdmin = (auth: AuthContext) => {
  if (auth.user.roleId !== ADMIN_ROLE_ID) throw forbidden();
};

export default defineRoutes((app, { db, config }) => {
  const options = { minMonths: config.REMINDER_MIN_MONTHS, appUrl: config.APP_URL, sms: Boolean(config.SMS_GATEWAY_URL) };
  const nextRun = () => (config.REMINDER_CRON ? (new Cron(config.REMINDER_CRON, { timezone: REMINDER_TIME_ZONE, paused: true }).nextRun()?.toISOString() ?? null) : null);

  app.get(
    '/reminders/preview',
    { config: { access: { permission: 'clients' } }, schema: { tags, querystring: previewQuery, response: { 200: envelope(previewSchema) } } },
    async (request) => {
      requireAdmin(requireAuth(request));
      const { page, per_page } = request.query;
      const period = await currentPeriod(db);
      const preview = await reminderPreviewPage(db, period, options, { page, perPage: per_page });
      return ok({ period, min_months: options.minMonths, next_run: nextRun(), page, per_page, ...preview });
    },
  );

  app.post('/reminders/run', { config: { access: { permission: 'clients' } }, schema: { tags, response: { 200: envelope(z.object({ period: z.string(), sent: z.number() })) } } }, async (request) => {
    const auth = requireAuth(request);
    requireAdmin(auth);
    const result = await runReminders(db, { ...options, causerId: auth.user.id });
    await recordAudit(db, { module: 'reminders', event: 'created', causerId: auth.user.id, subjectType: 'reminders', attributes: { manual: true, ...result } });
    return ok(result, reminderMessages.ran(result.sent));
  });

  app.post(
    '/reminders/opt-out',
    { config: { access: 'client' }, schema: { tags, body: reminderOptOutSchema, response: { 200: envelope(z.object({ opt_out: z.boolean() })) } } },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.user.clientId === null) throw notFound();
      await setReminderOptOut(db, auth.user.clientId, auth.user.id, request.body.opt_out);
      return ok({ opt_out: request.body.opt_out }, request.body.opt_out ? reminderMessages.optedOut : reminderMessages.optedIn);
    },
  );
});
