import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import { addressSchedule, feeMessages, sameFee, type FeeChange, type FeeHistory, type FeeOwnerType, type OwnFeeChange } from '@recaudo/domain/tariffs';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { fieldError, notFound } from '../../platform/errors';
import { followsInheritedSql, INHERITED_FEE, monthNumber, TARIFFS_OF_ADDRESS } from '../addresses-payment/ledger-sql';
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

/**
 * Each address's fee changes (issue 50): its own fee's and, for the months that follow them, its
 * community's or activity's, merged into one schedule oldest first (domain `addressSchedule`),
 * keyed by address id; an address whose price never changes is absent. One query for all ids.
 */
export async function feeChangesOf(db: Executor, ids: readonly number[]): Promise<Map<number, FeeChange[]>> {
  const byAddress = new Map<number, FeeChange[]>();
  if (!ids.length) return byAddress;
  const rows = await db
    .select({ id: addressesPayments.id, tariffs: TARIFFS_JSON })
    .from(addressesPayments)
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(economicActivities, eq(economicActivities.id, addressesPayments.economicActivityId))
    .where(inArray(addressesPayments.id, [...ids]));
  for (const row of rows) {
    const changes = feeChangesFromJson(row.tariffs);
    if (changes.length) byAddress.set(row.id, changes);
  }
  return byAddress;
}

/** What prices an address besides its tariff rows: whether it has its own fee, and the two fees now. */
interface FeeSources {
  custom: boolean;
  own_fee: string | null;
  inherited_fee: string | null;
}

/** A `fee_tariffs` row of an address's schedule (owner type 2: its own fee). */
interface Tariff {
  owner_type: number;
  month: number;
  previous_fee: string | null;
  fee: string | null;
  previous_inherited: boolean;
  inherited: boolean;
}

/** One address's schedule of fee changes from its tariff rows, oldest first (domain `addressSchedule`). */
function scheduleOf(sources: FeeSources, tariffs: Tariff[]): FeeChange[] {
  const change = (row: Tariff): OwnFeeChange => ({
    effective_month: monthOfNumber(row.month),
    previous_fee: row.previous_fee,
    fee: row.fee,
    previous_inherited: row.previous_inherited,
    inherited: row.inherited,
  });
  const schedule = addressSchedule(
    { custom: sources.custom, fee: sources.own_fee, changes: tariffs.filter((row) => row.owner_type === 2).map(change) },
    { fee: sources.inherited_fee, changes: tariffs.filter((row) => row.owner_type !== 2).map(change) },
  );
  return schedule.changes.map(({ effective_month, previous_fee, fee }) => ({ effective_month, previous_fee, fee }));
}

/**
 * The address's fee sources and tariff rows as one JSON array, null without tariff rows: a column
 * of the list's rows and the statement's heads, and what `feeChangesOf` reads. Needs the
 * address's community and activity joined (FEE_SOURCE_JOINS).
 */
export const TARIFFS_JSON = sql<TariffsJson>`(select json_build_array("addresses_payments"."is_custom_fee", "addresses_payments"."fee"::text, ${INHERITED_FEE}::text,
    json_agg(json_build_array("fee_tariffs"."owner_type", "fee_tariffs"."effective_month", "fee_tariffs"."previous_fee"::text, "fee_tariffs"."fee"::text,
      "fee_tariffs"."previous_inherited", "fee_tariffs"."inherited") order by "fee_tariffs"."effective_month"))
  from "fee_tariffs" where ${TARIFFS_OF_ADDRESS} having count(*) > 0)`;

export type TariffsJson = [boolean, string | null, string | null, [number, number, string | null, string | null, boolean, boolean][]] | null;

/** One address's fee changes from TARIFFS_JSON (none: empty). */
export function feeChangesFromJson(json: TariffsJson): FeeChange[] {
  if (!json) return [];
  const [custom, own_fee, inherited_fee, tariffs] = json;
  return scheduleOf(
    { custom, own_fee, inherited_fee },
    tariffs.map(([owner_type, month, previous_fee, fee, previous_inherited, inherited]) => ({ owner_type, month, previous_fee, fee, previous_inherited, inherited })),
  );
}

