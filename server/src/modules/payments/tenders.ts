import Decimal from 'decimal.js';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { bankMessages } from '@recaudo/domain/bank-operations';
import { paymentMessages, REFERENCE_METHOD_TYPES, type PaymentFields } from '@recaudo/domain/payments';
import { rateCurrencyOf, settleTenders, tenderMessages, type Currency, type Settlement, type TenderFigures, type TenderLine } from '@recaudo/domain/tenders';
import { messages } from '@recaudo/domain/validation';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { AppError, fieldError } from '../../platform/errors';
import { conciliations } from '../bank-operations/tables';
import { banks } from '../banks/tables';
import { paymentMethods } from '../payment-methods/tables';
import { payments, paymentTenders } from './tables';

/**
 * The money side of a payment write (issue 49): the tender lines checked against their methods,
 * valued at the payment's rate with the IGTF and the change (domain `settleTenders`), refused with
 * a 422 naming the line when they don't add up, and stored. A request without `tenders` (the
 * specification's one-method call) is one line of its method for its `amount_payment`, held to the
 * same cover when the payment marks its months (issue 46: no month marked paid for Bs 0,01), the
 * shortfall then named on `amount_payment`; what it brings beyond its months is credit.
 */

type PaymentRecord = typeof payments.$inferSelect;
type MethodRow = typeof paymentMethods.$inferSelect;

/** IGTF_ENABLED / IGTF_RATE: the rate in percent when the office collects IGTF. */
export interface IgtfSettings {
  igtfRate: string | null;
}

export const igtfSettingsOf = (config: Pick<Config, 'IGTF_ENABLED' | 'IGTF_RATE'>): IgtfSettings => ({ igtfRate: config.IGTF_ENABLED ? config.IGTF_RATE : null });

/**
 * With lines, the payment's own method, reference and bank are its first line's (the lists,
 * filters, closings' groups and the invoice's first payment form read them), so the payment-level
 * rules of spec 02 §5 apply to that line too.
 */
export function withFirstTender(fields: PaymentFields): PaymentFields {
  const [first] = fields.tenders;
  if (!first) return fields;
  const proof = fields.tenders.find((line) => line.reference !== null) ?? first;
  return { ...fields, payment_method_id: first.payment_method_id, reference: proof.reference, bank_id: proof.bank_id };
}

const lineIssue = (index: number, field: string, message: string) =>
  new AppError('validation', tenderMessages.line(index + 1, message), { [`tenders.${index}.${field}`]: [tenderMessages.line(index + 1, message)] });

/** Lowercase first letter: a field message inside "Línea N: …". */
const inLine = (message: string) => message.charAt(0).toLowerCase() + message.slice(1);

/**
 * Methods, banks and proofs of each sent line (an inactive method is allowed only if the payment
 * already used it), before the payment-level checks that read the first line's method.
 */
export async function checkTenderLines(tx: Executor, fields: PaymentFields, previous: PaymentRecord | null): Promise<Map<number, MethodRow>> {
  const lines = fields.tenders;
  if (!lines.length) return new Map();
  const previousMethods = previous
    ? [previous.paymentMethodId, ...(await tx.select({ id: paymentTenders.paymentMethodId }).from(paymentTenders).where(eq(paymentTenders.paymentId, previous.id))).map((row) => row.id)]
    : [];
  const ids = [...new Set(lines.map((line) => line.payment_method_id))];
  const rows = ids.length ? await tx.select().from(paymentMethods).where(inArray(paymentMethods.id, ids)) : [];
  const methods = new Map(rows.map((row) => [row.id, row]));
  const used = new Set<number>();
  for (const [index, line] of lines.entries()) {
    const method = methods.get(line.payment_method_id);
    if (!method) throw lineIssue(index, 'payment_method_id', tenderMessages.methodMissing);
    if (!method.active && !previousMethods.includes(method.id)) throw lineIssue(index, 'payment_method_id', tenderMessages.methodInactive);
    if ((REFERENCE_METHOD_TYPES as readonly number[]).includes(method.type) && !line.reference) throw lineIssue(index, 'reference', inLine(paymentMessages.referenceRequired));
    if (method.isMobilePaymentUseApiBdv && line.bank_id === null) throw lineIssue(index, 'bank_id', inLine(paymentMessages.bankRequired));
    if (line.bank_id !== null) {
      const [bank] = await tx.select({ id: banks.id }).from(banks).where(eq(banks.id, line.bank_id));
      if (!bank) throw lineIssue(index, 'bank_id', inLine(paymentMessages.bankMissing));
    }
    if (line.conciliation_id !== null) {
      if (used.has(line.conciliation_id)) throw lineIssue(index, 'conciliation_id', tenderMessages.conciliationTwice);
      used.add(line.conciliation_id);
      await assertLineProof(tx, index, line, fields.client_id, previous?.id ?? null);
    }
  }
  return methods;
}

