import { z } from 'zod';
import type { PermissionModule } from '@recaudo/domain/roles';

export const roleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  key: z.string().nullable(),
  expired_session_time: z.number(),
  active: z.boolean(),
  require_2fa: z.boolean(),
  notes: z.string().nullable(),
  count_users: z.number(),
  created_at: z.string(),
});

export const permissionModuleSchema: z.ZodType<PermissionModule> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    label: z.string(),
    checked: z.boolean(),
    parent_id: z.number().nullable(),
    children: z.array(permissionModuleSchema),
  }),
);
