import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FeeRange } from '@recaudo/domain/fee-filter';
import type { Executor } from '../../db/client';
import { executeSql } from '../../platform/render';
import { economicActivities } from '../economic-activities/tables';
import { communities } from '../regional/tables';
import { addressesPayments } from './tables';

/**
 * `filters[fee]` on the effective fee (EFFECTIVE_FEE in ledger-sql.ts): the custom fee, else the
 * economic activity's (commercial), else the community's. That expression reads joined tables,
 * so no index can answer it; the communities and activities whose fee falls in the range are
 * read first (small tables) and the addresses are then chosen by their ids, one arm per source of
 * the fee, each answered by its index: the custom fees by the partial index of migration 0038,
 * the activities by `addresses_payments_activity_idx`, the communities by
 * `addresses_payments_community_idx`. The planner combines the arms (BitmapOr), or walks the
 * list's order index and checks them per row when the page is short.
 */

const AP = sql.raw('"addresses_payments"');

/** `column` within the range, compared as numeric. */
function inRange(column: PgColumn | SQL, { from, to }: FeeRange): SQL {
  return (
    and(from !== null ? sql`${column} >= ${from}::numeric` : undefined, to !== null ? sql`${column} <= ${to}::numeric` : undefined) ??
    sql`${column} is not null`
  );
}

/** The ids of a fee table's rows in the range, as PostgreSQL writes an int array's elements ("4,8,15"). */
async function idsInRange(db: Executor, table: typeof communities | typeof economicActivities, range: FeeRange): Promise<string> {
  const [row] = await executeSql<{ ids: string }>(
    db,
    sql`select coalesce(string_agg(${table.id}::text, ','), '') as ids from ${table} where ${inRange(table.fee, range)}`,
  );
  return row?.ids ?? '';
}

export async function feeCondition(db: Executor, range: FeeRange): Promise<SQL> {
  const [communityIds, activityIds] = await Promise.all([idsInRange(db, communities, range), idsInRange(db, economicActivities, range)]);
  const idList = (ids: string) => sql`${`{${ids}}`}::int[]`;
  // `is_custom_fee` written as a bare column so the partial index's predicate is seen to hold.
  const arms = [sql`(${AP}."is_custom_fee" and ${inRange(addressesPayments.fee, range)})`];
  if (activityIds) arms.push(sql`(not ${AP}."is_custom_fee" and ${AP}."type" = 1 and ${addressesPayments.economicActivityId} = any(${idList(activityIds)}))`);
  if (communityIds) arms.push(sql`(not ${AP}."is_custom_fee" and ${AP}."type" <> 1 and ${addressesPayments.communityId} = any(${idList(communityIds)}))`);
  return sql`(${sql.join(arms, sql` or `)})`;
}
