import { z } from 'zod';
import { hasPermission, type Permission } from '@recaudo/domain/permissions';
import { feeHistoryQuerySchema, type FeeOwnerType } from '@recaudo/domain/tariffs';
import { requireAuth } from '../../platform/access';
import { envelope, ok } from '../../platform/envelope';
import { forbidden } from '../../platform/errors';
import { defineRoutes } from '../../platform/module';
import { feeHistory } from './service';

/** Who reads a history: whoever reads the fee's own screen. */
const READ_PERMISSION: Record<FeeOwnerType, Permission> = { community: 'communities', activity: 'economic_activities', address: 'clients' };

const historySchema = z.object({
  owner_type: z.enum(['community', 'activity', 'address']),
  owner_id: z.number(),
  entries: z.array(
    z.object({
      effective_month: z.string().nullable(),
      fee: z.string().nullable(),
      inherited_from: z.enum(['community', 'activity']).nullable(),
      created_at: z.string().nullable(),
      created_by: z.string().nullable(),
    }),
  ),
});

export default defineRoutes((app, { db }) => {
  app.get(
    '/fees/history',
    {
      config: { access: { permission: Object.values(READ_PERMISSION) } },
      schema: { tags: ['fees'], querystring: feeHistoryQuerySchema, response: { 200: envelope(historySchema) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!hasPermission([...auth.permissions], [READ_PERMISSION[request.query.owner_type]])) throw forbidden();
      return ok(await feeHistory(db, request.query.owner_type, request.query.owner_id));
    },
  );
});
