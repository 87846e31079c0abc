import { z } from 'zod';
import { listQuerySchema } from '@recaudo/domain/paging';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { requireAuth } from '../../platform/access';
import { envelope, ok, pagedOf } from '../../platform/envelope';
import { forbidden } from '../../platform/errors';
import { pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { oldestPendingAgeSeconds, outboxSource } from './service';

const outboxRowSchema = z.object({
  id: z.number(),
  channel: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  body_text: z.string(),
  status: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  /** Files the e-mail carries (their content is not shown). */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number() })),
});

/**
 * `GET outbox`: the outgoing messages, for the Administrador role only (they carry reset links
 * and codes), who also holds the Bitácoras permission it is declared with. Lets an installation
 * without SMTP read what would have been sent.
 */
export default defineRoutes((app, { db, health }) => {
  health.addQueue('outbox', () => oldestPendingAgeSeconds(db));
  app.get(
    '/outbox',
    { config: { access: { permission: 'logs' } }, schema: { tags: ['outbox'], querystring: listQuerySchema, response: { 200: envelope(pagedOf(outboxRowSchema)) } } },
    async (request) => {
      if (requireAuth(request).user.roleId !== ADMIN_ROLE_ID) throw forbidden();
      return ok(await pageOf(request.query, outboxSource(db, request.query)));
    },
  );
});
