import { randomBytes } from 'node:crypto';
import { todayInCaracas } from '@recaudo/domain/dates';
import type { Month } from '@recaudo/domain/months';
import type { Database } from '../src/db/client';
import { correlatives } from '../src/modules/correlatives/tables';
import { payments } from '../src/modules/payments/tables';
import { municipalities, parishes, states } from '../src/modules/regional/tables';

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

/**
 * The body of a cash payment (one method, no tender lines) as the staff's panel stores it,
 * approved and dated today: `months` paid in full (none for an abono) at 36.50 unless told.
 */
export const cashPayment = (
  place: { clientId: number | null | undefined; serieId: number },
  addressId: number,
  amount: string,
  months: Month[] = [],
  overrides: Record<string, unknown> = {},
) => ({
  client_id: place.clientId,
  address_payment_id: addressId,
  status: 1,
  payment_method_id: 4,
  date_payment: todayInCaracas(),
  exchange_rate: '36.50',
  exchange_rate_id: 1,
  amount_payment: amount,
  serie_id: place.serieId,
  number: '00012345',
  type_payment_month: 1,
  months_payment: months,
  send_invoice: 0,
  ...overrides,
});

/** The region a payment test's addresses sit in (Lara › Iribarren › Catedral) and its series A, numbered from 00000100. */
export async function paymentPlace(db: Database): Promise<{ place: { state: number; municipality: number; parish: number }; serieId: number }> {
  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [serie] = await db.insert(correlatives).values({ serie: 'A', number: '00000100', numberCreditNote: '0000', numberDebitNote: '0000' }).returning();
  return { place: { state: state!.id, municipality: municipality!.id, parish: parish!.id }, serieId: serie!.id };
}
