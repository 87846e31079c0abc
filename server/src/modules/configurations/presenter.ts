import { z } from 'zod';

export const configurationRowSchema = z.object({ id: z.number(), name: z.string(), label: z.string(), value: z.string(), updated_at: z.string() });
export const exchangeRatesSchema = z.object({ dollar_rate: z.string(), euro_rate: z.string() });
