import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AgreementHold } from '@recaudo/domain/late-fees';
import type { Month } from '@recaudo/domain/months';
import type { Executor } from '../../db/client';
import { addressesPayments } from '../addresses-payment/tables';
import { paymentAgreementMonths, paymentAgreements } from './tables';

/** Each month of an address that a payment agreement holds (issue 50), for the late-payment surcharge. */
export type AgreementHolds = ReadonlyMap<Month, AgreementHold>;

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
    .select({ id: addressesPayments.id, holds: HOLDS_JSON })
    .from(addressesPayments)
    .where(inArray(addressesPayments.id, [...addressIds]));
  for (const row of rows) {
    const held = holdsFromJson(row.holds);
    if (held) holds.set(row.id, held);
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
 * agreement first: a column of the list's rows and the statement's heads, and what
 * `agreementHoldsOf` reads.
 */
export const HOLDS_JSON = sql<HoldsJson>`(select json_agg(json_build_array("am"."month", "a"."status",
    to_char("a"."created_at" at time zone 'America/Caracas', 'YYYY-MM-DD'), to_char("a"."ended_at" at time zone 'America/Caracas', 'YYYY-MM-DD')) order by "a"."id")
  from ${paymentAgreementMonths} "am" join ${paymentAgreements} "a" on "a"."id" = "am"."payment_agreement_id"
  where "a"."address_payment_id" = "addresses_payments"."id" and "a"."status" <> 'completed')`;

export type HoldsJson = [string, string, string | null, string | null][] | null;

/** One address's holds from HOLDS_JSON (none: undefined). */
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
