import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import { feeMessages, type FeeChange, type FeeHistory, type FeeOwnerType } from '@recaudo/domain/tariffs';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { fieldError, notFound } from '../../platform/errors';
import { monthNumber, TARIFF_OF_ADDRESS } from '../addresses-payment/ledger-sql';
import { addressesPayments, addressMonths } from '../addresses-payment/tables';
import type { AuthContext } from '../auth/service';
import { economicActivities } from '../economic-activities/tables';
import { legalDocuments } from '../invoices/tables';
import { communities } from '../regional/tables';
import { users } from '../users/tables';
import { feeTariffs } from './tables';

/**
 * Recording and reading the history of fees (issue 50, tables.ts). A change runs inside the
 * owner's update transaction, after its row is held, so two changes of one owner never interleave.
 */

export const OWNER_CODES: Record<FeeOwnerType, number> = { community: 0, activity: 1, address: 2 };

/** The advisory lock space of fee histories (one space per owner type, keyed by the owner id). */
const FEE_LOCK_KEY = 50_001;

const monthOfNumber = (value: number): Month => `${String(Math.floor(value / 12)).padStart(4, '0')}-${String((value % 12) + 1).padStart(2, '0')}`;

/** Each address's fee changes (its owner's, oldest first), keyed by address id; an address without any is absent. */
export async function feeChangesOf(db: Executor, ids: readonly number[]): Promise<Map<number, FeeChange[]>> {
  const byAddress = new Map<number, FeeChange[]>();
  if (!ids.length) return byAddress;
  const rows = await db
    .select({ address: addressesPayments.id, month: feeTariffs.effectiveMonth, previous: feeTariffs.previousFee, fee: feeTariffs.fee })
    .from(addressesPayments)
    .innerJoin(feeTariffs, TARIFF_OF_ADDRESS)
    .where(inArray(addressesPayments.id, [...ids]))
    .orderBy(asc(addressesPayments.id), asc(feeTariffs.effectiveMonth));
  for (const row of rows) {
    const list = byAddress.get(row.address) ?? [];
    list.push({ effective_month: monthOfNumber(row.month), previous_fee: row.previous, fee: row.fee });
    byAddress.set(row.address, list);
  }
  return byAddress;
}

/** The addresses whose months an owner's fee prices. */
function pricedBy(type: FeeOwnerType, id: number) {
  if (type === 'address') return and(eq(addressesPayments.id, id), eq(addressesPayments.isCustomFee, true));
  if (type === 'activity') return and(eq(addressesPayments.economicActivityId, id), eq(addressesPayments.type, 1), eq(addressesPayments.isCustomFee, false));
  return and(eq(addressesPayments.communityId, id), eq(addressesPayments.type, 0), eq(addressesPayments.isCustomFee, false));
}

/**
 * A change dated back into a closed month (before the current one) that a payment with an
 * invoice already covers for one of the owner's addresses would contradict that invoice: refused.
 */
async function assertNoInvoicedMonth(tx: Executor, type: FeeOwnerType, id: number, from: Month, current: Month): Promise<void> {
  if (from >= current) return;
  const [invoiced] = await tx
    .select({ month: addressMonths.month })
    .from(addressMonths)
    .innerJoin(addressesPayments, eq(addressesPayments.id, addressMonths.addressPaymentId))
    .where(
      and(
        pricedBy(type, id),
        sql`${addressMonths.month} >= ${from} and ${addressMonths.month} < ${current}`,
        sql`exists (select 1 from ${legalDocuments} where ${legalDocuments.paymentId} = ${addressMonths.paymentId})`,
      ),
    )
    .orderBy(asc(addressMonths.month))
    .limit(1);
  if (invoiced) throw fieldError('effective_month', feeMessages.invoicedMonth(invoiced.month));
}

export interface FeeChangeRequest {
  type: FeeOwnerType;
  id: number;
  /** The owner's fee column before the change: the newest tariff. */
  before: string | null;
  fee: string | null;
  /** Absent: next month. */
  effectiveMonth: Month | undefined;
  now: Date;
}

/**
 * Records a change of an owner's fee from its effective month (replacing a change of that same
 * month) and keeps every `previous_fee` the fee of the change before it. Answers the fee the
 * owner's column must hold: the newest tariff, which is not this one when a later change was
 * already scheduled.
 */
