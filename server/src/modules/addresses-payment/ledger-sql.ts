import { sql, type SQL } from 'drizzle-orm';
import type { Month } from '@recaudo/domain/months';

/**
 * The month ledger in SQL, read from the ledger summary of `addresses_payments` (the `ledger_*`
 * columns, kept by the triggers of migration 0005 in the transaction of every change to the
 * ledger, to an address's start inputs or to a community's / parish's start date). Nothing here
 * reads `address_months` row by row, except for the rare rows paid ahead across a year end.
 *
 * Month numbers are year × 12 + month − 1. The summary never depends on "now": the current
 * month comes in as a parameter, so nothing goes stale when the month changes.
 *
 * - `ledger_start`: the start month (DESIGN §5, domain `startMonth`).
 * - `ledger_paid_through`: last month of the unbroken covered run from the start (start − 1
 *   when the start month is owed). Solvent ⇔ paid_through ≥ current and nothing pending.
 * - `ledger_settled_to`: start − 1 + covered months from the start on: where the run would end
 *   if every covered month were laid end to end. Owed months through `current` are
 *   current − settled_to + (covered months after `current`).
 * - `ledger_last`: latest covered month; `ledger_last_year_mask`: bit m − 1 set when month m of
 *   that year is covered, so the covered months after `current` are counted without a query
 *   (paying ahead reaches December of the current year at most, so they lie in that year).
 * - `ledger_pending`: a covered month waits on a payment Procesando.
 */

const AP = sql.raw('"addresses_payments"');

/** A month as the ledger summary numbers it: year × 12 + month − 1. */
export const monthNumber = (month: Month) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** The start month of each row as 'YYYY-MM'. */
export const START_MONTH = sql<string>`(lpad((${AP}."ledger_start" / 12)::text, 4, '0') || '-' || lpad((${AP}."ledger_start" % 12 + 1)::text, 2, '0'))`;

export const PENDING = sql<boolean>`${AP}."ledger_pending"`;

/** Rows covered past `current`: the ones whose months to pay need the months after it. */
const coveredAfter = (now: number) => sql`(${AP}."ledger_last" > ${now}::int)`;

/** The ledger summary columns months to pay is computed from (an address row, or an aging group). */
export interface LedgerColumns {
  paidThrough: SQL;
  settledTo: SQL;
  last: SQL;
  lastYearMask: SQL;
}

const ADDRESS_LEDGER: LedgerColumns = {
  paidThrough: sql`${AP}."ledger_paid_through"`,
  settledTo: sql`${AP}."ledger_settled_to"`,
  last: sql`${AP}."ledger_last"`,
  lastYearMask: sql`${AP}."ledger_last_year_mask"`,
};

/**
 * months_to_pay at `current` from summary columns, for rows covered through this year at most:
 * 0 when the paid run reaches `current` (or the start is ahead); current − settled_to when
 * nothing is covered after `current`; else plus the months covered after it, from the mask.
 * `acrossYearEnd` answers the rows covered past this year (which the payable limit rules out).
 */
export function monthsOwedSql(current: Month, ledger: LedgerColumns, acrossYearEnd: SQL): SQL<number> {
  const now = monthNumber(current);
  return sql<number>`(case
    when ${ledger.paidThrough} >= ${now}::int then 0
    when not coalesce(${ledger.last} > ${now}::int, false) then ${now}::int - ${ledger.settledTo}
    when ${ledger.last} / 12 = ${Math.floor(now / 12)}::int
      then ${now}::int - ${ledger.settledTo} + bit_count((${ledger.lastYearMask} >> ${(now % 12) + 1}::int)::bit(12))::int
    else ${acrossYearEnd} end)`;
}

/**
 * months_to_pay of each address at `current`: the months from the start month through `current`
 * that nothing covers; past a year end (ruled out by the payable limit) counted on the ledger.
 */
export const monthsToPaySql = (current: Month) =>
  monthsOwedSql(
    current,
    ADDRESS_LEDGER,
    sql`${monthNumber(current)}::int - ${AP}."ledger_settled_to"
      + (select count(*)::int from address_months am where am.address_payment_id = ${AP}."id" and am.month > ${current}::text)`,
  );

/**
 * `months_to_pay` in a list of exact counts, written so the planner can combine the summary
 * indexes (settled_to, last) instead of evaluating the expression on every row: 0 is the paid
 * run reaching `current`; a positive k is settled_to = current − k for rows with nothing
 * covered after `current`; rows covered 1–11 months past it (this year) have settled_to within
 * [current − k + 1, current − k + 11]; rows covered past this year (ruled out by the payable
 * limit) are checked with the full expression.
 */
