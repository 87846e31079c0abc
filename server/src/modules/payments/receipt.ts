import { lateFeeMessages } from '@recaudo/domain/late-fees';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { maskedIdentification } from '@recaudo/domain/clients';
import { receiptMessages, verifyPaymentPath, type PaymentVerification } from '@recaudo/domain/payment-receipts';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { formatMoney } from '@recaudo/domain/format-money';
import { CURRENCY_SYMBOLS } from '@recaudo/domain/tenders';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { publicLookup } from '../auth/public-lookup';
import type { AuthContext } from '../auth/service';
import { loadPayments, paymentScope } from './queries';
import { payments } from './tables';

/**
 * The receipt of one payment, found by its public hash (spec 02 §7, spec 03 public verification):
 * who may see it, its amount lines and the few fields the public page shows (the PDF is
 * receipt-pdf.ts, its e-mail receipt-mail.ts).
 */

/** Hashes are 64 hex characters (service.ts); anything else can't name a payment. */
const HASH_PATTERN = /^[0-9a-f]{64}$/i;

/**
 * The payment with this hash as the lists answer it; with `auth`, only within the caller's reach
 * (a client user their client's, staff their data and series scope), so another's is not found.
 */
export async function paymentByHash(db: Executor, hash: string, auth?: AuthContext): Promise<PaymentRow | null> {
  if (!HASH_PATTERN.test(hash)) return null;
  const [found] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.hash, hash.toLowerCase()), auth ? paymentScope(auth) : undefined));
  if (!found) return null;
  const [row] = await loadPayments(db, [found.id]);
  return row ?? null;
}

/** `${APP_URL}/verify-payment/{hash}`: the address the receipt's QR code and e-mail carry. */
export const verificationUrl = (appUrl: string, hash: string) => `${appUrl.replace(/\/+$/, '')}${verifyPaymentPath(hash)}`;

export const currencyOf = (row: Pick<PaymentRow, 'exchange_rate_id'>): '$' | '€' => (row.exchange_rate_id === 1 ? '$' : '€');

/** The public page's data: nothing beyond what it shows (spec 03 §3 "Public verification result"). */
export function presentVerification(row: PaymentRow): PaymentVerification {
  return {
    number_correlative: row.number_correlative,
    serie: row.serie?.serie ?? null,
    status: row.status,
    // Masked (issue 46): whoever holds the receipt's QR code learns no one's identification.
    client: { name: row.client.name, identification_type: row.client.identification_type, identification: maskedIdentification(row.client.identification) },
    payment_method: { name: row.payment_method.name },
    amount_payment: row.amount_payment,
    dollar_amount_payment: row.dollar_amount_payment,
    currency: currencyOf(row),
    date_payment: row.date_payment,
    date_bill: row.date_bill,
    created_at: row.created_at,
    months_payment: row.months_payment,
  };
}

/** What the public verification (call and page) shows of the payment with this hash; 404 when none has it. */
export const findPaymentVerification = (db: Database, config: Config, hash: string, ip: string) =>
  publicLookup(db, config, { missAction: 'verify-payment-miss', ip, notFoundMessage: receiptMessages.hashNotFound }, async () => {
    const row = await paymentByHash(db, hash);
    return row && presentVerification(row);
  });

/**
 * The monthly fee this payment was charged, in its currency: the stored base over its months (the
 * base is fee × months, domain `paymentAmounts`), so a later change of the address's fee does not
 * rewrite old receipts. Without months, the address's current fee.
 */
