import { z } from 'zod';

export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  type: z.enum(['admin', 'client']),
  client_id: z.number().nullable(),
  client: z
    .object({ id: z.number(), name: z.string(), identification_type: z.string(), identification: z.string(), type: z.number() })
    .nullable(),
  phone: z.array(z.string()),
  address: z.string().nullable(),
  photo: z.string().nullable(),
  role: z.object({ id: z.number(), name: z.string(), key: z.string().nullable() }),
  use_all_series: z.boolean(),
  correlative_id: z.number().nullable(),
  change_password: z.boolean(),
  two_factor: z.object({ enabled: z.boolean(), required: z.boolean() }),
});

export const sessionSchema = z.object({
  user: sessionUserSchema,
  access_token: z.string(),
  permissions: z.array(z.string()),
  theme: z.enum(['light', 'dark']),
});

/** A session, or for an account with a second factor the challenge `auth/2fa/verify` takes. */
export const loginAnswerSchema = z.union([sessionSchema, z.object({ two_factor_required: z.literal(true), challenge: z.string() })]);

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
  recovery_codes: z.array(z.string()),
});
