import { z } from 'zod';
import { CONCILIATION_ERROR_CODES, isConciliationErrorCode, type Conciliation } from '@recaudo/domain/bank-operations';
import { isoTimestamp } from '../../platform/envelope';

/** A conciliation row joined with its client, user and the payment that keeps it. */
export interface ConciliationRecord {
  id: number;
  clientId: number | null;
  clientName: string | null;
  clientIdentificationType: string | null;
  clientIdentification: string | null;
  userId: number | null;
  userName: string | null;
  reference: string;
  paymentDate: string | null;
  amount: string | null;
  originBank: string | null;
  originBankName: string | null;
  payPhone: string | null;
  success: boolean;
  errorCode: string | null;
  errorMessage: string | null;
  responseData: unknown;
  processedAt: Date | string;
  paymentId: number | null;
}

export const conciliationSchema = z.object({
  id: z.number(),
  client_id: z.number().nullable(),
  client: z.object({ id: z.number(), name: z.string(), identification_type: z.string(), identification: z.string() }).nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  reference: z.string(),
  payment_date: z.string(),
  amount: z.string(),
  origin_bank: z.string(),
  origin_bank_name: z.string().nullable(),
  pay_phone: z.string().nullable(),
  success: z.boolean(),
  processed_at: z.string(),
  error_code: z.enum(CONCILIATION_ERROR_CODES).nullable(),
  error_message: z.string().nullable(),
  response_data: z.unknown(),
  payment_id: z.number().nullable(),
});

export function presentConciliation(row: ConciliationRecord): Conciliation {
  return {
    id: row.id,
    client_id: row.clientId,
    client:
      row.clientId !== null && row.clientName !== null
        ? { id: row.clientId, name: row.clientName, identification_type: row.clientIdentificationType ?? '', identification: row.clientIdentification ?? '' }
        : null,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    reference: row.reference,
    payment_date: row.paymentDate ?? '',
    amount: row.amount ?? '0.00',
    origin_bank: row.originBank ?? '',
    origin_bank_name: row.originBankName,
    pay_phone: row.payPhone,
    success: row.success,
    processed_at: isoTimestamp(row.processedAt) ?? '',
    error_code: isConciliationErrorCode(row.errorCode) ? row.errorCode : null,
    error_message: row.errorMessage,
    response_data: row.responseData ?? null,
    payment_id: row.paymentId,
  };
}

export const validationAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().nullable(),
  error_code: z.enum(CONCILIATION_ERROR_CODES).nullable(),
  bdv_message: z.string().nullable(),
  conciliation: conciliationSchema.nullable(),
  data: conciliationSchema.nullable(),
});

export const movementSchema = z.object({
  referencia: z.string(),
  nroMov: z.string(),
  descripcion: z.string(),
  fecha: z.string(),
  hora: z.string(),
  mov: z.string(),
  saldo: z.string(),
  importe: z.string(),
  observacion: z.string(),
});

export const statisticsSchema = z.object({
  attempts: z.number(),
  conciliated: z.number(),
  failed: z.number(),
  amount_conciliated: z.string(),
  failures_by_code: z.record(z.string(), z.number()),
});
