import Decimal from 'decimal.js';
import { invoiceLock, invoiceLockMessage, type InvoiceLock, type InvoiceStatedField } from '@recaudo/domain/invoices';
import { AppError } from '../../platform/errors';
import type { payments } from './tables';

type PaymentRecord = typeof payments.$inferSelect;

/** What an edit would store for the fields an invoice states (INVOICE_STATED_FIELDS). */
export interface StatedValues {
  clientId: number;
  addressPaymentId: number;
  monthsPayment: string[];
  paymentMethodId: number;
  exchangeRate: string;
  exchangeRateId: number;
  isApplyRetention: boolean;
  dateBill: string | null;
  sendInvoice: boolean;
  /** The control number sent; empty keeps the printer's. */
  number: string | null;
  /** The IGTF the invoice carries and its payment lines (issue 49), before and after as comparable text. */
  igtfAmount: string;
  tenders: { before: string; after: string };
}

/** The lock of a stored payment's invoice (domain `invoiceLock`). */
export const lockOf = (row: PaymentRecord): InvoiceLock | null =>
  invoiceLock({ apply_invoice_factory: row.applyInvoiceFactory, status_invoice_factory: row.statusInvoiceFactory });

/**
 * Refuses an edit that would make a payment disagree with the invoice the printer holds, may
 * hold or annulled (decisions "Legal documents"): a 422 naming each changed field. The correction
 * path is a credit or debit note, or the cancellation.
 */
export function assertInvoiceKept(lock: InvoiceLock, previous: PaymentRecord, next: StatedValues): void {
  const changed: InvoiceStatedField[] = [];
  if (next.clientId !== previous.clientId) changed.push('client_id');
  if (next.addressPaymentId !== previous.addressPaymentId) changed.push('address_payment_id');
  if ([...next.monthsPayment].sort().join() !== [...previous.monthsPayment].sort().join()) changed.push('months_payment');
  if (next.paymentMethodId !== previous.paymentMethodId) changed.push('payment_method_id');
  if (!new Decimal(next.exchangeRate).equals(previous.exchangeRate)) changed.push('exchange_rate');
  if (next.exchangeRateId !== previous.exchangeRateId) changed.push('exchange_rate_id');
  if (next.isApplyRetention !== previous.isApplyRetention) changed.push('is_apply_retention');
  if ((next.dateBill ?? null) !== (previous.dateBill ?? null)) changed.push('date_bill');
  if (!next.sendInvoice) changed.push('send_invoice');
  if (next.number && next.number !== previous.number) changed.push('number');
  if (next.tenders.before !== next.tenders.after) changed.push('tenders');
  if (!new Decimal(next.igtfAmount).equals(previous.igtfAmount)) changed.push('igtf_amount');
  if (!changed.length) return;
  const message = invoiceLockMessage(lock, changed);
  throw new AppError('validation', message, Object.fromEntries(changed.map((field) => [field, [message]])));
}
