import Decimal from 'decimal.js';
import { and, desc, eq, not, sql } from 'drizzle-orm';
import {
  bankMessages,
  bankPhone,
  conciliationErrorMessages,
  selfValidationLimits,
  selfValidationMessages,
  selfValidationNotYetPosted,
  type ConciliationErrorCode,
  type ValidatePaymentAnswer,
} from '@recaudo/domain/bank-operations';
import { parseDateParam, todayInCaracas } from '@recaudo/domain/dates';
import type { Database } from '../../db/client';
import { windowOf } from '../../platform/clock';
import { AppError, databaseCode, notFound } from '../../platform/errors';
import { clientIdOf } from '../../platform/scope';
import type { BankProvider } from '../../providers/bank/types';
import type { AuthContext } from '../auth/service';
import { banks } from '../banks/tables';
import { clients } from '../clients/tables';
import { paymentMethods } from '../payment-methods/tables';
import { getConciliation } from './conciliations';
import { presentConciliation } from './presenter';
import { clientValidationAttempts, conciliations } from './tables';

/** The body of `bank-operations/validate-payment` (spec 02 §7, `payment_method_id` optional): loose, so each pre-check answers its own message. */
export interface ValidatePaymentInput {
  client_id?: unknown;
  payment_method_id?: unknown;
  reference?: unknown;
  payment_date?: unknown;
  amount?: unknown;
  origin_bank?: unknown;
  pay_phone?: unknown;
}