/** A ledger month ('YYYY-MM' text) as the ledger summary numbers it. */
const monthNumberOf = (month: typeof addressMonths.month) => sql`(substr(${month}, 1, 4)::int * 12 + substr(${month}, 6, 2)::int - 1)`;

/**
 * The address months an owner's fee prices: any month of the address itself (its own fee or its
 * switch), or of an address of the activity or community in a month it follows their tariff.
 */
function pricedBy(type: FeeOwnerType, id: number) {
  if (type === 'address') return eq(addressesPayments.id, id);
  const follows = followsInheritedSql(monthNumberOf(addressMonths.month));
  if (type === 'activity') return and(eq(addressesPayments.economicActivityId, id), eq(addressesPayments.type, 1), follows);
  return and(eq(addressesPayments.communityId, id), eq(addressesPayments.type, 0), follows);
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
  /** An address only: its newest state follows its community or activity (no own fee). */
  beforeInherited?: boolean;
  /** An address only: from the change it follows its community or activity (`fee` ignored). */
  inherited?: boolean;
  /** Absent: next month. */
  effectiveMonth: Month | undefined;
  now: Date;
}

/** One side of a change: a fee, or (an address) its community's or activity's tariff. */
interface FeeSide {
  fee: string | null;
  inherited: boolean;
}

/**
 * Records a change of an owner's fee from its effective month (replacing a change of that same
 * month) and keeps every previous side the side of the change before it. Answers what the
 * owner's columns must hold: the newest side, which is not this one when a later change was
 * already scheduled.
 */
export async function recordFeeChange(tx: Executor, auth: AuthContext, request: FeeChangeRequest): Promise<FeeSide> {
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
  const base: FeeSide = rows[0]
    ? { fee: rows[0].previousFee, inherited: rows[0].previousInherited }
    : { fee: request.before, inherited: request.beforeInherited ?? false };
  const side: FeeSide = request.inherited ? { fee: null, inherited: true } : { fee: request.fee, inherited: false };
  const months = [
    ...rows.filter((row) => row !== replaced).map((row) => ({ month: row.effectiveMonth, side: { fee: row.fee, inherited: row.inherited } })),
    { month: number, side },
  ].sort((a, b) => a.month - b.month);
  const index = months.findIndex((entry) => entry.month === number);
  const previous = index === 0 ? base : months[index - 1]!.side;
  const values = {
    fee: side.fee,
    inherited: side.inherited,
    previousFee: previous.fee,
    previousInherited: previous.inherited,
    createdBy: auth.user.id,
    createdAt: request.now,
  };
  if (replaced) await tx.update(feeTariffs).set(values).where(eq(feeTariffs.id, replaced.id));
  else await tx.insert(feeTariffs).values({ ownerType: code, ownerId: request.id, effectiveMonth: number, ...values });
  // Its readers look an address's own changes up only once it has some (addresses-payment/tables.ts).
  if (request.type === 'address') await tx.update(addressesPayments).set({ ownFeeHistory: true }).where(eq(addressesPayments.id, request.id));
  const next = months[index + 1];
  if (next)
    await tx
      .update(feeTariffs)
      .set({ previousFee: side.fee, previousInherited: side.inherited })
      .where(and(owner, eq(feeTariffs.effectiveMonth, next.month)));
  // An address's changes also say whether a side follows its community or activity.
  const address = request.type === 'address';
  await recordAudit(tx, {
    module: 'fee_tariffs',
    event: replaced ? 'updated' : 'created',
    causerId: auth.user.id,
    subjectType: request.type,
    subjectId: request.id,
    old: replaced ? { fee: replaced.fee, ...(address ? { inherited: replaced.inherited } : {}) } : undefined,
    attributes: {
      owner_type: request.type,
      owner_id: request.id,
      effective_month: effective,
      fee: side.fee,
      previous_fee: previous.fee,
      ...(address ? { inherited: side.inherited, previous_inherited: previous.inherited } : {}),
    },
  });
  return months[months.length - 1]!.side;
}

/**
 * An owner's edit: when its fee changes, the change is recorded from its effective month and the
 * answer is what the owner's fee column must hold; an unchanged fee answers the stored one.
 */
