import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  businessDaysBetween,
  RATE_CURRENCIES,
  STALE_BUSINESS_DAYS,
  datedRateOf,
  type CurrentRates,
  type DatedRate,
  type ExchangeRateRow,
  type RateCurrency,
  type RateInForce,
  type RateSource,
} from '@recaudo/domain/exchange-rates';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Executor } from '../../db/client';
import type { RowSource } from '../../platform/export';
import { preparedStatement } from '../../platform/prepared';
import { dayPair, likePattern, sortOrder, textList } from '../../platform/paging';
import { users } from '../users/tables';
import { exchangeRates } from './tables';

/** One currency's rate in force as a statement reads it (all null while none was ever stored). */
interface InForceValue {
  rate: string | null;
  value_date: string | null;
  source: RateSource | null;
  before_first: boolean;
}

/**
 * One row `rates` with the rate in force of each currency on `day`: the rate with the latest
 * value date on or before the day, the latest written first among rates of one value date; the
 * earliest stored rate, read only when there is none (a day before the first stored rate). Each
 * read is one probe of the index `exchange_rates_in_force`.
 */
function ratesInForceRow(day: SQL): SQL {
  const reads = RATE_CURRENCIES.map((currency) => {
    const prefix = currency.toLowerCase();
    const [inForce, earliest] = [sql.raw(`${prefix}_in_force`), sql.raw(`${prefix}_earliest`)];
    return {
      columns: sql`coalesce(${inForce}.rate, ${earliest}.rate)::text as ${sql.raw(`${prefix}_rate`)},
        coalesce(${inForce}.value_date, ${earliest}.value_date)::text as ${sql.raw(`${prefix}_value_date`)},
        coalesce(${inForce}.source, ${earliest}.source) as ${sql.raw(`${prefix}_source`)},
        ${inForce}.rate is null as ${sql.raw(`${prefix}_before_first`)}`,
      joins: sql`left join lateral (
          select rate, value_date, source from exchange_rates r where r.currency = ${currency} and r.value_date <= asked.day
          order by r.value_date desc, r.created_at desc, r.id desc limit 1
        ) ${inForce} on true
        left join lateral (
          select rate, value_date, source from exchange_rates r where r.currency = ${currency} and ${inForce}.rate is null
          order by r.value_date asc, r.created_at desc, r.id desc limit 1
        ) ${earliest} on true`,
    };
  });
  return sql`(select asked.day::text as day, ${sql.join(
    reads.map((read) => read.columns),
    sql`, `,
  )} from (select ${day} as day) asked ${sql.join(
    reads.map((read) => read.joins),
    sql` `,
  )}) as rates`;
}

const inForceColumns = (currency: RateCurrency) => {
  const prefix = currency.toLowerCase();
  return {
    rate: sql<string | null>`rates.${sql.raw(`${prefix}_rate`)}`,
    value_date: sql<string | null>`rates.${sql.raw(`${prefix}_value_date`)}`,
    source: sql<RateSource | null>`rates.${sql.raw(`${prefix}_source`)}`,
    before_first: sql<boolean>`rates.${sql.raw(`${prefix}_before_first`)}`,
  };
};

/**
 * The rates in force on `day` as a row to join and its columns to select: a statement that
 * already runs (a payment's read of its address) reads them with it, in its own transaction,
 * instead of a round trip more. `ratesOf` reads the answer.
 */
export const ratesInForceOf = (day: SQL) => ({
  row: ratesInForceRow(day),
  columns: { day: sql<string>`rates.day`, usd: inForceColumns('USD'), eur: inForceColumns('EUR') },
});

type InForceColumns = { day: string; usd: InForceValue; eur: InForceValue };

/** Both cases of an old rate answer `stale`: a day before the first stored rate, and a value date too far behind the day. */
export function ratesOf(row: InForceColumns): CurrentRates & { day: string } {
  const answer = ({ rate, value_date, source, before_first }: InForceValue): RateInForce | null =>
    rate === null || value_date === null || source === null
      ? null
      : { rate, value_date, source, stale: before_first || businessDaysBetween(value_date, row.day) > STALE_BUSINESS_DAYS };
  return { usd: answer(row.usd), eur: answer(row.eur), day: row.day };
}

/**
 * The rates in force on a date, or today in Caracas by the database's clock: one statement,
 * prepared once per database (every payment form and the client portal ask it).
 */
const ratesInForceOn = preparedStatement('rates_in_force', (db, name) => {
  const rates = ratesInForceOf(sql`coalesce(${sql.placeholder('date')}::date, (now() at time zone 'America/Caracas')::date)`);
  return db.select(rates.columns).from(rates.row).prepare(name);
});

/** The rate in force of each currency on `date` (today in Caracas by the database's clock when absent). */
export async function ratesInForce(db: Executor, date?: string): Promise<CurrentRates & { day: string }> {
  const [row] = await ratesInForceOn(db).execute({ date: date ?? null });
  return ratesOf(row!);
}