/**
 * A line's bank validation: a success of the payment's client, for the line's amount, that no
 * other payment or line keeps (its row locked until commit, as payments' own proofs are).
 */
async function assertLineProof(tx: Executor, index: number, line: TenderLine, clientId: number, paymentId: number | null): Promise<void> {
  const [proof] = await tx
    .select({ clientId: conciliations.clientId, success: conciliations.success, amount: conciliations.amount })
    .from(conciliations)
    .where(eq(conciliations.id, line.conciliation_id!))
    .for('update');
  if (!proof?.success || proof.clientId !== clientId) throw lineIssue(index, 'conciliation_id', inLine(bankMessages.conciliationUnusable));
  if (!new Decimal(proof.amount ?? 0).equals(line.amount)) throw lineIssue(index, 'amount', inLine(messages.invalid('Monto')));
  const other = paymentId === null ? undefined : ne(payments.id, paymentId);
  const [holder] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.conciliationId, line.conciliation_id!), other));
  const [lineHolder] = await tx
    .select({ id: paymentTenders.paymentId })
    .from(paymentTenders)
    .where(and(eq(paymentTenders.conciliationId, line.conciliation_id!), paymentId === null ? undefined : ne(paymentTenders.paymentId, paymentId)));
  const held = holder?.id ?? lineHolder?.id;
  if (held !== undefined) throw lineIssue(index, 'conciliation_id', inLine(bankMessages.conciliationUsed(held)));
}

/** The payment's figures of what the client gave (issue 49 columns on `payments`). */
export interface SettledPayment {
  amountPayment: string;
  columns: {
    changeCurrency: Currency | null;
    changeAmount: string | null;
    changeAmountVes: string;
    igtfRate: string;
    igtfBase: string;
    igtfCurrencyAmount: string;
    igtfAmount: string;
  };
  /** The lines to store (none for a one-method payment). */
  lines: (TenderLine & { amount_ves: string })[];
  settlement: Settlement;
}

/**
 * Values what the client gave (lines checked by `checkTenderLines`) for `due` (the months' cost after retention, in bolívares
 * and in the rate's currency): a 422 naming the line or the missing amount, else the figures to store. `mustCover` false
 * leaves a one-method payment's cover to `assertCovered`, for a caller with refusals to say first.
 */