export async function feeAfterEdit(tx: Executor, auth: AuthContext, request: FeeChangeRequest): Promise<string | null> {
  if (sameFee(request.before, request.fee)) return request.before;
  return (await recordFeeChange(tx, auth, request)).fee;
}

/**
 * An address's own fee after its edit (its `is_custom_fee` and `fee` columns): a changed own fee,
 * or the own fee turned on or off, is recorded from its effective month, so the months before it
 * keep what priced them (the community's or activity's tariff, or the own fee).
 */
export async function ownFeeAfterEdit(
  tx: Executor,
  auth: AuthContext,
  previous: { id: number; isCustomFee: boolean; fee: string | null },
  next: { is_custom_fee: boolean; fee: string | null },
  effectiveMonth: Month | undefined,
): Promise<{ is_custom_fee: boolean; fee: string | null }> {
  const unchanged = previous.isCustomFee ? next.is_custom_fee && sameFee(previous.fee, next.fee) : !next.is_custom_fee;
  if (unchanged) return { is_custom_fee: previous.isCustomFee, fee: previous.fee };
  const newest = await recordFeeChange(tx, auth, {
    type: 'address',
    id: previous.id,
    before: previous.isCustomFee ? previous.fee : null,
    beforeInherited: !previous.isCustomFee,
    fee: next.fee,
    inherited: !next.is_custom_fee,
    effectiveMonth,
    now: new Date(),
  });
  return { is_custom_fee: !newest.inherited, fee: newest.fee };
}

/** Forgets an owner's history: its owner is gone. */
export async function forgetFeeHistory(tx: Executor, type: FeeOwnerType, id: number): Promise<void> {
  await tx.delete(feeTariffs).where(and(eq(feeTariffs.ownerType, OWNER_CODES[type]), eq(feeTariffs.ownerId, id)));
}

/** The owner's newest fee; an address's without an own fee follows its community or activity. */
async function ownerFee(db: Executor, type: FeeOwnerType, id: number): Promise<(FeeSide & { from: 'community' | 'activity' | null }) | undefined> {
  if (type !== 'address') {
    const table = type === 'community' ? communities : economicActivities;
    const [owner] = await db.select({ fee: table.fee }).from(table).where(eq(table.id, id));
    return owner && { fee: owner.fee, inherited: false, from: null };
  }
  const [address] = await db
    .select({ fee: addressesPayments.fee, custom: addressesPayments.isCustomFee, type: addressesPayments.type })
    .from(addressesPayments)
    .where(eq(addressesPayments.id, id));
  return address && { fee: address.custom ? address.fee : null, inherited: !address.custom, from: address.type === 1 ? 'activity' : 'community' };
}

/**
 * `GET /api/fees/history`: the fee from the beginning, then each change, oldest first. An
 * address's entries without an own fee say whose tariff it follows (`inherited_from`).
 */
export async function feeHistory(db: Executor, type: FeeOwnerType, id: number): Promise<FeeHistory> {
  const owner = await ownerFee(db, type, id);
  if (!owner) throw notFound(feeMessages.notFound);
  const rows = await db
    .select({
      month: feeTariffs.effectiveMonth,
      previous: feeTariffs.previousFee,
      previousInherited: feeTariffs.previousInherited,
      fee: feeTariffs.fee,
      inherited: feeTariffs.inherited,
      createdAt: feeTariffs.createdAt,
      by: users.name,
    })
    .from(feeTariffs)
    .leftJoin(users, eq(users.id, feeTariffs.createdBy))
    .where(and(eq(feeTariffs.ownerType, OWNER_CODES[type]), eq(feeTariffs.ownerId, id)))
    .orderBy(asc(feeTariffs.effectiveMonth));
  const entry = (side: FeeSide) => ({ fee: side.inherited ? null : side.fee, inherited_from: side.inherited ? owner.from : null });
  const first = rows[0];
  return {
    owner_type: type,
    owner_id: id,
    entries: [
      { effective_month: null, ...entry(first ? { fee: first.previous, inherited: first.previousInherited } : owner), created_at: null, created_by: null },
      ...rows.map((row) => ({ effective_month: monthOfNumber(row.month), ...entry(row), created_at: row.createdAt.toISOString(), created_by: row.by })),
    ],
  };
}