/** The rates in force on `date` as payments take them (to the cent), with their value dates and sources: what documents name. */
export async function datedRatesInForce(db: Executor, date?: string): Promise<{ usd: DatedRate; eur: DatedRate }> {
  const { usd, eur } = await ratesInForce(db, date);
  return { usd: datedRateOf(usd), eur: datedRateOf(eur) };
}

/** Whether any BCV value date is more than STALE_BUSINESS_DAYS business days old today (or none was ever read). */
export async function bcvStale(db: Executor): Promise<{ stale: boolean; lastValueDate: string | null; today: string }> {
  const result = (await db.execute(sql`
    select max(value_date)::text as last, (now() at time zone 'America/Caracas')::date::text as today
    from exchange_rates where source = 'bcv'`)) as unknown as { rows: { last: string | null; today: string }[] };
  const { last, today } = result.rows[0]!;
  return { stale: last === null || businessDaysBetween(last, today) > STALE_BUSINESS_DAYS, lastValueDate: last, today };
}

/** The latest rate of each currency with a value date before `valueDate`: what a new BCV rate is compared with. */
export async function previousRates(db: Executor, valueDate: string): Promise<Partial<Record<RateCurrency, string>>> {
  const rows = await db
    .selectDistinctOn([exchangeRates.currency], { currency: exchangeRates.currency, rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(sql`${exchangeRates.valueDate} < ${valueDate}::date`)
    .orderBy(exchangeRates.currency, desc(exchangeRates.valueDate), desc(exchangeRates.createdAt), desc(exchangeRates.id));
  return Object.fromEntries(rows.map((row) => [row.currency, row.rate]));
}

/**
 * Stores the BCV's rates of one value date; a currency and value date already stored (by this
 * process or another on the same PostgreSQL) stores nothing. Answers the currencies stored.
 */
export async function storeBcvRates(db: Executor, valueDate: string, rates: Record<RateCurrency, string>): Promise<RateCurrency[]> {
  const stored = await db
    .insert(exchangeRates)
    .values(RATE_CURRENCIES.map((currency) => ({ currency, rate: rates[currency], valueDate, source: 'bcv' })))
    .onConflictDoNothing({ target: [exchangeRates.currency, exchangeRates.valueDate], where: sql`source = 'bcv'` })
    .returning({ currency: exchangeRates.currency });
  return stored.map((row) => row.currency as RateCurrency);
}

/** A manual rate of today (Caracas, by the database's clock), with its reason and who typed it. */
export async function storeManualRate(tx: Executor, input: { currency: RateCurrency; rate: string; reason: string; userId: number }): Promise<number> {
  const [row] = await tx
    .insert(exchangeRates)
    .values({
      currency: input.currency,
      rate: input.rate,
      valueDate: sql`(now() at time zone 'America/Caracas')::date`,
      source: 'manual',
      reason: input.reason,
      userId: input.userId,
    })
    .returning({ id: exchangeRates.id });
  return row!.id;
}

const listColumns = {
  id: exchangeRates.id,
  currency: exchangeRates.currency,
  rate: exchangeRates.rate,
  value_date: exchangeRates.valueDate,
  source: exchangeRates.source,
  reason: exchangeRates.reason,
  user_id: users.id,
  user_name: users.name,
  created_at: exchangeRates.createdAt,
};

/**
 * `GET exchange-rates`: newest value date first; search in the reason and the user's name;
 * `filters[currency]`, `filters[source]` and `filters[dates][]` (a pair of value dates).
 */
export function exchangeRateSource(db: Executor, query: ListQuery): RowSource<ExchangeRateRow> {
  const currencies = textList(query.filters.currency).map((item) => item.toUpperCase());
  const sources = textList(query.filters.source).map((item) => item.toLowerCase());
  const dates = dayPair(query.filters.dates);
  const pattern = likePattern(query.search);
  const where = and(
    currencies.length ? inArray(exchangeRates.currency, currencies) : undefined,
    sources.length ? inArray(exchangeRates.source, sources) : undefined,
    dates ? and(gte(exchangeRates.valueDate, dates[0]), lte(exchangeRates.valueDate, dates[1])) : undefined,
    query.search ? or(ilike(exchangeRates.reason, pattern), ilike(users.name, pattern)) : undefined,
  );
  const order = sortOrder(query.sorter, { value_date: exchangeRates.valueDate, rate: exchangeRates.rate, created_at: exchangeRates.createdAt }, desc(exchangeRates.valueDate));
  return {
    async rows(limit, offset) {
      const base = db
        .select(listColumns)
        .from(exchangeRates)
        .leftJoin(users, eq(users.id, exchangeRates.userId))
        .where(where)
        .orderBy(...order, desc(exchangeRates.id))
        .offset(offset);
      const rows = limit === null ? await base : await base.limit(limit);
      return rows.map((row) => ({
        id: row.id,
        currency: row.currency as RateCurrency,
        rate: row.rate,
        value_date: row.value_date,
        source: row.source as RateSource,
        reason: row.reason,
        user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
        created_at: row.created_at.toISOString(),
      }));
    },
    async count() {
      const [row] = await db.select({ total: count() }).from(exchangeRates).leftJoin(users, eq(users.id, exchangeRates.userId)).where(where);
      return row?.total ?? 0;
    },
  };
}
