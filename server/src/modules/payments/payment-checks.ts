import Decimal from 'decimal.js';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { exchangeRateMessages, paymentRateOf, type CurrentRates, type RateSource } from '@recaudo/domain/exchange-rates';
import { DOLLAR_RATE_ID, EURO_RATE_ID, paymentMessages, paymentRuleIssues, type PaymentFields } from '@recaudo/domain/payments';
import { hasPermission } from '@recaudo/domain/permissions';
import type { Executor } from '../../db/client';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { clientIdOf, clientScope, creatorScope, seriesScope } from '../../platform/scope';
import { assertConciliationUsable } from '../bank-operations/payment-link';
import type { AuthContext } from '../auth/service';
import { banks } from '../banks/tables';
import { clients } from '../clients/tables';
import { ratesInForceOf, ratesOf } from '../exchange-rates/service';
import { correlatives } from '../correlatives/tables';
import { paymentMethods } from '../payment-methods/tables';
import { ticketsPayments } from '../tickets-payments/tables';
import { addressesPayments } from '../addresses-payment/tables';
import { payments } from './tables';

/**
 * What a payment write checks before it stores anything (spec 02 §5–§6): the payment within the
 * caller's reach, the fields a client user may not choose, the references (method, series, bank,
 * ticket, conciliation), the client and address, and the rate in force.
 */

type PaymentRecord = typeof payments.$inferSelect;

/** What a user may reach: client users their client's payments; staff their data and series scope. */
const paymentScope = (auth: AuthContext) =>
  and(clientScope(payments.clientId, auth), creatorScope(payments.createdBy, auth), seriesScope(payments.serieId, auth));

export async function lockPayment(tx: Executor, auth: AuthContext, id: number): Promise<PaymentRecord> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), paymentScope(auth)))
    .for('update');
  if (!row) throw notFound(paymentMessages.notFound);
  return row;
}

/**
 * The fields a client user may not choose (spec 02 §6): status (always Procesando), series,
 * control and checkbook numbers, bill date, invoice and bank-verification flags and tickets are
 * the staff's. A new client payment gets none; an edit keeps what staff set.
 */
export function clientFields(fields: PaymentFields, previous: PaymentRecord | null): PaymentFields {
  return {
    ...fields,
    status: 0,
    serie_id: previous?.serieId ?? null,
    number: previous?.number ?? null,
    checkbook_number: previous?.checkbookNumber ?? null,
    date_bill: previous?.dateBill ?? null,
    send_invoice: previous?.sendInvoice ?? false,
    type_document: (previous?.typeDocument ?? '01') as PaymentFields['type_document'],
    // A new payment may carry the client's own bank validation (issue 33, payments/self-validation.ts).
    bdv_verified: previous ? previous.bdvVerified : fields.conciliation_id !== null,
    conciliation_id: previous ? previous.conciliationId : fields.conciliation_id,
    tickets_payment_id: previous?.ticketsPaymentId ?? null,
    ticket_serial: previous?.ticketSerial ?? null,
    // Tender lines, change and IGTF are the counter's (issue 49): a client reports one payment of one method.
    tenders: [],
    change: null,
    igtf_amount: null,
  };
}

/** The rate a payment is valued at, and where it came from (issue 47). */
export interface PaymentRate {
  rate: string;
  id: number;
  valueDate: string | null;
  source: RateSource | null;
  reason: string | null;
}

/**
 * The official rate in force on the payment's date (spec 02 §9, issue 47): commercial addresses
 * the higher of the two, others the dollar; to the cent, as payments store it. Null while no
 * rate was ever stored.
 */
function rateInForceOn(rates: CurrentRates, type: 0 | 1): PaymentRate | null {
  const euroHigher = type === 1 && rates.eur && (!rates.usd || new Decimal(rates.eur.rate).greaterThan(rates.usd.rate));
  const chosen = euroHigher ? rates.eur : rates.usd;
  if (!chosen) return null;
  return { rate: paymentRateOf(chosen.rate), id: euroHigher ? EURO_RATE_ID : DOLLAR_RATE_ID, valueDate: chosen.value_date, source: chosen.source, reason: null };
}

