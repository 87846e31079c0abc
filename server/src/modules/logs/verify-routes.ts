import { z } from 'zod';
import { envelope, ok } from '../../platform/envelope';
import { defineRoutes } from '../../platform/module';
import { verifyAnchored } from './anchor';
import { chainPending } from './chain';

const verdictSchema = z.object({
  valid: z.boolean(),
  checked: z.number(),
  broken_at: z
    .object({ position: z.number(), id: z.number().nullable(), created_at: z.string().nullable(), reason: z.enum(['content', 'order', 'missing', 'head', 'anchor']) })
    .nullable(),
});

export default defineRoutes((app, { db, stores }) => {
  // Links the entries committed since the chainer's last pass first, so the answer covers the whole
  // log (nothing is linked onto a broken head), then judges it: a break is a verdict, never an error.
  app.get(
    '/logs/verify',
    { config: { access: { permission: 'logs' } }, schema: { tags: ['logs'], response: { 200: envelope(verdictSchema) } } },
    async () => {
      await chainPending(db);
      return ok(await verifyAnchored(db, stores.backups));
    },
  );
});
