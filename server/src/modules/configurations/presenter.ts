import { z } from 'zod';

export const configurationRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  label: z.string(),
  /** The rate in force today (eight decimals), its value date and source; `stale` when old or missing. */
  value: z.string(),
  value_date: z.string().nullable(),
  source: z.enum(['bcv', 'manual']).nullable(),
  stale: z.boolean(),
  updated_at: z.string(),
});
export const exchangeRatesSchema = z.object({ dollar_rate: z.string(), euro_rate: z.string() });
