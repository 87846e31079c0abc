import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import {
  activityGroupMessages,
  economicActivityMessages,
  type ActivityGroupInput,
  type EconomicActivityInput,
} from '@recaudo/domain/economic-activities';
import { MAX_PAGE_SIZE, type ListQuery } from '@recaudo/domain/paging';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { idList, likePattern, sortOrder } from '../../platform/paging';
import type { Month } from '@recaudo/domain/months';
import type { AuthContext } from '../auth/service';
import { feeAfterEdit, forgetFeeHistory } from '../fees/service';
import { lateFeeSelect, lateFeeValues } from '../fees/late-fee-columns';
import { lateFeeFieldsOf, lateFeeSettingsOf, type LateFeeSettings } from '@recaudo/domain/late-fees';
import { activityPaymentCount, groupPaymentCount } from '../payments/counts';
import { activityGroups, economicActivities } from './tables';

export interface ActivityGroupRow {
  id: number;
  name: string;
  count_activities: number;
  count_payments: number;
}

const groupColumns = {
  id: activityGroups.id,
  name: activityGroups.name,
  // Written out: in a single-table select Drizzle leaves columns unqualified, and "id" would be the activity's.
  count_activities: sql<number>`(select count(*)::int from economic_activities ea where ea.activity_group_id = "activity_groups"."id")`,
  count_payments: groupPaymentCount,
};

export function activityGroupSource(db: Executor, query: ListQuery): RowSource<ActivityGroupRow> {
  const where = query.search ? ilike(activityGroups.name, likePattern(query.search)) : undefined;
  const order = sortOrder(query.sorter, { id: activityGroups.id, name: activityGroups.name }, asc(activityGroups.name), activityGroups.id);
  return {
    async rows(limit, offset) {
      const base = db.select(groupColumns).from(activityGroups).where(where).orderBy(...order).offset(offset);
      return (limit === null ? await base : await base.limit(limit)).map((row) => ({ ...row, count_activities: Number(row.count_activities), count_payments: Number(row.count_payments) }));
    },
    async count() {
      return (await db.select({ total: count() }).from(activityGroups).where(where))[0]?.total ?? 0;
    },
  };
}

async function getGroup(executor: Executor, id: number) {
  const [group] = await executor.select().from(activityGroups).where(eq(activityGroups.id, id));
  if (!group) throw notFound(activityGroupMessages.notFound);
  return group;
}

async function assertGroupNameFree(executor: Executor, name: string, exceptId?: number) {
  const [clash] = await executor
    .select({ id: activityGroups.id })
    .from(activityGroups)
    .where(and(sql`lower(${activityGroups.name}) = lower(${name})`, exceptId ? ne(activityGroups.id, exceptId) : undefined));
  if (clash) throw fieldError('name', activityGroupMessages.duplicateName);
}

export async function createActivityGroup(db: Database, auth: AuthContext, input: ActivityGroupInput) {
  return db.transaction(async (tx) => {
    await assertGroupNameFree(tx, input.name);
    const [group] = await tx.insert(activityGroups).values({ name: input.name }).returning({ id: activityGroups.id });
    if (!group) throw new Error('activity group insert returned nothing');
    await recordAudit(tx, { module: 'activity_groups', event: 'created', causerId: auth.user.id, subjectId: group.id, attributes: input });
    return group.id;
  });
}

export async function updateActivityGroup(db: Database, auth: AuthContext, input: ActivityGroupInput & { id: number }) {
  await db.transaction(async (tx) => {
    const group = await getGroup(tx, input.id);
    await assertGroupNameFree(tx, input.name, group.id);
    const diff = changedFields({ name: group.name }, { name: input.name });
    if (!diff.changed) return;
    await tx.update(activityGroups).set({ name: input.name, updatedAt: new Date() }).where(eq(activityGroups.id, group.id));
    await recordAudit(tx, { module: 'activity_groups', event: 'updated', causerId: auth.user.id, subjectId: group.id, old: diff.old, attributes: diff.attributes });
  });
}

