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
  const holds = new Map<number, AgreementHolds>();
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
  const byAddress = new Map<number, HoldRow[]>();
  for (const row of rows) {
    const list = byAddress.get(row.address) ?? [];
    list.push(row);
    byAddress.set(row.address, list);
  }
  for (const [address, list] of byAddress) {
    const held = holdsOfRows(list);
    if (held.size) holds.set(address, held);
  }
  return holds;
}

type HoldRow = { month: string; status: string; signed: string | null; ended: string | null };

/** One address's holds from its agreements' months, oldest agreement first (a newer one's month replaces an older one's). */
function holdsOfRows(rows: HoldRow[]): Map<Month, AgreementHold> {
  const byMonth = new Map<Month, AgreementHold>();
  for (const row of rows) {
    const hold: AgreementHold | null =
      row.status === 'current'
        ? { status: 'current' }
        : row.signed !== null && row.ended !== null
          ? { status: 'ended', signed: row.signed, ended: row.ended }
          : null;
    if (hold) byMonth.set(row.month as Month, hold);
  }
  return byMonth;
}

/**
 * The address's agreement months as one JSON array of `[month, status, signed, ended]`, oldest
 * agreement first, for a page of the list's rows statement (addresses-payment/queries.ts).
 */
export const HOLDS_JSON = sql<HoldsJson>`(select json_agg(json_build_array(${paymentAgreementMonths.month}, ${paymentAgreements.status},
    ${caracasDayOf(paymentAgreements.createdAt)}, ${caracasDayOf(paymentAgreements.endedAt)}) order by ${paymentAgreements.id})
  from ${paymentAgreementMonths} join ${paymentAgreements} on ${paymentAgreements.id} = ${paymentAgreementMonths.paymentAgreementId}
  where ${paymentAgreements.addressPaymentId} = "addresses_payments"."id" and ${paymentAgreements.status} <> 'completed')`;

export type HoldsJson = [string, string, string | null, string | null][] | null;

/** The holds of HOLDS_JSON, as `agreementHoldsOf` answers them for one address (none: undefined). */
export function holdsFromJson(json: HoldsJson): AgreementHolds | undefined {
  const held = holdsOfRows((json ?? []).map(([month, status, signed, ended]) => ({ month, status, signed, ended })));
  return held.size ? held : undefined;
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
