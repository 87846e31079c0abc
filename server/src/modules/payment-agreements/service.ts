import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { monthPrice } from '@recaudo/domain/balance';
import { currentMonth, monthName, monthRange, type Month } from '@recaudo/domain/months';
import {
  addsUpTo,
  AGREEMENT_MIN_MONTHS,
  agreementMessages,
  installmentDueDates,
  splitInstallments,
  type CreateAgreementInput,
} from '@recaudo/domain/payment-agreements';
import { feeAt } from '@recaudo/domain/tariffs';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { executeSql } from '../../platform/render';
import { addressesPayments } from '../addresses-payment/tables';
import { agreementMonthsOf } from './holds';
import type { AuthContext } from '../auth/service';
import type { PaymentFields } from '@recaudo/domain/payments';
import { addressFacts, lockAddresses } from '../payments/payment-ledger';
import { monthSurcharges } from '../payments/payment-surcharge';
import { agreementHoldsOf } from './holds';
import { getAgreement } from './queries';
import { installments, paymentAgreementMonths, paymentAgreements } from './tables';

const AUDIT_MODULE = 'payment_agreements';

/** Today in Caracas by the database's clock (YYYY-MM-DD). */
export async function databaseToday(db: Executor): Promise<string> {
  const [row] = await executeSql<{ today: string }>(db, sql`select to_char((now() at time zone 'America/Caracas')::date, 'YYYY-MM-DD') as today`);
  return row!.today;
}

/**
 * A new payment outside an agreement may not name a month its current agreement holds: the
 * installments pay those months, and paying one directly too would pay it twice (422 naming it).
 */
export async function assertMonthsOutsideAgreement(tx: Executor, addressId: number, months: readonly Month[]): Promise<void> {
  if (!months.length) return;
  const held = await agreementMonthsOf(tx, addressId);
  const month = months.find((owed) => held.has(owed));
  if (month) throw fieldError('months_payment', agreementMessages.monthInAgreement(monthName(month)));
}

/** The address's current agreement, if any. */
export async function currentAgreementOf(db: Executor, addressId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: paymentAgreements.id })
    .from(paymentAgreements)
    .where(and(eq(paymentAgreements.addressPaymentId, addressId), eq(paymentAgreements.status, 'current')));
  return row?.id ?? null;
}

/**
 * A payment to an agreement (`payment_agreement_id`) names no months: its money pays the next
 * installments and they cover the months. A new payment's agreement must be the address's and
 * current; an edited payment keeps its agreement whatever became of it (`edited`).
 */
export async function agreementPaymentFields<
  F extends Pick<PaymentFields, 'payment_agreement_id' | 'address_payment_id' | 'type_payment_month' | 'months_payment'>,
>(tx: Executor, fields: F, edited = false): Promise<F> {
  if (fields.payment_agreement_id === null) return fields;
  if (fields.type_payment_month === 1 && fields.months_payment.length) throw fieldError('months_payment', agreementMessages.paymentAgreementMonths);
  const [agreement] = edited
    ? [{ id: fields.payment_agreement_id }]
    : await tx
        .select({ id: paymentAgreements.id })
        .from(paymentAgreements)
        .where(
          and(
            eq(paymentAgreements.id, fields.payment_agreement_id),
            eq(paymentAgreements.addressPaymentId, fields.address_payment_id),
            eq(paymentAgreements.status, 'current'),
          ),
        );
  if (!agreement) throw fieldError('payment_agreement_id', agreementMessages.paymentAgreementMismatch);
  return { ...fields, type_payment_month: 1, months_payment: [] };
}

/** The installments' amounts: the ones given, which must add up to what the down payment leaves, or an even split. */
function scheduleAmounts(input: CreateAgreementInput, financed: Decimal): string[] {
  const amounts = input.installment_amounts ?? splitInstallments(financed, input.installments);
  if (amounts.length !== input.installments || !addsUpTo(amounts, financed)) {
    throw fieldError('installment_amounts', agreementMessages.scheduleDoesNotAddUp(financed.toFixed(2)));
  }
  if (amounts.some((amount) => new Decimal(amount).lessThan('0.01'))) throw fieldError('installments', agreementMessages.installmentTooSmall);
  return amounts;
}

/**
 * `payment-agreements/store` (staff with payment_agreements): with the address row held, gathers
 * every owed month from the start month through the current one, each at the tariff in force for
 * it with the late-payment surcharge it accrued by today (with the fee's VAT), freezes their sum as the
 * debt and writes the down payment (number 0, due today) and the installments. Audited.
 */
