import { z } from 'zod';
import { AGREEMENT_STATUSES, INSTALLMENT_STATUSES, type StatementAgreement } from '@recaudo/domain/payment-agreements';

/** An installment as the API answers it (the agreement's detail and the statement of account). */
export const installmentSchema = z.object({
  number: z.number(),
  due_date: z.string(),
  amount_usd: z.string(),
  paid_usd: z.string(),
  status: z.enum(INSTALLMENT_STATUSES),
});

/** An address's agreement in its statement of account (issue 50). */
export const statementAgreementSchema = z.object({
  id: z.number(),
  status: z.enum(AGREEMENT_STATUSES),
  debt_usd: z.string(),
  down_payment_usd: z.string(),
  paid_usd: z.string(),
  installments: z.array(installmentSchema),
}) satisfies z.ZodType<StatementAgreement>;
