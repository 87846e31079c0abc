import { z } from 'zod';
import { CURRENCIES } from '@recaudo/domain/tenders';

export const paymentMethodRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  type: z.number(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  is_mobile_payment_use_api_bdv: z.boolean(),
  active: z.boolean(),
  currency: z.enum(CURRENCIES),
  is_igtf: z.boolean(),
  protected: z.boolean(),
  count_payments: z.number(),
});
