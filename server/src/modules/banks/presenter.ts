import { z } from 'zod';

export const bankRowSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