export async function settlePayment(
  tx: Executor,
  fields: PaymentFields,
  rate: { rate: string; id: number },
  due: { ves: string; foreign: string },
  settings: IgtfSettings,
  methods: Map<number, MethodRow>,
  mustCover = true,
): Promise<SettledPayment> {
  const sent = fields.tenders.length > 0;
  if (!sent && fields.amount_payment === null) throw fieldError('amount_payment', messages.required('Monto pagado'));
  const rateCurrency = rateCurrencyOf(rate.id);
  let figures: TenderFigures[];
  if (sent) {
    figures = fields.tenders.map((line) => {
      const method = methods.get(line.payment_method_id)!;
      return { currency: line.currency, amount: line.amount, method: { name: method.name, currency: method.currency as Currency, is_igtf: method.isIgtf } };
    });
  } else {
    const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, fields.payment_method_id));
    const currency = (method?.currency ?? 'VES') as Currency;
    const amount = currency === 'VES' ? fields.amount_payment! : new Decimal(fields.amount_payment!).dividedBy(rate.rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    figures = [{ currency, amount, method: method ? { name: method.name, currency, is_igtf: method.isIgtf } : null }];
  }
  const settlement = settleTenders({ due: due.ves, dueForeign: due.foreign, rate: rate.rate, rateCurrency, igtfRate: settings.igtfRate, lines: figures, change: fields.change });
  const issues = Object.entries(settlement.issues).filter(([field]) => sent || mustCover || field !== 'tenders');
  if (issues.length) {
    // The one-method call has no lines to name: a currency its method can't be valued in is the method's fault, a shortfall its amount's.
    const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
    const oneMethodField = (field: string) => (field === 'tenders' ? 'amount_payment' : field.startsWith('tenders.') ? 'payment_method_id' : field);
    const named = issues.map(([field, text]): [string, string] => (sent ? [field, capital(text)] : [oneMethodField(field), capital(text.replace(/^Línea 1: /, ''))]));
    throw new AppError('validation', named[0]![1], Object.fromEntries(named.map(([field, text]) => [field, [text]])));
  }
  if (fields.igtf_amount !== null && !new Decimal(fields.igtf_amount).equals(settlement.igtfAmount))
    throw fieldError('igtf_amount', tenderMessages.igtfDiffers(fields.igtf_amount, settlement.igtfAmount));
  const change = fields.change && !new Decimal(fields.change.amount).isZero() ? fields.change : null;
  return {
    // The one-method call keeps what was typed (less any change); lines bring what they add up to.
    amountPayment: sent ? settlement.received : new Decimal(fields.amount_payment!).minus(settlement.changeVes).toFixed(2),
    columns: {
      changeCurrency: change?.currency ?? null,
      changeAmount: change?.amount ?? null,
      changeAmountVes: settlement.changeVes,
      igtfRate: settlement.igtfAmount === '0.00' ? '0' : (settings.igtfRate ?? '0'),
      igtfBase: settlement.igtfBase,
      igtfCurrencyAmount: settlement.igtfCurrencyAmount,
      igtfAmount: settlement.igtfAmount,
    },
    lines: sent ? fields.tenders.map((line, index) => ({ ...line, amount_ves: settlement.amountsVes[index]! })) : [],
    settlement,
  };
}

/** The cover of a one-method payment settled with `mustCover` false: its shortfall as a 422 on `amount_payment`. */
export function assertCovered(fields: PaymentFields, settled: SettledPayment): void {
  const shortfall = settled.settlement.issues.tenders;
  if (!fields.tenders.length && shortfall) throw fieldError('amount_payment', shortfall);
}

/** Replaces a payment's stored lines with the settled ones. */
export async function storeTenders(tx: Executor, paymentId: number, lines: SettledPayment['lines'], replacing: boolean): Promise<void> {
  if (replacing) await tx.delete(paymentTenders).where(eq(paymentTenders.paymentId, paymentId));
  if (!lines.length) return;
  await tx.insert(paymentTenders).values(
    lines.map((line, position) => ({
      paymentId,
      position: position + 1,
      paymentMethodId: line.payment_method_id,
      currency: line.currency,
      amount: line.amount,
      amountVes: line.amount_ves,
      reference: line.reference,
      bankId: line.bank_id,
      payPhone: line.pay_phone,
      conciliationId: line.conciliation_id,
    })),
  );
}

/** A payment's stored lines as a comparable text (an invoice states them: invoice-lock.ts). */
export async function storedTendersKey(tx: Executor, paymentId: number): Promise<string> {
  const rows = await tx
    .select({ method: paymentTenders.paymentMethodId, currency: paymentTenders.currency, amount: paymentTenders.amount })
    .from(paymentTenders)
    .where(eq(paymentTenders.paymentId, paymentId))
    .orderBy(asc(paymentTenders.position));
  return tendersKey(rows.map((row) => ({ payment_method_id: row.method, currency: row.currency, amount: row.amount })));
}

export const tendersKey = (lines: { payment_method_id: number; currency: string; amount: string }[]) =>
  lines.map((line) => `${line.payment_method_id}:${line.currency}:${new Decimal(line.amount).toFixed(2)}`).join('|');