export async function deleteActivityGroup(db: Database, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const group = await getGroup(tx, id);
    const [held] = await tx.select({ total: count() }).from(economicActivities).where(eq(economicActivities.activityGroupId, id));
    if (held && held.total > 0) throw new AppError('validation', activityGroupMessages.hasActivities(held.total));
    await tx.delete(activityGroups).where(eq(activityGroups.id, id));
    await recordAudit(tx, { module: 'activity_groups', event: 'deleted', causerId: auth.user.id, subjectId: id, old: { name: group.name } });
  });
}

export const selectableActivityGroups = (db: Executor, search = '') =>
  db
    .select({ id: activityGroups.id, name: activityGroups.name })
    .from(activityGroups)
    .where(search ? ilike(activityGroups.name, likePattern(search)) : undefined)
    .orderBy(asc(activityGroups.name))
    .limit(MAX_PAGE_SIZE);

export interface EconomicActivityRow {
  id: number;
  name: string;
  code: string | null;
  fee: string;
  late_fee_percent: string | null;
  late_fee_grace_days: number;
  late_fee_cap_months: number | null;
  late_fee_cap_percent: string | null;
  activity_group_id: number;
  activity_group: { id: number; name: string };
  count_payments: number;
}

export function economicActivitySource(db: Executor, query: ListQuery): RowSource<EconomicActivityRow> {
  const groupIds = idList(query.filters.activity_group_id ?? query.filters.activity_group);
  const pattern = likePattern(query.search);
  const where = and(
    query.search ? or(ilike(economicActivities.name, pattern), ilike(economicActivities.code, pattern)) : undefined,
    groupIds.length ? inArray(economicActivities.activityGroupId, groupIds) : undefined,
  );
  const order = sortOrder(
    query.sorter,
    { id: economicActivities.id, name: economicActivities.name, code: economicActivities.code, fee: economicActivities.fee },
    asc(economicActivities.name),
    economicActivities.id,
  );
  return {
    async rows(limit, offset) {
      const base = db
        .select({
          id: economicActivities.id,
          name: economicActivities.name,
          code: economicActivities.code,
          fee: economicActivities.fee,
          ...lateFeeSelect(economicActivities),
          activity_group_id: economicActivities.activityGroupId,
          group_name: activityGroups.name,
          count_payments: activityPaymentCount,
        })
        .from(economicActivities)
        .innerJoin(activityGroups, eq(activityGroups.id, economicActivities.activityGroupId))
        .where(where)
        .orderBy(...order)
        .offset(offset);
      return (limit === null ? await base : await base.limit(limit)).map(({ group_name, ...row }) => ({
        ...row,
        activity_group: { id: row.activity_group_id, name: group_name },
        count_payments: Number(row.count_payments),
      }));
    },
    async count() {
      return (await db.select({ total: count() }).from(economicActivities).where(where))[0]?.total ?? 0;
    },
  };
}

async function getActivity(executor: Executor, id: number) {
  const [activity] = await executor.select().from(economicActivities).where(eq(economicActivities.id, id));
  if (!activity) throw notFound(economicActivityMessages.notFound);
  return activity;
}

async function assertActivityValid(executor: Executor, input: EconomicActivityInput, exceptId?: number) {
  const [group] = await executor.select({ id: activityGroups.id }).from(activityGroups).where(eq(activityGroups.id, input.activity_group_id));
  if (!group) throw fieldError('activity_group_id', economicActivityMessages.unknownGroup);
  const others = exceptId ? ne(economicActivities.id, exceptId) : undefined;
  const [sameName] = await executor
    .select({ id: economicActivities.id })
    .from(economicActivities)
    .where(and(sql`lower(${economicActivities.name}) = lower(${input.name})`, others));
  if (sameName) throw fieldError('name', economicActivityMessages.duplicateName);
  if (input.code) {
    const [sameCode] = await executor.select({ id: economicActivities.id }).from(economicActivities).where(and(eq(economicActivities.code, input.code), others));
    if (sameCode) throw fieldError('code', economicActivityMessages.duplicateCode);
  }
}