/**
 * A client user's payment always takes the rate in force; a rate of zero or none at all would
 * value the months at nothing (issue 31 "No free months").
 */
function clientRate(rates: CurrentRates, type: 0 | 1): PaymentRate {
  const rate = rateInForceOn(rates, type);
  if (!rate || !new Decimal(rate.rate).greaterThan(0)) throw fieldError('exchange_rate', paymentMessages.rateNotConfigured);
  return rate;
}

/**
 * A staff payment's rate: the one in force on its date for the chosen currency, or the one it
 * already had on an edit that kept its date, rate and currency; any other is a manual rate,
 * which needs `edit_exchange_rate` and a reason.
 */
function staffRate(rates: CurrentRates, auth: AuthContext, fields: PaymentFields, previous: PaymentRecord | null): PaymentRate {
  const inForce = fields.exchange_rate_id === DOLLAR_RATE_ID ? rates.usd : rates.eur;
  if (inForce && new Decimal(paymentRateOf(inForce.rate)).equals(fields.exchange_rate))
    return { rate: fields.exchange_rate, id: fields.exchange_rate_id, valueDate: inForce.value_date, source: inForce.source, reason: null };
  const kept =
    previous !== null &&
    previous.datePayment === fields.date_payment &&
    previous.exchangeRateId === fields.exchange_rate_id &&
    new Decimal(previous.exchangeRate).equals(fields.exchange_rate);
  if (kept) return { rate: fields.exchange_rate, id: fields.exchange_rate_id, valueDate: previous.rateValueDate, source: previous.rateSource as RateSource | null, reason: previous.rateReason };
  if (!hasPermission([...auth.permissions], 'edit_exchange_rate')) throw fieldError('exchange_rate', exchangeRateMessages.manualRateNotAllowed);
  if (!fields.exchange_rate_reason) throw fieldError('exchange_rate_reason', exchangeRateMessages.reasonRequired);
  return { rate: fields.exchange_rate, id: fields.exchange_rate_id, valueDate: null, source: 'manual', reason: fields.exchange_rate_reason };
}

/**
 * A series a staff user may number documents with (spec 02 §5): it exists, and without
 * use_all_series it is the user's own. Shared by the payment form and the approval.
 */
export async function assertSerieUsable(tx: Executor, auth: AuthContext, serieId: number): Promise<void> {
  const [serie] = await tx.select({ id: correlatives.id }).from(correlatives).where(eq(correlatives.id, serieId));
  if (!serie) throw fieldError('serie_id', paymentMessages.serieMissing);
  const { user } = auth;
  if (!user.useAllSeries && user.correlativeId !== serieId) throw fieldError('serie_id', paymentMessages.serieNotAllowed);
}

/** Method, series, bank and ticket checks, the method-dependent rules of spec 02 §5 and a client's reused reference, as one 422. */
async function checkReferences(tx: Executor, auth: AuthContext, fields: PaymentFields, previous: PaymentRecord | null): Promise<void> {
  const isClient = clientIdOf(auth) !== null;
  const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, fields.payment_method_id));
  if (!method) throw fieldError('payment_method_id', paymentMessages.methodMissing);
  if (!method.active && method.id !== previous?.paymentMethodId) throw fieldError('payment_method_id', paymentMessages.methodInactive);
  const issues = paymentRuleIssues(fields, { type: method.type, usesBankApi: method.isMobilePaymentUseApiBdv });
  if (isClient) {
    // Series and control number are the staff's, filled in before approval.
    delete issues.serie_id;
    delete issues.number;
  }
  const entries = Object.entries(issues);
  if (entries.length) throw new AppError('validation', entries[0]![1], Object.fromEntries(entries.map(([field, message]) => [field, [message]])));
  if (fields.bank_id !== null) {
    const [bank] = await tx.select({ id: banks.id }).from(banks).where(eq(banks.id, fields.bank_id));
    if (!bank) throw fieldError('bank_id', paymentMessages.bankMissing);
  }
  if (!isClient && fields.serie_id !== null) await assertSerieUsable(tx, auth, fields.serie_id);
  if (previous?.numberCorrelative && fields.serie_id !== previous.serieId)
    throw fieldError('serie_id', paymentMessages.serieLocked(previous.numberCorrelative));
  if (previous?.numberCorrelative && fields.type_document !== previous.typeDocument)
    throw fieldError('type_document', paymentMessages.typeLocked(previous.numberCorrelative));
  const ticketChanged = fields.tickets_payment_id !== (previous?.ticketsPaymentId ?? null);
  if (fields.tickets_payment_id !== null && ticketChanged) {
    const [ticket] = await tx
      .select({ name: ticketsPayments.name, status: ticketsPayments.status })
      .from(ticketsPayments)
      .where(eq(ticketsPayments.id, fields.tickets_payment_id));
    if (!ticket) throw fieldError('tickets_payment_id', paymentMessages.ticketMissing);
    if (!ticket.status) throw fieldError('tickets_payment_id', paymentMessages.ticketInactive(ticket.name));
  }
  const proofKept =
    previous !== null &&
    previous.conciliationId === fields.conciliation_id &&
    previous.bdvVerified === fields.bdv_verified &&
    previous.clientId === fields.client_id;
  if (!isClient && !proofKept) await assertConciliationUsable(tx, fields, previous?.id ?? null);
  if (isClient && (await referenceInUse(tx, fields, previous?.id ?? null))) throw fieldError('reference', paymentMessages.referenceInUse(fields.reference!));
}

