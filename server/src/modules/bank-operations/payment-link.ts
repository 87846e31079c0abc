import { and, eq, ne } from 'drizzle-orm';
import { bankMessages } from '@recaudo/domain/bank-operations';
import type { Executor } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { payments, paymentTenders } from '../payments/tables';
import { conciliations } from './tables';

/**
 * The bank proof a payment keeps (spec 02 §4): `bdv_verified` needs a conciliation, and that
 * conciliation must be a success of the payment's client not kept by another payment. The row
 * lock makes a second cashier's write wait for the first one's commit and then see its payment,
 * so one bank movement backs at most one payment, as a whole or as one of its tender lines; the
 * partial unique indexes on `payments.conciliation_id` and `payment_tenders.conciliation_id` hold
 * the rule within each table even for writes that skip this check.
 */
export async function assertConciliationUsable(
  tx: Executor,
  fields: { client_id: number; bdv_verified: boolean; conciliation_id: number | null },
  paymentId: number | null,
): Promise<void> {
  if (fields.conciliation_id === null) {
    if (fields.bdv_verified) throw fieldError('conciliation_id', bankMessages.verifiedNeedsConciliation);
    return;
  }
  const [conciliation] = await tx
    .select({ clientId: conciliations.clientId, success: conciliations.success })
    .from(conciliations)
    .where(eq(conciliations.id, fields.conciliation_id))
    .for('update');
  if (!conciliation?.success || conciliation.clientId !== fields.client_id) throw fieldError('conciliation_id', bankMessages.conciliationUnusable);
  const [holder] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.conciliationId, fields.conciliation_id), paymentId === null ? undefined : ne(payments.id, paymentId)));
  // A tender line of another payment (issue 49) may keep it too.
  const [lineHolder] = holder
    ? []
    : await tx
        .select({ id: paymentTenders.paymentId })
        .from(paymentTenders)
        .where(and(eq(paymentTenders.conciliationId, fields.conciliation_id), paymentId === null ? undefined : ne(paymentTenders.paymentId, paymentId)));
  const held = holder?.id ?? lineHolder?.id;
  if (held !== undefined) throw fieldError('conciliation_id', bankMessages.conciliationUsed(held));
}