const activityValues = (input: EconomicActivityInput, lateFee: LateFeeSettings) => ({
  name: input.name,
  code: input.code,
  fee: input.fee,
  activity_group_id: input.activity_group_id,
  ...lateFeeFieldsOf(lateFee),
});

const storedLateFee = (activity: typeof economicActivities.$inferSelect): LateFeeSettings => ({
  percent: activity.lateFeePercent,
  grace_days: activity.lateFeeGraceDays,
  cap_months: activity.lateFeeCapMonths,
  cap_percent: activity.lateFeeCapPercent,
});

export async function createEconomicActivity(db: Database, auth: AuthContext, input: EconomicActivityInput) {
  return db.transaction(async (tx) => {
    await assertActivityValid(tx, input);
    const lateFee = lateFeeSettingsOf(input);
    const [activity] = await tx
      .insert(economicActivities)
      .values({ name: input.name, code: input.code, fee: input.fee, activityGroupId: input.activity_group_id, ...lateFeeValues(lateFee) })
      .returning({ id: economicActivities.id });
    if (!activity) throw new Error('economic activity insert returned nothing');
    await recordAudit(tx, { module: 'economic_activities', event: 'created', causerId: auth.user.id, subjectId: activity.id, attributes: activityValues(input, lateFee) });
    return activity.id;
  });
}

/** A new fee applies from `effective_month` (absent: next month); the months before keep the old one (issue 50). */
export async function updateEconomicActivity(db: Database, auth: AuthContext, input: EconomicActivityInput & { id: number; effective_month?: Month }) {
  await db.transaction(async (tx) => {
    const activity = await getActivity(tx, input.id);
    await assertActivityValid(tx, input, activity.id);
    const stored = storedLateFee(activity);
    const before = { name: activity.name, code: activity.code, fee: activity.fee, activity_group_id: activity.activityGroupId, ...lateFeeFieldsOf(stored) };
    const fee = await feeAfterEdit(tx, auth, { type: 'activity', id: activity.id, before: activity.fee, fee: input.fee, effectiveMonth: input.effective_month, now: new Date() });
    const lateFee = lateFeeSettingsOf(input, stored);
    const diff = changedFields(before, { ...activityValues(input, lateFee), fee: fee ?? activity.fee });
    if (!diff.changed) return;
    await tx
      .update(economicActivities)
      .set({ name: input.name, code: input.code, fee: fee ?? activity.fee, activityGroupId: input.activity_group_id, ...lateFeeValues(lateFee), updatedAt: new Date() })
      .where(eq(economicActivities.id, activity.id));
    await recordAudit(tx, { module: 'economic_activities', event: 'updated', causerId: auth.user.id, subjectId: activity.id, old: diff.old, attributes: diff.attributes });
  });
}

export async function deleteEconomicActivity(db: Database, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const activity = await getActivity(tx, id);
    await tx.delete(economicActivities).where(eq(economicActivities.id, id));
    await forgetFeeHistory(tx, 'activity', id);
    await recordAudit(tx, {
      module: 'economic_activities',
      event: 'deleted',
      causerId: auth.user.id,
      subjectId: id,
      old: { name: activity.name, code: activity.code, fee: activity.fee, activity_group_id: activity.activityGroupId },
    });
  });
}

export const selectableEconomicActivities = (db: Executor, search = '') =>
  db
    .select({ id: economicActivities.id, name: economicActivities.name, code: economicActivities.code, fee: economicActivities.fee, activity_group_id: economicActivities.activityGroupId })
    .from(economicActivities)
    .where(search ? or(ilike(economicActivities.name, likePattern(search)), ilike(economicActivities.code, likePattern(search))) : undefined)
    .orderBy(asc(economicActivities.name))
    .limit(MAX_PAGE_SIZE);