export function monthsToPayIn(current: Month, counts: number[]): SQL {
  const now = monthNumber(current);
  const nextYear = (Math.floor(now / 12) + 1) * 12;
  const owing = counts.filter((count) => count > 0);
  const list = (values: number[]) => sql.join(values.map((value) => sql`${value}::int`), sql`, `);
  const parts: SQL[] = [];
  if (counts.includes(0)) parts.push(sql`${AP}."ledger_paid_through" >= ${now}::int`);
  if (owing.length) {
    const exact = sql`${monthsToPaySql(current)} in (${list(owing)})`;
    parts.push(
      sql`(${AP}."ledger_paid_through" < ${now}::int and not coalesce(${coveredAfter(now)}, false)
        and ${AP}."ledger_settled_to" in (${list(owing.map((count) => now - count))}))`,
      sql`(${AP}."ledger_paid_through" < ${now}::int and ${coveredAfter(now)} and ${AP}."ledger_last" < ${nextYear}::int
        and ${AP}."ledger_settled_to" between ${now - Math.max(...owing) + 1}::int and ${now - Math.min(...owing) + 11}::int and ${exact})`,
      sql`(${AP}."ledger_last" >= ${nextYear}::int and ${exact})`,
    );
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * `months_to_pay` between `from` and `to` (both included; no `to`: no upper end), `from` ≥ 1:
 * the aging filter. Written like `monthsToPayIn`, as ranges of settled_to the settled index
 * answers; `type in (0, 1)` lets that index (led by type) be read without a type filter.
 */
export function monthsToPayBetween(current: Month, from: number, to: number | null): SQL {
  const now = monthNumber(current);
  const nextYear = (Math.floor(now / 12) + 1) * 12;
  const owed = monthsToPaySql(current);
  const exact = to === null ? sql`${owed} >= ${from}::int` : sql`${owed} between ${from}::int and ${to}::int`;
  const settled = to === null ? sql`${AP}."ledger_settled_to" <= ${now - from}::int` : sql`${AP}."ledger_settled_to" between ${now - to}::int and ${now - from}::int`;
  const settledAhead = to === null ? sql`${AP}."ledger_settled_to" <= ${now - from + 11}::int` : sql`${AP}."ledger_settled_to" between ${now - to + 1}::int and ${now - from + 11}::int`;
  return sql`(${AP}."type" in (0, 1) and ${AP}."ledger_paid_through" < ${now}::int and (
    (not coalesce(${coveredAfter(now)}, false) and ${settled})
    or (${coveredAfter(now)} and ${AP}."ledger_last" < ${nextYear}::int and ${settledAhead} and ${exact})
    or (${AP}."ledger_last" >= ${nextYear}::int and ${exact})))`;
}

/**
 * One page of ids ordered by months_to_pay at `current` (then id), without computing it for
 * every row: rows owing with nothing covered after `current` come in settled_to order from its
 * index (owed = current − settled_to); the few owing rows covered past `current` are computed
 * and sorted; solvent-to-date rows (owed 0) come in id order. Each part stops at offset + limit
 * rows and the page is cut from their union.
 */
export function monthsToPayPage(current: Month, where: SQL | undefined, descending: boolean, limit: number, offset: number): SQL {
  const now = monthNumber(current);
  const take = limit + offset;
  const filtered = where ? sql`${where} and ` : sql``;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const settledOrder = sql.raw(descending ? 'asc' : 'desc');
  return sql`select id from (
    (select ${AP}."id", ${now}::int - ${AP}."ledger_settled_to" as owed from ${AP}
      where ${filtered}${AP}."ledger_paid_through" < ${now}::int and not coalesce(${coveredAfter(now)}, false)
      order by ${AP}."ledger_settled_to" ${settledOrder}, ${AP}."id" limit ${take})
    union all
    (select ${AP}."id", ${monthsToPaySql(current)} as owed from ${AP}
      where ${filtered}${AP}."ledger_paid_through" < ${now}::int and ${coveredAfter(now)}
      order by owed ${direction}, ${AP}."id" limit ${take})
    union all
    (select ${AP}."id", 0 as owed from ${AP}
      where ${filtered}${AP}."ledger_paid_through" >= ${now}::int
      order by ${AP}."id" limit ${take})
  ) as page order by owed ${direction}, id limit ${limit} offset ${offset}`;
}

/**
 * THE solvency rule (DESIGN §5), the one place it is written: solvent when the unbroken covered
 * run from the start month reaches `current` (nothing owed through it) and no covered month waits
 * on a payment Procesando. Written over any pair of columns holding paid_through and pending, so
 * the address lists, their totals' groups (`address_totals`), the regional counters, the address
 * rows, `solvencies/store` and the certificate all decide with it.
 */
export const solvencyRule = (paidThrough: SQL, pending: SQL, current: Month) => ({
  solvent: sql<boolean>`(${paidThrough} >= ${monthNumber(current)}::int and not ${pending})`,
  notSolvent: sql<boolean>`(${paidThrough} < ${monthNumber(current)}::int or ${pending})`,
});

const addressRule = (current: Month) => solvencyRule(sql`${AP}."ledger_paid_through"`, PENDING, current);

/** Solvent (DESIGN §5): nothing owed through `current` and no covered month pending. */
export const solventSql = (current: Month) => addressRule(current).solvent;
export const notSolventSql = (current: Month) => addressRule(current).notSolvent;

/**
 * solvent_to_date as 'YYYY-MM': the last month of the paid run from the start month; null when
 * the start month is owed. An address whose start lies ahead owes nothing yet: solvent to the
 * month before its start; so is one with an opening balance, which covers the month before it.
 */
export const solventToDateSql = (current: Month) => sql<string | null>`(case
  when ${AP}."ledger_paid_through" >= ${AP}."ledger_start" or ${AP}."ledger_paid_through" >= ${monthNumber(current)}::int
    or ${AP}."opening_paid_through" is not null then
    lpad((${AP}."ledger_paid_through" / 12)::text, 4, '0') || '-' || lpad((${AP}."ledger_paid_through" % 12 + 1)::text, 2, '0') end)`;

/** The monthly fee in dollars: the custom one, else the activity's (commercial) or the community's (residential). */
export const EFFECTIVE_FEE = sql<string | null>`(case
  when "addresses_payments"."is_custom_fee" then "addresses_payments"."fee"
  when "addresses_payments"."type" = 1 then "economic_activities"."fee"
  else "communities"."fee" end)`;

/** The joins EFFECTIVE_FEE reads its sources through, after `from addresses_payments`. */
export const FEE_SOURCE_JOINS = sql`left join "communities" on "communities"."id" = ${AP}."community_id"
  left join "economic_activities" on "economic_activities"."id" = ${AP}."economic_activity_id"`;

/** A `fee_tariffs` row (under `alias`) of the address's own fee (owner type 2, issue 50). */
const ownTariff = (alias: string) => sql`${sql.identifier(alias)}."owner_type" = 2 and ${sql.identifier(alias)}."owner_id" = ${AP}."id"`;

/** A `fee_tariffs` row (under `alias`) of the tariff the address follows without an own fee: its activity's (commercial) or its community's. */
const inheritedTariff = (alias: string) => sql`${sql.identifier(alias)}."owner_type" = (case when ${AP}."type" = 1 then 1 else 0 end)
  and ${sql.identifier(alias)}."owner_id" = (case when ${AP}."type" = 1 then ${AP}."economic_activity_id" else ${AP}."community_id" end)`;

/** The fee of the community or activity the address follows without an own fee (its column: the newest tariff). Needs FEE_SOURCE_JOINS. */
export const INHERITED_FEE = sql<string | null>`(case when ${AP}."type" = 1 then "economic_activities"."fee" else "communities"."fee" end)`;

/**
 * Whether month number `month` (SQL) of the address follows its community's or activity's tariff:
 * what the first own change after it says of the months before it, else the own-fee switch (the
 * newest state). Its own changes are looked up only for an address that has some.
 */
export const followsInheritedSql = (
  month: SQL,
) => sql<boolean>`(case when ${AP}."own_fee_history" then coalesce((select "own"."previous_inherited" from "fee_tariffs" "own"
    where ${ownTariff('own')} and "own"."effective_month" > ${month} order by "own"."effective_month" limit 1), not ${AP}."is_custom_fee")
  else not ${AP}."is_custom_fee" end)`;

/**
 * The join of an address to the fee changes that price its months (issue 50, fees/tables.ts): its
 * own fee's (owner type 2) when it has any, and its activity's (1, commercial) or community's (0)
 * unless its own fee is on and never switched.
 */
export const TARIFFS_OF_ADDRESS = sql`((${AP}."own_fee_history" and ${ownTariff('fee_tariffs')})
  or (${inheritedTariff('fee_tariffs')} and (not ${AP}."is_custom_fee" or ${AP}."own_fee_history")))`;

/** The community's or activity's fee in force at month number `month` (SQL): the first change after it says, else its column. Needs FEE_SOURCE_JOINS. */
const inheritedFeeAt = (month: SQL) => sql`(select "at"."fee" from (
    select "inherited"."previous_fee" as "fee", "inherited"."effective_month" as "month" from "fee_tariffs" "inherited"
      where ${inheritedTariff('inherited')} and "inherited"."effective_month" > ${month}
    union all select ${INHERITED_FEE}, null) "at" order by "at"."month" nulls last limit 1)`;

/** A month number (SQL) as 'YYYY-MM'. */
const monthText = (number: SQL) => sql`(lpad((${number} / 12)::text, 4, '0') || '-' || lpad((${number} % 12 + 1)::text, 2, '0'))`;

/**
 * The address's months owed from its start through month number `through` (an SQL expression):
 * months_to_pay's formula with `through` for the current month, so any month of a tariff change
 * is counted from the summary; only rows covered in a later year than `through` count their
 * ledger rows after it.
 */
const owedThroughSql = (through: SQL) => sql`(case
  when ${AP}."ledger_paid_through" >= ${through} then 0
  when not coalesce(${AP}."ledger_last" > ${through}, false) then ${through} - ${AP}."ledger_settled_to"
  when ${AP}."ledger_last" / 12 = ${through} / 12
    then ${through} - ${AP}."ledger_settled_to" + bit_count((${AP}."ledger_last_year_mask" >> (${through} % 12 + 1))::bit(12))::int
  else ${through} - ${AP}."ledger_settled_to"
    + (select count(*)::int from address_months am where am.address_payment_id = ${AP}."id" and am.month > ${monthText(through)}) end)`;

/** Σ (price before − price from) × owed months before it, over `changes` (month, previous_fee, fee). */
const correctionOver = (current: Month, changes: SQL) => sql`(select coalesce(sum(
    (coalesce("change"."previous_fee", 0) - coalesce("change"."fee", 0)) * ${owedThroughSql(sql`least("change"."month" - 1, ${monthNumber(current)}::int)`)}), 0)
  from (${changes}) "change")`;

/** The community's or activity's changes after the paid run (only those can touch an owed month). */
const inheritedChanges = (
  alsoWhere: SQL,
) => sql`select "fee_tariffs"."effective_month" as "month", "fee_tariffs"."previous_fee", "fee_tariffs"."fee" from "fee_tariffs"
  where ${inheritedTariff('fee_tariffs')} and "fee_tariffs"."effective_month" > ${AP}."ledger_paid_through" + 1${alsoWhere}`;

/**
 * What tariff changes add to fee × months_to_pay at `current` (issue 50): the fee is the newest
 * tariff, so each month where the address's price changes adds (price before − price from it)
 * for every owed month before it. Without own changes those months are the community's or
 * activity's changes (none for an own fee). With own changes they are those (a side turned off
 * priced at the community's or activity's fee then) and the community's or activity's changes in
 * months that follow them, not at an own change. An address whose fees never changed, or whose
 * debt starts after the last change, reads one index probe (none with an own fee) and adds 0.
 */
export const tariffCorrectionSql = (current: Month) => sql<string>`(case
  when ${AP}."own_fee_history" then ${correctionOver(
    current,
    sql`${inheritedChanges(sql` and coalesce((select "own"."effective_month" > "fee_tariffs"."effective_month" and "own"."previous_inherited" from "fee_tariffs" "own"
          where ${ownTariff('own')} and "own"."effective_month" >= "fee_tariffs"."effective_month" order by "own"."effective_month" limit 1), not ${AP}."is_custom_fee")`)}
    union all
    select "mine"."effective_month",
        case when "mine"."previous_inherited" then ${inheritedFeeAt(sql`"mine"."effective_month" - 1`)} else "mine"."previous_fee" end,
        case when "mine"."inherited" then ${inheritedFeeAt(sql`"mine"."effective_month"`)} else "mine"."fee" end
      from "fee_tariffs" "mine" where ${ownTariff('mine')} and "mine"."effective_month" > ${AP}."ledger_paid_through" + 1`,
  )}
  when ${AP}."is_custom_fee" then 0
  else ${correctionOver(current, inheritedChanges(sql``))} end)`;

/**
 * The ids of the addresses a tariff change prices differently from their fee column at some owed
 * month, read from the changes (usually none) through the addresses' community, activity and
 * primary key indexes, so an installation without changes reads nothing. An address whose own fee
 * was turned on from a month has that own change after its paid run whenever its inherited months
 * are owed.
 */
export const REPRICED_ADDRESS_IDS = sql`(select distinct ap.id from "fee_tariffs" t join ${AP} ap on (
    (t.owner_type = 2 and ap.id = t.owner_id)
    or (t.owner_type = 1 and ap.economic_activity_id = t.owner_id and ap.type = 1 and not ap.is_custom_fee)
    or (t.owner_type = 0 and ap.community_id = t.owner_id and ap.type = 0 and not ap.is_custom_fee))
  where t.effective_month > ap.ledger_paid_through + 1)`;

/** The address's debt in $ at `current`: each owed month at the tariff in force for it. Needs FEE_SOURCE_JOINS. */
export const owedUsdSql = (current: Month) => sql<string>`(coalesce(${EFFECTIVE_FEE}, 0) * ${monthsToPaySql(current)} + ${tariffCorrectionSql(current)})`;