interface Checked {
  client: { id: number; identificationType: string; identification: string; phone: string[] };
  reference: string;
  paymentDate: string | null;
  amount: string | null;
  originBank: string | null;
  payPhone: string | null;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const positiveId = (value: unknown) => {
  const id = Number(text(value));
  return Number.isInteger(id) && id > 0 ? id : null;
};
const digitsOnly = (value: string) => value.replace(/\D/g, '');

export interface ValidationOutcome {
  status: 200 | 422;
  answer: ValidatePaymentAnswer & { data: ValidatePaymentAnswer['conciliation'] };
}

function failure(message: string, field: string, errorCode: ConciliationErrorCode | null, bdvMessage: string | null, conciliation: ValidatePaymentAnswer['conciliation']): ValidationOutcome {
  return {
    status: 422,
    answer: Object.assign(
      { success: false, message, error: message, error_code: errorCode, bdv_message: bdvMessage, conciliation, data: conciliation },
      { errors: { [field]: [message] } },
    ),
  };
}

/**
 * The pre-checks of spec 02 §5 in the spec's order, then the phone the modal requires. The first
 * one failing is the answer; the rest are left unchecked, as the modal shows one message.
 */
async function preCheck(db: Database, input: ValidatePaymentInput): Promise<{ checked: Checked; issue: { field: string; message: string } | null } | null> {
  const clientId = positiveId(input.client_id);
  const [client] = clientId
    ? await db.select({ id: clients.id, identificationType: clients.identificationType, identification: clients.identification, phone: clients.phone }).from(clients).where(eq(clients.id, clientId))
    : [];
  if (!client) return null;
  const checked: Checked = { client, reference: digitsOnly(text(input.reference)), paymentDate: null, amount: null, originBank: null, payPhone: null };
  const issue = (field: string, message: string) => ({ checked, issue: { field, message } });

  // Spec 02 §7's call names no method: the modal checks the form's method before calling. A
  // caller that names one (the staff panel does) still gets it checked here.
  if (input.payment_method_id !== undefined) {
    const methodId = positiveId(input.payment_method_id);
    const [method] = methodId ? await db.select({ bdv: paymentMethods.isMobilePaymentUseApiBdv }).from(paymentMethods).where(eq(paymentMethods.id, methodId)) : [];
    if (!method?.bdv) return issue('payment_method_id', bankMessages.methodNotBdv);
  }
  if (!checked.reference) return issue('reference', bankMessages.referenceRequired);
  const amountText = text(input.amount);
  if (!amountText) return issue('amount', bankMessages.amountRequired);
  if (!/^\d+(\.\d{1,2})?$/.test(amountText) || new Decimal(amountText).lte(0)) return issue('amount', bankMessages.amountInvalid);
  checked.amount = new Decimal(amountText).toFixed(2);
  const code = text(input.origin_bank);
  const [bank] = /^\d{4}$/.test(code) ? await db.select({ code: banks.code }).from(banks).where(eq(banks.code, code)) : [];
  if (!bank) return issue('origin_bank', bankMessages.originBankRequired);
  checked.originBank = bank.code;
  const date = parseDateParam(text(input.payment_date));
  if (!date) return issue('payment_date', bankMessages.paymentDateRequired);
  if (date > todayInCaracas()) return issue('payment_date', bankMessages.paymentDateFuture);
  checked.paymentDate = date;
  const phone = digitsOnly(text(input.pay_phone)).replace(/^0(?=\d{10}$)/, '').replace(/^58(?=\d{10}$)/, '');
  if (!phone) return issue('pay_phone', bankMessages.phoneRequired);
  if (!client.phone.some((own) => digitsOnly(own).slice(-10) === phone)) return issue('pay_phone', bankMessages.phoneInvalid);
  checked.payPhone = bankPhone(phone);
  return { checked, issue: null };
}

async function record(db: Database, auth: AuthContext, checked: Checked, outcome: { success: boolean; errorCode: ConciliationErrorCode | null; errorMessage: string | null; responseData: unknown }) {
  const values = {
    clientId: checked.client.id,
    userId: auth.user.id,
    reference: checked.reference.slice(0, 50),
    paymentDate: checked.paymentDate,
    amount: checked.amount,
    originBank: checked.originBank,
    payPhone: checked.payPhone,
    success: outcome.success,
    errorCode: outcome.errorCode,
    errorMessage: outcome.errorMessage,
    responseData: outcome.responseData,
  };
  try {
    const [row] = await db.insert(conciliations).values(values).returning({ id: conciliations.id });
    return row!.id;
  } catch (error) {
    // Two successes for one movement (the bank answered both): the later one did not conciliate.
    if (!outcome.success || databaseCode(error) !== '23505') throw error;
    const [row] = await db
      .insert(conciliations)
      .values({ ...values, success: false, errorCode: 'ALREADY_CONCILIATED', errorMessage: conciliationErrorMessages.ALREADY_CONCILIATED })
      .returning({ id: conciliations.id });
    return row!.id;
  }
}

/**
 * Confirms a pago móvil with the bank (spec 02 §4, §5, §7): the pre-checks, the bank's answer
 * classified into the app's codes (providers.md §1.2) and a conciliation row for every attempt
 * that names a client. The bank call is the answer the cashier waits for, so it runs in the
 * request, outside any transaction.
 */
export async function validatePayment(
  db: Database,
  bank: BankProvider,
  auth: AuthContext,
  input: ValidatePaymentInput,
  clientsPerHour: number,
): Promise<ValidationOutcome> {
  const own = clientIdOf(auth);
  if (own !== null) await assertClientMayValidate(db, own, positiveId(input.client_id), clientsPerHour);
  const outcome = await validateWithBank(db, bank, auth, input);
  if (own === null || outcome.answer.success || !outcome.answer.error_code || outcome.answer.error_code === 'VALIDATION_ERROR') return outcome;
  // A client reads why in plain words (the staff keep the bank's terms); waiting helps only a payment made today.
  const code = outcome.answer.error_code;
  const madeToday = parseDateParam(text(input.payment_date)) === todayInCaracas();
  const message = code === 'RECORD_NOT_FOUND' && madeToday ? selfValidationNotYetPosted : selfValidationMessages[code];
  return { ...outcome, answer: { ...outcome.answer, message, error: message, bdv_message: null, errors: { reference: [message] } } as ValidationOutcome['answer'] };
}

/**
 * A client user validates for their own client only (another's is not found), and at most
 * `perHour` times within any hour by the database's clock. The attempt is counted and taken in one
 * transaction under a per-client lock, before the bank call: two tabs at once wait for each other,
 * so only one of them can take the last attempt, on one process or many.
 */
async function assertClientMayValidate(db: Database, own: number, named: number | null, perHour: number): Promise<void> {
  if (named !== own) throw notFound(bankMessages.clientNotFound);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_VALIDATION_LOCK}::int, ${own}::int)`);
    const window = windowOf(clientValidationAttempts.createdAt, WINDOW_MINUTES);
    const mine = eq(clientValidationAttempts.clientId, own);
    await tx.delete(clientValidationAttempts).where(and(mine, not(window.within)));
    const [row] = await tx
      .select({ attempts: sql<number>`count(*)::int` })
      .from(clientValidationAttempts)
      .where(and(mine, window.within));
    if ((row?.attempts ?? 0) >= perHour) throw new AppError('too_many_requests', selfValidationLimits.tooMany(perHour));
    await tx.insert(clientValidationAttempts).values({ clientId: own });
  });
}

const WINDOW_MINUTES = 60;

/** The advisory-lock class of a client's validation attempts (the second key is the client id). */
const CLIENT_VALIDATION_LOCK = 33_001;

async function validateWithBank(db: Database, bank: BankProvider, auth: AuthContext, input: ValidatePaymentInput): Promise<ValidationOutcome> {
  const checks = await preCheck(db, input);
  if (!checks) return failure(bankMessages.clientRequired, 'client_id', null, null, null);
  const { checked, issue } = checks;
  if (issue) {
    const id = await record(db, auth, checked, { success: false, errorCode: 'VALIDATION_ERROR', errorMessage: issue.message, responseData: null });
    return failure(issue.message, issue.field, 'VALIDATION_ERROR', null, presentConciliation(await getConciliation(db, id)));
  }
  const verdict = await bank.validateMobilePayment({
    payerIdentification: `${checked.client.identificationType}${digitsOnly(checked.client.identification)}`,
    payerPhone: checked.payPhone!,
    reference: checked.reference,
    paymentDate: checked.paymentDate!,
    amount: checked.amount!,
    originBank: checked.originBank!,
  });
  const errorMessage = verdict.success ? null : (verdict.bdvMessage ?? conciliationErrorMessages[verdict.errorCode!]);
  const id = await record(db, auth, checked, { success: verdict.success, errorCode: verdict.errorCode, errorMessage, responseData: verdict.responseData });
  const conciliation = presentConciliation(await getConciliation(db, id));
  if (!conciliation.success) {
    const code = conciliation.error_code ?? 'BDV_SERVER_ERROR';
    return failure(conciliationErrorMessages[code], 'reference', code, conciliation.error_message, conciliation);
  }
  return {
    status: 200,
    answer: { success: true, message: bankMessages.validated, error: null, error_code: null, bdv_message: verdict.bdvMessage, conciliation, data: conciliation },
  };
}

/**
 * The payer phone the client last validated a Pago Móvil with, among the phones she still has
 * (issue 51: preselected when she has several); a client user asks for her own client only.
 */
export async function lastPayPhone(db: Database, auth: AuthContext, clientId: number): Promise<string | null> {
  const own = clientIdOf(auth);
  if (own !== null && own !== clientId) throw notFound(bankMessages.clientNotFound);
  const [client] = await db.select({ phone: clients.phone }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw notFound(bankMessages.clientNotFound);
  const [last] = await db
    .select({ payPhone: conciliations.payPhone })
    .from(conciliations)
    .where(and(eq(conciliations.clientId, clientId), eq(conciliations.success, true)))
    .orderBy(desc(conciliations.processedAt), desc(conciliations.id))
    .limit(1);
  const tail = last?.payPhone ? digitsOnly(last.payPhone).slice(-10) : null;
  return client.phone.find((phone) => digitsOnly(phone).slice(-10) === tail) ?? null;
}
