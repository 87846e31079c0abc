import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { currentMonth, type Month } from '@recaudo/domain/months';
import { AGING_BUCKETS, AGING_RANGES, type AgingCardBucket } from '@recaudo/domain/statement';
import type { Executor } from '../../db/client';
import { EFFECTIVE_FEE, FEE_SOURCE_JOINS, type LedgerColumns, monthNumber, monthsOwedSql, monthsToPaySql, owedUsdSql, REPRICED_ADDRESS_IDS } from '../addresses-payment/ledger-sql';
import { addressesPayments } from '../addresses-payment/tables';
import { addressSurcharges } from '../statements/queries';
import { preparedStatement } from '../../platform/prepared';

/**
 * The staff dashboard's aging card (issue 33): every owing address by the bucket of its months to
 * pay, with what it owes in $ and in BS at `dollarRate`. Each address's BS are rounded to the cent
 * before adding, as its statement and its list row round them (domain `debtTotal`), so the card is
 * exactly the sum over the addresses list filtered by each bucket. Read from `address_aging`
 * (migration 0038): the addresses counted per ledger summary and fee by signed rows the triggers
 * append (summed here; `compactAddressAging` folds them), a few thousand groups on the scale set
 * instead of its 154 428 owing addresses. The addresses covered
 * past this year (ruled out by the payable limit) are counted on the ledger, from their index.
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

const AGING = sql.raw('"address_aging"');
// No paid_through in a group: with a paid run reaching the current month the months to pay come to
// 0 or less (migration 0038), so the never-paid -1 lets the formula run and greatest() floors it.
const GROUP_LEDGER: LedgerColumns = {
  paidThrough: sql`-1`,
  settledTo: sql`${AGING}."settled_to"`,
  last: sql`${AGING}."last"`,
  lastYearMask: sql`${AGING}."last_year_mask"`,
};

const owingAddressAt = (now: number) => sql`${addressesPayments.type} in (0, 1) and ${addressesPayments.ledgerPaidThrough} < ${now}::int`;

/**
 * The card's buckets, prepared per connection and month with the dollar rate its one placeholder:
 * planned on every card, PostgreSQL spent 55–70 ms planning this query on the scale set, as long
 * as it then ran.
 */
const agingBuckets = preparedStatement('aging_card', (db, name, month) => {
  const current = month as Month;
  const now = monthNumber(current);
  const nextYear = (Math.floor(now / 12) + 1) * 12;
  const owed = sql`owing.months`;
  const fee = sql`coalesce(${EFFECTIVE_FEE}, 0)`;
  const owingAddress = owingAddressAt(now);
  const rate = sql`${sql.placeholder('rate')}::numeric`;
  return db
    .select({
      bucket: sql<string>`${bucketOf(owed)}`,
      addresses: sql<number>`sum(owing.addresses)::int`,
      owed_usd: sql<string>`coalesce(sum(owing.usd * owing.addresses), 0)::numeric(18, 2)::text`,
      owed_bs: sql<string>`coalesce(sum(round(owing.usd * ${rate}, 2) * owing.addresses), 0)::numeric(18, 2)::text`,
    })
    .from(
      sql`(
      select months, ${AGING}."fee" * months as usd, addresses from (
        select greatest(${monthsOwedSql(current, GROUP_LEDGER, sql`null`)}, 0) as months, ${AGING}."fee", sum(${AGING}."addresses") as addresses
        from ${AGING}
        where ${AGING}."last" < ${nextYear}::int
        group by ${AGING}."settled_to", ${AGING}."last", ${AGING}."last_year_mask", ${AGING}."fee"
        having sum(${AGING}."addresses") <> 0) as ${AGING}
      union all
      select ${monthsToPaySql(current)}, ${owedUsdSql(current)}, 1
      from ${addressesPayments}
      ${FEE_SOURCE_JOINS}
      where ${addressesPayments.ledgerLast} >= ${nextYear}::int and ${owingAddress}
      union all
      -- A group prices its addresses at their fee column; an address a tariff change reprices
      -- is taken out of its group's figure and counted at its own debt (issue 50).
      select months, usd, sign from (
        select ${monthsToPaySql(current)} as months, ${fee} * ${monthsToPaySql(current)} as fee_usd, ${owedUsdSql(current)} as owed_usd
        from ${addressesPayments}
        ${FEE_SOURCE_JOINS}
        where ${addressesPayments.id} in ${REPRICED_ADDRESS_IDS} and coalesce(${addressesPayments.ledgerLast}, -1) < ${nextYear}::int and ${owingAddress}
      ) as repriced cross join lateral (values (fee_usd, -1), (owed_usd, 1)) as moved (usd, sign)
    ) as owing`,
    )
    .where(sql`${owed} > 0`)
    .groupBy(sql`1`)
    .prepare(name);
});

export async function agingCard(db: Executor, dollarRate: string, current: Month = currentMonth()): Promise<AgingCardBucket[]> {
  const [rows, surcharges] = await Promise.all([agingBuckets(db, current).execute({ rate: dollarRate }), surchargesByBucket(db, owingAddressAt(monthNumber(current)))]);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return AGING_BUCKETS.map((bucket) => {
    const row = byBucket.get(bucket);
    return {
      bucket,
      addresses: Number(row?.addresses ?? 0),
      owed_usd: new Decimal(row?.owed_usd ?? 0).toFixed(2),
      owed_bs: new Decimal(row?.owed_bs ?? 0).toFixed(2),
      surcharge_usd: (surcharges.get(bucket) ?? new Decimal(0)).toFixed(2),
    };
  });
}

/**
 * The late-payment surcharge (issue 50) the owing addresses owe, by bucket: priced month by month
 * as each statement prices it (grace, caps, agreements), so only the addresses whose fee source
 * charges it are read. Each arm starts from the communities or activities that charge it and reads
 * their addresses by index: with the surcharge off everywhere it reads nothing, and with it on for
 * one community of two addresses the scale set answers in about a millisecond, where testing
 * every owing address's source read all 250 000 (80–100 ms a card).
 */
async function surchargesByBucket(db: Executor, owingAddress: SQL): Promise<Map<string, Decimal>> {
  const result = (await db.execute(sql`
    select ${addressesPayments.id} as id from "communities" join ${addressesPayments} on ${addressesPayments.communityId} = "communities"."id" and ${addressesPayments.type} = 0
      where "communities"."late_fee_percent" is not null and ${owingAddress}
    union all
    select ${addressesPayments.id} from "economic_activities" join ${addressesPayments} on ${addressesPayments.economicActivityId} = "economic_activities"."id" and ${addressesPayments.type} = 1
      where "economic_activities"."late_fee_percent" is not null and ${owingAddress}`)) as unknown as {
    rows: { id: number }[];
  };
  const byBucket = new Map<string, Decimal>();
  for (const { surcharge_usd, aging } of (await addressSurcharges(db, result.rows.map((row) => Number(row.id)))).values()) {
    if (aging) byBucket.set(aging, (byBucket.get(aging) ?? new Decimal(0)).plus(surcharge_usd));
  }
  return byBucket;
}

/** Folds the appended rows of `address_aging` into one per group (the server's loop, every minute). */
export async function compactAddressAging(db: Executor): Promise<void> {
  await db.execute(sql`select address_aging_compact()`);
}
