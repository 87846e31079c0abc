import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { currentMonth, type Month } from '@recaudo/domain/months';
import { AGING_BUCKETS, AGING_RANGES, type AgingCardBucket } from '@recaudo/domain/statement';
import type { Executor } from '../../db/client';
import { EFFECTIVE_FEE, monthNumber, monthsToPaySql } from '../addresses-payment/ledger-sql';
import { addressesPayments } from '../addresses-payment/tables';
import { economicActivities } from '../economic-activities/tables';
import { communities } from '../regional/tables';

/**
 * The staff dashboard's aging card (issue 33): every owing address by the bucket of its months to
 * pay, with what it owes in $ and in BS at `dollarRate`. Each address's BS are rounded to the cent
 * before adding, as its statement and its list row round them (domain `debtTotal`), so the card is
 * exactly the sum over the addresses list filtered by each bucket. Only owing rows are read
 * (paid_through before the current month, through the last index). On the scale set (154 428
 * owing of 250 036) this reads every owing row: 190 ms on the shared bench machine, over the
 * issue's 100 ms (docs/decisions.md).
 */

const bucketOf = (owed: ReturnType<typeof sql>) =>
  sql.join(
    [
      sql`case`,
      ...AGING_BUCKETS.map((bucket) => {
        const { to } = AGING_RANGES[bucket];
        return to === null ? sql`else ${bucket}` : sql`when ${owed} <= ${to}::int then ${bucket}`;
      }),
      sql`end`,
    ],
    sql` `,
  );

export async function agingCard(db: Executor, dollarRate: string, current: Month = currentMonth()): Promise<AgingCardBucket[]> {
  const owed = sql`owing.months`;
  // Grouped by months and fee first (a few thousand groups on the scale set, hashed): each group's
  // BS are rounded once and multiplied by its addresses, which is the sum of each address's own.
  const result = (await db.execute(sql`
    select ${bucketOf(owed)} as bucket, sum(owing.addresses)::int as addresses,
      coalesce(sum(owing.fee * ${owed} * owing.addresses), 0)::numeric(18, 2)::text as owed_usd,
      coalesce(sum(round(owing.fee * ${owed} * ${dollarRate}::numeric, 2) * owing.addresses), 0)::numeric(18, 2)::text as owed_bs
    from (
      select ${monthsToPaySql(current)} as months, coalesce(${EFFECTIVE_FEE}, 0) as fee, count(*) as addresses
      from ${addressesPayments}
      left join ${communities} on ${communities.id} = ${addressesPayments.communityId}
      left join ${economicActivities} on ${economicActivities.id} = ${addressesPayments.economicActivityId}
      where ${addressesPayments.type} in (0, 1) and ${addressesPayments.ledgerPaidThrough} < ${monthNumber(current)}::int
      group by 1, 2
    ) as owing
    where ${owed} > 0
    group by 1`)) as unknown as { rows: { bucket: string; addresses: number; owed_usd: string; owed_bs: string }[] };
  const byBucket = new Map(result.rows.map((row) => [row.bucket, row]));
  return AGING_BUCKETS.map((bucket) => {
    const row = byBucket.get(bucket);
    return {
      bucket,
      addresses: Number(row?.addresses ?? 0),
      owed_usd: new Decimal(row?.owed_usd ?? 0).toFixed(2),
      owed_bs: new Decimal(row?.owed_bs ?? 0).toFixed(2),
    };
  });
}
