import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/client';
import { payments } from '../src/modules/payments/tables';

/**
 * A bare payment row for tests of other areas that need a real payment id (the ledger's and the
 * delivered tickets' foreign keys): cash, no amounts, no ledger rows. Payment rules are tested
 * through the API in modules/payments.
 */
export async function insertPayment(
  db: Database,
  values: { clientId: number; addressPaymentId: number; status?: number; monthsPayment?: string[]; paymentMethodId?: number },
): Promise<number> {
  const [row] = await db
    .insert(payments)
    .values({
      clientId: values.clientId,
      addressPaymentId: values.addressPaymentId,
      paymentMethodId: values.paymentMethodId ?? 4,
      status: values.status ?? 1,
      datePayment: '2025-01-15',
      exchangeRate: '1.00',
      amountPayment: '0.00',
      amountBill: '0.00',
      dollarAmountPayment: '0.00',
      dollarAmountBill: '0.00',
      taxBase: '0.00',
      iva: '0.00',
      retention: '0.00',
      monthsPayment: values.monthsPayment ?? [],
      hash: randomBytes(32).toString('hex'),
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('payment insert returned nothing');
  return row.id;
}
