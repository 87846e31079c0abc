import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import { isPaymentDocument } from '@recaudo/domain/invoices';
import type { Currency } from '@recaudo/domain/tenders';
import type { Executor } from '../../db/client';
import { paymentMethods } from '../payment-methods/tables';
import { paymentTenders, type payments } from '../payments/tables';
import type { DocumentIgtf, DocumentLine } from './document';
import type { legalDocuments } from './tables';

/** What a legal document states of how its payment was paid (issue 49): the IGTF and the payment lines. */

type PaymentRecord = typeof payments.$inferSelect;
type DocumentRecord = typeof legalDocuments.$inferSelect;

/**
 * The IGTF a document states (issue 49): an invoice's is its payment's; a credit note's is its
 * share of the invoice's, stored on the note. In bolívares with its base at the payment's IGTF rate.
 */
export function igtfOf(doc: DocumentRecord, payment: PaymentRecord): DocumentIgtf | null {
  const amount = new Decimal(doc.igtf);
  if (amount.isZero() || new Decimal(payment.igtfRate).isZero()) return null;
  const share = isPaymentDocument(doc.typeDocument) ? new Decimal(1) : amount.dividedBy(payment.igtfAmount);
  const foreign = new Decimal(payment.igtfCurrencyAmount).times(share).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    rate: new Decimal(payment.igtfRate).toFixed(2),
    amount: amount.toFixed(2),
    foreignAmount: foreign.toFixed(2),
    base: new Decimal(payment.igtfBase).times(payment.exchangeRate).times(share).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

/**
 * The payment lines an invoice lists (`formasPago`): a payment paid in lines lists each, less the
 * change taken from the lines of its currency first (the printer sums what paid the bill); one paid
 * in one method lists it for the whole bill.
 */
export async function paidLines(db: Executor, payment: PaymentRecord, methodType: number): Promise<DocumentLine[]> {
  const stored = await db
    .select({ currency: paymentTenders.currency, amountVes: paymentTenders.amountVes, methodType: paymentMethods.type })
    .from(paymentTenders)
    .innerJoin(paymentMethods, eq(paymentMethods.id, paymentTenders.paymentMethodId))
    .where(eq(paymentTenders.paymentId, payment.id))
    .orderBy(asc(paymentTenders.position));
  if (!stored.length) return [];
  const applied = stored.map((line) => ({ ...line, ves: new Decimal(line.amountVes) }));
  let change = new Decimal(payment.changeAmountVes);
  const fromChangeCurrency = applied.filter((line) => line.currency === payment.changeCurrency).reverse();
  const others = applied.filter((line) => line.currency !== payment.changeCurrency).reverse();
  for (const line of [...fromChangeCurrency, ...others]) {
    const taken = Decimal.min(change, line.ves);
    line.ves = line.ves.minus(taken);
    change = change.minus(taken);
  }
  return applied
    .filter((line) => line.ves.greaterThan(0))
    .map((line) => ({
      methodType: line.methodType ?? methodType,
      currency: line.currency as Currency,
      amount: line.currency === 'VES' ? line.ves.toFixed(2) : line.ves.dividedBy(payment.exchangeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    }));
}
