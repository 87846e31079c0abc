import { z } from 'zod';

const named = z.object({ id: z.number(), name: z.string() });

export const calendarYearSchema = z.object({
  year: z.number(),
  months: z.array(z.object({ month: z.string(), state: z.enum(['before_start', 'paid', 'pending', 'unpaid', 'ahead']), payment_id: z.number().nullable() })),
});

export const addressRowSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  client: z.object({ id: z.number(), name: z.string(), identification_type: z.string(), identification: z.string() }),
  type: z.union([z.literal(0), z.literal(1)]),
  address: z.string(),
  state_id: z.number().nullable(),
  state: named.nullable(),
  municipality_id: z.number().nullable(),
  municipality: named.nullable(),
  parish_id: z.number().nullable(),
  parish: named.extend({ date_start: z.string() }).nullable(),
  community_id: z.number().nullable(),
  community: named.extend({ fee: z.string(), date_start: z.string() }).nullable(),
  economic_activity_id: z.number().nullable(),
  economic_activity: named.extend({ fee: z.string(), activity_group: named.nullable() }).nullable(),
  is_custom_fee: z.boolean(),
  fee: z.string().nullable(),
  date_start: z.string().nullable(),
  start_month: z.string(),
  months_to_pay: z.number(),
  payments: z.array(calendarYearSchema),
  solvent: z.boolean(),
  solvent_to_date: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
});

export const addressTotalsSchema = z.object({ total_fees: z.string(), total_addresses: z.number() });

export const monthsAnswerSchema = z.object({ payments: z.array(calendarYearSchema), months_to_pay: z.number() });
