import { z } from 'zod';

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
  protected: z.boolean(),
  count_payments: z.number(),
});
