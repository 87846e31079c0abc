import { z } from 'zod';
import { RATE_SOURCES } from '@recaudo/domain/exchange-rates';

const debt = { months_owed: z.number(), owed_usd: z.string(), owed_bs: z.string(), surcharge_usd: z.string(), surcharge_bs: z.string() };
const rateSource = z.enum(RATE_SOURCES).nullable();

/** What a client owes per address at today's dollar rate (`clientDebts`): her home and her detail for the staff. */
export const clientDebtsSchema = z.object({
  dollar_rate: z.string(),
  dollar_rate_value_date: z.string().nullable(),
  dollar_rate_source: rateSource,
  ...debt,
  addresses: z.array(
    z.object({
      address_payment_id: z.number(),
      address: z.string(),
      type: z.union([z.literal(0), z.literal(1)]),
      ...debt,
      oldest_owed: z.string().nullable(),
      solvent_to_date: z.string().nullable(),
      pending_months: z.array(z.string()),
      in_agreement: z.boolean(),
    }),
  ),
});