export function monthlyFee(row: Pick<PaymentRow, 'tax_base' | 'months_payment' | 'address_payment'>): string | null {
  if (!row.months_payment.length) return row.address_payment.fee;
  return new Decimal(row.tax_base).dividedBy(row.months_payment.length).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

export interface ReceiptLine {
  label: string;
  bolivars: string;
  foreign: string;
}

/**
 * The amount lines of the receipt in both currencies. The base, VAT and retention are stored in
 * the rate's currency (domain `paymentAmounts`); in bolivars the base is base × rate and the VAT
 * billed − base, so base + VAT is the stored bill amount to the cent (VAT × rate alone could be a
 * cent off); the retention is retention × rate. The amount paid is the stored one (typed).
 */
export function receiptLines(row: PaymentRow): ReceiptLine[] {
  const rate = new Decimal(row.exchange_rate);
  const base = new Decimal(row.tax_base).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const billed = new Decimal(row.amount_bill);
  const commercial = row.address_payment.type === 1;
  const lines: ReceiptLine[] = [];
  // The months' late-payment surcharge (issue 50), a line of its own, and what of it was waived; both are in the base.
  const inBolivars = (foreign: Decimal.Value) => new Decimal(foreign).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  if (new Decimal(row.surcharge_usd).greaterThan(0)) lines.push({ label: lateFeeMessages.line, bolivars: inBolivars(row.surcharge_usd), foreign: row.surcharge_usd });
  const waived = new Decimal(row.surcharge_waived_usd);
  if (waived.greaterThan(0)) lines.push({ label: lateFeeMessages.waivedLine, bolivars: inBolivars(waived.negated()), foreign: waived.negated().toFixed(2) });
  // A residential fee carries no VAT: its base is the total, shown once.
  if (commercial) {
    lines.push({ label: 'Base imponible', bolivars: base.toFixed(2), foreign: row.tax_base });
    lines.push({ label: 'IVA (16 %)', bolivars: billed.minus(base).toFixed(2), foreign: row.iva });
  }
  lines.push({ label: 'Total facturado', bolivars: row.amount_bill, foreign: row.dollar_amount_bill });
  if (commercial && row.is_apply_retention)
    lines.push({
      label: 'Retención de IVA (75 %)',
      bolivars: new Decimal(row.retention).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      foreign: row.retention,
    });
  // IGTF (issue 49) is paid on top of the months: the amount paid then includes it in both currencies.
  const igtf = new Decimal(row.igtf_amount);
  if (igtf.greaterThan(0)) {
    lines.push({ label: `IGTF (sobre ${formatMoney(row.igtf_base, currencyOf(row))})`, bolivars: row.igtf_amount, foreign: row.igtf_currency_amount });
    lines.push({ label: 'Monto pagado', bolivars: row.amount_payment, foreign: new Decimal(row.dollar_amount_payment).plus(row.igtf_currency_amount).toFixed(2) });
  } else lines.push({ label: 'Monto pagado', bolivars: row.amount_payment, foreign: row.dollar_amount_payment });
  return lines;
}

export interface TenderReceiptLine {
  label: string;
  amount: string;
  bolivars: string;
}

/**
 * How the client paid (issue 49), when it was more than one bolívar method or change was given:
 * each line in its currency with its bolívar value, then the change handed back. Empty for the
 * one-method payment the amounts already describe.
 */
export function receiptTenderLines(row: PaymentRow): TenderReceiptLine[] {
  const inLines = row.tenders.length > 1 || row.tenders.some((line) => line.currency !== 'VES') || row.change !== null;
  if (!inLines) return [];
  const lines = row.tenders.map((line) => ({
    label: `${line.payment_method.name}${line.reference ? ` · Ref. ${line.reference}` : ''}`,
    amount: formatMoney(line.amount, CURRENCY_SYMBOLS[line.currency]),
    bolivars: formatMoney(line.amount_ves),
  }));
  if (row.change)
    lines.push({
      label: 'Vuelto entregado',
      amount: formatMoney(new Decimal(row.change.amount).negated().toFixed(2), CURRENCY_SYMBOLS[row.change.currency]),
      bolivars: formatMoney(new Decimal(row.change.amount_ves).negated().toFixed(2)),
    });
  return lines;
}

/** "A-00000123": the series and the document number, or null before the number is taken. */