/**
 * Whether another live (not Rechazado) payment already carries this bank reference with the same
 * method and bank: a second payment of one transfer. Staff are warned before saving (the form asks
 * `payments/reference-in-use`); a client user's report is refused (`checkReferences`).
 */
export async function referenceInUse(
  tx: Executor,
  fields: Pick<PaymentFields, 'reference' | 'payment_method_id' | 'bank_id'>,
  exceptPayment: number | null,
): Promise<boolean> {
  if (!fields.reference) return false;
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.reference, fields.reference),
        eq(payments.paymentMethodId, fields.payment_method_id),
        fields.bank_id === null ? isNull(payments.bankId) : eq(payments.bankId, fields.bank_id),
        ne(payments.status, 2),
        exceptPayment === null ? undefined : ne(payments.id, exceptPayment),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/**
 * The client and the address: client users reach only their own (404 otherwise). Answers the
 * address's type and the rates in force on the payment's date, read with the address.
 */
async function checkClientAndAddress(tx: Executor, auth: AuthContext, fields: PaymentFields): Promise<{ type: 0 | 1; rates: CurrentRates }> {
  const own = clientIdOf(auth);
  if (own !== null && own !== fields.client_id) throw notFound(paymentMessages.clientNotFound);
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, fields.client_id));
  if (!client) throw fieldError('client_id', paymentMessages.clientNotFound);
  const rates = ratesInForceOf(sql`${fields.date_payment}::date`);
  const [read] = await tx
    .select({ address: addressesPayments, ...rates.columns })
    .from(addressesPayments)
    .crossJoin(rates.row)
    .where(eq(addressesPayments.id, fields.address_payment_id));
  if (!read || (own !== null && read.address.clientId !== own)) {
    if (own !== null) throw notFound(paymentMessages.addressNotFound);
    throw fieldError('address_payment_id', paymentMessages.addressNotFound);
  }
  const { address } = read;
  if (address.clientId !== fields.client_id) throw fieldError('address_payment_id', paymentMessages.addressOfOtherClient);
  const complete = address.type === 1 ? address.economicActivityId !== null : address.communityId !== null && address.parishId !== null;
  if (!complete) throw fieldError('address_payment_id', paymentMessages.addressIncomplete);
  return { type: address.type === 1 ? 1 : 0, rates: ratesOf(read) };
}

/**
 * Everything a payment write checks before it locks the ledger, in one pass: the references, the
 * client and address, and the rate it is valued at (a client user's is the configured one).
 */
export async function validatePayment(
  tx: Executor,
  auth: AuthContext,
  fields: PaymentFields,
  previous: PaymentRecord | null,
): Promise<{ rate: PaymentRate }> {
  await checkReferences(tx, auth, fields, previous);
  const { type, rates } = await checkClientAndAddress(tx, auth, fields);
  const rate = clientIdOf(auth) !== null ? clientRate(rates, type) : staffRate(rates, auth, fields, previous);
  return { rate };
}
