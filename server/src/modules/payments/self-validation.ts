import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import { selfValidationLimits } from '@recaudo/domain/bank-operations';
import { todayInCaracas } from '@recaudo/domain/dates';
import { MOBILE_PAYMENT_METHOD_ID } from '@recaudo/domain/payment-methods';
import { paymentMessages, type PaymentFields } from '@recaudo/domain/payments';
import type { Executor } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { assertConciliationUsable } from '../bank-operations/payment-link';
import { conciliations } from '../bank-operations/tables';
import { correlatives } from '../correlatives/tables';

/**
 * A Pago Móvil the client validated with the bank themselves (issue 33): stored with the
 * conciliation `bank-operations/validate-payment` answered, it is approved and numbered at once,
 * without staff. The conciliation must be a success of this client that no payment keeps (its row
 * locked until commit, so of twenty identical submissions one payment is stored), its amount the
 * amount paid, and that amount must pay the chosen months. The reference and payment date are
 * the bank's; the document comes from the self-validated series.
 */

export interface SelfValidation {
  /** SELF_VALIDATED_SERIE: the series' code; unset, the oldest series. */
  serie?: string;
}

async function selfValidatedSerie(tx: Executor, code: string | undefined): Promise<number> {
  const [serie] = await tx
    .select({ id: correlatives.id })
    .from(correlatives)
    .where(code ? eq(correlatives.serie, code) : undefined)
    .orderBy(asc(correlatives.id))
    .limit(1);
  if (!serie) throw fieldError('conciliation_id', paymentMessages.serieMissing);
  return serie.id;
}

/** The fields of an approved self-validated payment, or a 422 saying why it can't be one (the client may still report it for review). */
export async function selfValidatedFields(tx: Executor, fields: PaymentFields, due: string, options: SelfValidation): Promise<PaymentFields> {
  await assertConciliationUsable(tx, { ...fields, bdv_verified: true }, null);
  const [proof] = await tx
    .select({ amount: conciliations.amount, reference: conciliations.reference, paymentDate: conciliations.paymentDate })
    .from(conciliations)
    .where(eq(conciliations.id, fields.conciliation_id!));
  const paid = new Decimal(proof?.amount ?? 0);
  if (fields.amount_payment === null || !paid.equals(fields.amount_payment)) throw fieldError('amount_payment', selfValidationLimits.amountDiffers);
  if (paid.lessThan(due)) throw fieldError('amount_payment', selfValidationLimits.amountShort(paid.toFixed(2), new Decimal(due).toFixed(2)));
  return {
    ...fields,
    status: 1,
    bdv_verified: true,
    // The bank validated a Pago Móvil: whatever method the form named, that is what was paid.
    payment_method_id: MOBILE_PAYMENT_METHOD_ID,
    serie_id: await selfValidatedSerie(tx, options.serie),
    // An abono or an agreement's payment (issue 50) names no months: it has no invoice line.
    send_invoice: !(fields.type_payment_month === 1 && fields.months_payment.length === 0),
    date_bill: todayInCaracas(),
    reference: proof!.reference,
    date_payment: proof!.paymentDate ?? fields.date_payment,
  };
}