export async function createAgreement(db: Database, auth: AuthContext, input: CreateAgreementInput, now = new Date()) {
  const id = await db.transaction(async (tx) => {
    await lockAddresses(tx, [input.address_payment_id]);
    const address = await addressFacts(tx, input.address_payment_id, null);
    if (!address) throw notFound(agreementMessages.addressNotFound);
    const owed = monthRange(address.start, currentMonth(now)).filter((month) => !address.taken.has(month));
    if (owed.length < AGREEMENT_MIN_MONTHS) throw fieldError('address_payment_id', agreementMessages.tooFewMonths(owed.length));
    const today = await databaseToday(tx);
    if (input.first_due_date < today) throw fieldError('first_due_date', agreementMessages.firstDueDatePast);
    if (await currentAgreementOf(tx, address.id)) throw fieldError('address_payment_id', agreementMessages.alreadyCurrent);
    // Each month's surcharge accrued by today (less what an earlier agreement held) is frozen into the debt; none accrues while this one is current.
    const surcharges = monthSurcharges(address, owed, today, (await agreementHoldsOf(tx, [address.id])).get(address.id));
    const months = owed.map((month, index) => ({
      month,
      priceUsd: monthPrice(address.type, feeAt(address.schedule, month)) ?? '0.00',
      surchargeUsd: monthPrice(address.type, surcharges[index] ?? null) ?? '0.00',
    }));
    const surcharge = months.reduce((sum, month) => sum.plus(month.surchargeUsd), new Decimal(0));
    const debt = months.reduce((sum, month) => sum.plus(month.priceUsd), surcharge);
    if (new Decimal(input.down_payment_usd).greaterThanOrEqualTo(debt))
      throw fieldError('down_payment_usd', agreementMessages.downPaymentAboveDebt(debt.toFixed(2)));
    const amounts = scheduleAmounts(input, debt.minus(input.down_payment_usd));
    const [owner] = await tx.select({ clientId: addressesPayments.clientId }).from(addressesPayments).where(eq(addressesPayments.id, address.id));
    const [row] = await tx
      .insert(paymentAgreements)
      .values({
        addressPaymentId: address.id,
        clientId: owner!.clientId,
        debtUsd: debt.toFixed(2),
        surchargeUsd: surcharge.toFixed(2),
        downPaymentUsd: input.down_payment_usd,
        createdBy: auth.user.id,
      })
      .returning();
    if (!row) throw new Error('agreement insert returned nothing');
    await tx.insert(paymentAgreementMonths).values(months.map((month) => ({ paymentAgreementId: row.id, ...month })));
    const dueDates = installmentDueDates(input.first_due_date, input.installments);
    await tx
      .insert(installments)
      .values([
        ...(new Decimal(input.down_payment_usd).isZero() ? [] : [{ paymentAgreementId: row.id, number: 0, dueDate: today, amountUsd: input.down_payment_usd }]),
        ...amounts.map((amount, index) => ({ paymentAgreementId: row.id, number: index + 1, dueDate: dueDates[index]!, amountUsd: amount })),
      ]);
    await recordAudit(tx, {
      module: AUDIT_MODULE,
      event: 'created',
      causerId: auth.user.id,
      subjectId: row.id,
      attributes: {
        address_payment_id: address.id,
        debt_usd: row.debtUsd,
        down_payment_usd: row.downPaymentUsd,
        months: owed,
        installments: amounts.map((amount, index) => ({ number: index + 1, due_date: dueDates[index], amount_usd: amount })),
      },
    });
    return row.id;
  });
  return getAgreement(db, auth, id);
}

/** `payment-agreements/cancel` (staff with payment_agreements): a current agreement only; what was paid stays paid. Audited. */
export async function cancelAgreement(db: Database, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentAgreements).where(eq(paymentAgreements.id, id)).for('update');
    if (!row) throw notFound(agreementMessages.notFound);
    if (row.status !== 'current') throw new AppError('validation', agreementMessages.notCurrent, { id: [agreementMessages.notCurrent] });
    await tx
      .update(paymentAgreements)
      .set({ status: 'cancelled', endedAt: sql`now()` })
      .where(eq(paymentAgreements.id, id));
    await recordAudit(tx, {
      module: AUDIT_MODULE,
      event: 'updated',
      causerId: auth.user.id,
      subjectId: id,
      old: { status: row.status },
      attributes: { status: 'cancelled' },
    });
  });
}
