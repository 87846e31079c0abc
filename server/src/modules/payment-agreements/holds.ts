import { and, asc, inArray, ne, sql, eq } from 'drizzle-orm';
import type { AgreementHold } from '@recaudo/domain/late-fees';
import type { Month } from '@recaudo/domain/months';
import type { Executor } from '../../db/client';
import { paymentAgreementMonths, paymentAgreements } from './tables';

/** Each month of an address that a payment agreement holds (issue 50), for the late-payment surcharge. */
export type AgreementHolds = ReadonlyMap<Month, AgreementHold>;

const caracasDayOf = (column: typeof paymentAgreements.createdAt | typeof paymentAgreements.endedAt) =>
  sql<string | null>`to_char(${column} at time zone 'America/Caracas', 'YYYY-MM-DD')`;

/**
 * The agreements' holds on these addresses' months: a current agreement's months accrue no
 * surcharge; a broken or cancelled one's resume from the day it ended (domain late-fees.ts). A
 * completed agreement covered its months, which accrue nothing anyway. A month gathered by two
 * agreements answers the newer.
 */
export async function agreementHoldsOf(db: Executor, addressIds: readonly number[]): Promise<Map<number, AgreementHolds>> {
  const holds = new Map<number, Map<Month, AgreementHold>>();
  if (!addressIds.length) return holds;
  const rows = await db
    .select({
      address: paymentAgreements.addressPaymentId,
      month: paymentAgreementMonths.month,
      status: paymentAgreements.status,
      signed: caracasDayOf(paymentAgreements.createdAt),
      ended: caracasDayOf(paymentAgreements.endedAt),
    })
    .from(paymentAgreementMonths)
    .innerJoin(paymentAgreements, eq(paymentAgreements.id, paymentAgreementMonths.paymentAgreementId))
    .where(and(inArray(paymentAgreements.addressPaymentId, [...addressIds]), ne(paymentAgreements.status, 'completed')))
    .orderBy(asc(paymentAgreements.id));
  for (const row of rows) {
    const hold: AgreementHold | null =
      row.status === 'current'
        ? { status: 'current' }
        : row.signed !== null && row.ended !== null
          ? { status: 'ended', signed: row.signed, ended: row.ended }
          : null;
    if (!hold) continue;
    const byMonth = holds.get(row.address) ?? new Map<Month, AgreementHold>();
    byMonth.set(row.month as Month, hold);
    holds.set(row.address, byMonth);
  }
  return holds;
}

/**
 * The months of this address under a current agreement (issue 50): its installments alone pay
 * them (a payment naming one is refused, the credit balance passes them by), and solvency asks.
 */
export async function agreementMonthsOf(db: Executor, addressId: number): Promise<Set<Month>> {
  const rows = await db
    .select({ month: paymentAgreementMonths.month })
    .from(paymentAgreementMonths)
    .innerJoin(paymentAgreements, eq(paymentAgreements.id, paymentAgreementMonths.paymentAgreementId))
    .where(and(eq(paymentAgreements.addressPaymentId, addressId), eq(paymentAgreements.status, 'current')));
  return new Set(rows.map((row) => row.month as Month));
}
