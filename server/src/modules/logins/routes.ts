import { z } from 'zod';
import { listQuerySchema } from '@recaudo/domain/paging';
import { envelope, ok, pagedOf } from '../../platform/envelope';
import { defineRoutes } from '../../platform/module';
import { findLogins } from './service';

const loginSessionSchema = z.object({
  id: z.number(),
  token_id: z.number(),
  user_id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  start: z.string(),
  end: z.string().nullable(),
  active: z.boolean(),
  total_time_session: z.number(),
});

export default defineRoutes((app, { db }) => {
  app.get(
    '/logs/logins',
    {
      config: { access: { permission: 'logins' } },
      schema: { tags: ['logins'], querystring: listQuerySchema, response: { 200: envelope(pagedOf(loginSessionSchema)) } },
    },
    async (request) => ok(await findLogins(db, request.query)),
  );
});