export async function recordFeeChange(tx: Executor, auth: AuthContext, request: FeeChangeRequest): Promise<string | null> {
  const current = currentMonth(request.now);
  const effective = request.effectiveMonth ?? addMonths(current, 1);
  const code = OWNER_CODES[request.type];
  await assertNoInvoicedMonth(tx, request.type, request.id, effective, current);
  // Two changes of one owner take turns on its history, even while it has no row yet.
  await tx.execute(sql`select pg_advisory_xact_lock(${FEE_LOCK_KEY + code}::int, ${request.id}::int)`);
  const owner = and(eq(feeTariffs.ownerType, code), eq(feeTariffs.ownerId, request.id));
  const rows = await tx.select().from(feeTariffs).where(owner).orderBy(asc(feeTariffs.effectiveMonth)).for('update');
  const number = monthNumber(effective);
  const replaced = rows.find((row) => row.effectiveMonth === number);
  const base = rows[0]?.previousFee !== undefined ? rows[0].previousFee : request.before;
  const months = [...rows.filter((row) => row !== replaced).map((row) => ({ month: row.effectiveMonth, fee: row.fee })), { month: number, fee: request.fee }].sort((a, b) => a.month - b.month);
  const previousOf = (index: number) => (index === 0 ? base : months[index - 1]!.fee);
  const index = months.findIndex((entry) => entry.month === number);
  const previous = previousOf(index);
  if (replaced) await tx.update(feeTariffs).set({ fee: request.fee, previousFee: previous, createdBy: auth.user.id, createdAt: request.now }).where(eq(feeTariffs.id, replaced.id));
  else await tx.insert(feeTariffs).values({ ownerType: code, ownerId: request.id, effectiveMonth: number, previousFee: previous, fee: request.fee, createdBy: auth.user.id, createdAt: request.now });
  const next = months[index + 1];
  if (next) await tx.update(feeTariffs).set({ previousFee: request.fee }).where(and(owner, eq(feeTariffs.effectiveMonth, next.month)));
  await recordAudit(tx, {
    module: 'fee_tariffs',
    event: replaced ? 'updated' : 'created',
    causerId: auth.user.id,
    subjectType: request.type,
    subjectId: request.id,
    old: replaced ? { fee: replaced.fee } : undefined,
    attributes: { owner_type: request.type, owner_id: request.id, effective_month: effective, fee: request.fee, previous_fee: previous },
  });
  return months[months.length - 1]!.fee;
}

const sameFee = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).equals(b));

/**
 * An owner's edit: when its fee changes, the change is recorded from its effective month and the
 * answer is what the owner's fee column must hold; an unchanged fee answers the stored one.
 */
export async function feeAfterEdit(tx: Executor, auth: AuthContext, request: FeeChangeRequest): Promise<string | null> {
  if (sameFee(request.before, request.fee)) return request.before;
  return recordFeeChange(tx, auth, request);
}

/**
 * An address's own fee after its edit: a changed own fee is recorded from its effective month;
 * turning the own fee on or off prices every month at the new source, so its history goes.
 */
export async function ownFeeAfterEdit(
  tx: Executor,
  auth: AuthContext,
  previous: { id: number; isCustomFee: boolean; fee: string | null },
  next: { is_custom_fee: boolean; fee: string | null },
  effectiveMonth: Month | undefined,
): Promise<string | null> {
  if (previous.isCustomFee && next.is_custom_fee) return feeAfterEdit(tx, auth, { type: 'address', id: previous.id, before: previous.fee, fee: next.fee, effectiveMonth, now: new Date() });
  if (previous.isCustomFee !== next.is_custom_fee) await forgetFeeHistory(tx, 'address', previous.id);
  return next.fee;
}

/** Forgets an owner's history: its owner is gone, or an address's own fee was turned on or off. */
export async function forgetFeeHistory(tx: Executor, type: FeeOwnerType, id: number): Promise<void> {
  await tx.delete(feeTariffs).where(and(eq(feeTariffs.ownerType, OWNER_CODES[type]), eq(feeTariffs.ownerId, id)));
}

async function ownerFee(db: Executor, type: FeeOwnerType, id: number): Promise<{ fee: string | null } | undefined> {
  if (type === 'community') return (await db.select({ fee: communities.fee }).from(communities).where(eq(communities.id, id)))[0];
  if (type === 'activity') return (await db.select({ fee: economicActivities.fee }).from(economicActivities).where(eq(economicActivities.id, id)))[0];
  const [address] = await db.select({ fee: addressesPayments.fee, custom: addressesPayments.isCustomFee }).from(addressesPayments).where(eq(addressesPayments.id, id));
  return address?.custom ? { fee: address.fee } : undefined;
}

/** `GET /api/fees/history`: the fee from the beginning, then each change, oldest first. */
export async function feeHistory(db: Executor, type: FeeOwnerType, id: number): Promise<FeeHistory> {
  const owner = await ownerFee(db, type, id);
  if (!owner) throw notFound(feeMessages.notFound);
  const rows = await db
    .select({ month: feeTariffs.effectiveMonth, previous: feeTariffs.previousFee, fee: feeTariffs.fee, createdAt: feeTariffs.createdAt, by: users.name })
    .from(feeTariffs)
    .leftJoin(users, eq(users.id, feeTariffs.createdBy))
    .where(and(eq(feeTariffs.ownerType, OWNER_CODES[type]), eq(feeTariffs.ownerId, id)))
    .orderBy(asc(feeTariffs.effectiveMonth));
  return {
    owner_type: type,
    owner_id: id,
    entries: [
      { effective_month: null, fee: rows.length ? rows[0]!.previous : owner.fee, created_at: null, created_by: null },
      ...rows.map((row) => ({ effective_month: monthOfNumber(row.month), fee: row.fee, created_at: row.createdAt.toISOString(), created_by: row.by })),
    ],
  };
}
