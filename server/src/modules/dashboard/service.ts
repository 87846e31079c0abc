import Decimal from 'decimal.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DOLLAR_RATE, EURO_RATE } from '@recaudo/domain/configurations';
import { percentageChange, type DashboardAdmin, type DashboardAging, type DashboardAdminQuery, type DashboardClient, type PaymentAggregate, type PeriodCard, type SeriesPoint } from '@recaudo/domain/dashboard';
import type { PaymentStatus } from '@recaudo/domain/payments';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { clientDebts } from '@recaudo/domain/statement';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { AuthContext } from '../auth/service';
import { scheduledBackupWarning } from '../backups/runs';
import { clients } from '../clients/tables';
import { exchangeRates } from '../configurations/service';
import { datedRatesInForce } from '../exchange-rates/service';
import { rangeWarning } from '../invoices/ranges';
import { loadPayments, paymentScope } from '../payments/queries';
import { payments } from '../payments/tables';
import { statementOf } from '../statements/queries';
import { agingCard } from './aging';

/**
 * The dashboards (spec 03). The administrator's cards and chart read `payment_days` (approved
 * payments by the Caracas day of created_at, one row a day), with "today" taken from the
 * database's clock in Caracas; the to-process table is the caller's Procesando payments within
 * their data and series scope, newest first.
 */

/** How many Procesando payments the dashboard table shows (Ver todo opens /payments). */
export const TO_PROCESS_LIMIT = 10;

type Raw = Record<string, string | number | null>;
const rowsOf = async (db: Executor, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Raw[] }).rows;

const aggregate = (row: Raw, prefix: string): PaymentAggregate => ({
  count_payments: Number(row[`${prefix}_count`] ?? 0),
  amount_payment: new Decimal(row[`${prefix}_bs`] ?? 0).toFixed(2),
  dollar_amount_payment: new Decimal(row[`${prefix}_usd`] ?? 0).toFixed(2),
});

const card = (row: Raw, current: string, previous: string): PeriodCard => {
  const now = aggregate(row, current);
  const before = aggregate(row, previous);
  return { current: now, previous: before, percentage: percentageChange(now.count_payments, before.count_payments) };
};

/** The three cards: today / yesterday, this month / the previous one, this year / the previous one (whole periods). */
async function periodCards(db: Executor): Promise<DashboardAdmin['payments']> {
  const period = (name: string, from: ReturnType<typeof sql>, to: ReturnType<typeof sql>) => {
    const where = sql`d.day >= ${from} and d.day < ${to}`;
    return sql`coalesce(sum(d.payments) filter (where ${where}), 0)::int as ${sql.raw(`${name}_count`)},
      coalesce(sum(d.amount_payment) filter (where ${where}), 0)::numeric(18, 2)::text as ${sql.raw(`${name}_bs`)},
      coalesce(sum(d.dollar_amount_payment) filter (where ${where}), 0)::numeric(18, 2)::text as ${sql.raw(`${name}_usd`)}`;
  };
  const today = sql`t.today`;
  const month = sql`date_trunc('month', t.today)::date`;
  const year = sql`date_trunc('year', t.today)::date`;
  const [row] = await rowsOf(
    db,
    sql`with t as (select (now() at time zone 'America/Caracas')::date as today)
      select ${period('day', today, sql`${today} + 1`)}, ${period('prev_day', sql`${today} - 1`, today)},
        ${period('month', month, sql`(${month} + interval '1 month')::date`)}, ${period('prev_month', sql`(${month} - interval '1 month')::date`, month)},
        ${period('year', year, sql`(${year} + interval '1 year')::date`)}, ${period('prev_year', sql`(${year} - interval '1 year')::date`, year)}
      from t join payment_days d on d.day >= (date_trunc('year', t.today) - interval '1 year')::date and d.day < (date_trunc('year', t.today) + interval '1 year')::date`,
  );
  const values = row ?? {};
  return { day: card(values, 'day', 'prev_day'), month: card(values, 'month', 'prev_month'), year: card(values, 'year', 'prev_year') };
}

/** The chart's period (Mes or Año) as SQL: its first day and its length; without a date, the current one in Caracas. */
export function chartPeriod(filters: DashboardAdminQuery['filters']) {
  const value = filters.dates ?? filters.date;
  const yearly = filters.option === 1;
  const start = value
    ? yearly
      ? sql`make_date(${Number(value)}::int, 1, 1)`
      : sql`make_date(${Number(value.slice(3, 7))}::int, ${Number(value.slice(0, 2))}::int, 1)`
    : sql`date_trunc(${yearly ? 'year' : 'month'}, (now() at time zone 'America/Caracas'))::date`;
  return { yearly, start, span: sql.raw(yearly ? `'1 year'` : `'1 month'`) };
}

/** The chart: each day of the month (Mes) or each month of the year (Año), zeros included. Without a date, the current one. */
async function series(db: Executor, filters: DashboardAdminQuery['filters']): Promise<SeriesPoint[]> {
  const { yearly, start, span } = chartPeriod(filters);
  const step = sql.raw(yearly ? `'1 month'` : `'1 day'`);
  const bucket = yearly ? sql`date_trunc('month', d.day)::date` : sql`d.day`;
  const rows = await rowsOf(
    db,
    sql`with s as (select ${start} as start),
        points as (select generate_series(s.start, (s.start + interval ${span} - interval ${step})::date, interval ${step})::date as point from s),
        totals as (select ${bucket} as point, sum(d.payments) as n, sum(d.amount_payment) as bs, sum(d.dollar_amount_payment) as usd
                   from payment_days d, s where d.day >= s.start and d.day < (s.start + interval ${span})::date group by 1)
      select to_char(p.point, ${yearly ? 'YYYY-MM' : 'YYYY-MM-DD'}) as date, coalesce(t.n, 0)::int as n,
             coalesce(t.bs, 0)::numeric(18, 2)::text as bs, coalesce(t.usd, 0)::numeric(18, 2)::text as usd
      from points p left join totals t on t.point = p.point order by p.point`,
  );
  return rows.map((row) => ({
    date: String(row.date),
    count_payments: Number(row.n),
    amount_payment: new Decimal(row.bs ?? 0).toFixed(2),
    dollar_amount_payment: new Decimal(row.usd ?? 0).toFixed(2),
  }));
}

async function toProcess(db: Executor, auth: AuthContext) {
  const ids = (
    await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.status, 0), paymentScope(auth)))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(TO_PROCESS_LIMIT)
  ).map((row) => row.id);
  const rows = await loadPayments(db, ids);
  return ids.map((id) => rows.find((row) => row.id === id)).filter((row) => row !== undefined);
}

/** `GET dashboard/admin` (staff only); `rangeThreshold` is INVOICE_RANGE_WARNING. */
export async function adminDashboard(db: Executor, auth: AuthContext, query: DashboardAdminQuery, rangeThreshold: number): Promise<DashboardAdmin> {
  const ratesRead = exchangeRates(db);
  const administrator = auth.user.roleId === ADMIN_ROLE_ID;
  const [cards, points, pending, rates, printerWarning, backupWarning] = await Promise.all([
    periodCards(db),
    series(db, query.filters),
    toProcess(db, auth),
    ratesRead,
    administrator ? rangeWarning(db, rangeThreshold) : null,
    administrator ? scheduledBackupWarning(db) : null,
  ]);
  return {
    payments: cards,
    date_payment: points,
    payments_to_proccess: pending,
    data_general: {
      configuration: [
        { name: DOLLAR_RATE, value: rates.dollar_rate },
        { name: EURO_RATE, value: rates.euro_rate },
      ],
    },
    printer_warning: printerWarning,
    backup_warning: backupWarning,
  };
}

/**
 * `GET dashboard/aging`: the aging card on its own call. It reads every owing address (about
 * 450 ms on the scale set); inside `dashboard/admin` it held the whole dashboard, 45 ms without
 * it, for that long (docs/decisions.md).
 */
export async function agingDashboard(db: Executor): Promise<DashboardAging> {
  const rates = await exchangeRates(db);
  return { aging: await agingCard(db, rates.dollar_rate) };
}

/** `GET dashboard/client` (client users): their client, their latest payment, the rates, and what they owe per address. */
export async function clientDashboard(db: Executor, auth: AuthContext): Promise<DashboardClient> {
  const clientId = auth.user.clientId;
  if (clientId === null) throw notFound();
  // Four independent reads at once; the statement answers not found for a client that is gone.
  const [[client], [latest], { usd, eur }, statement] = await Promise.all([
    db.select().from(clients).where(eq(clients.id, clientId)),
    db
      .select({
        id: payments.id,
        status: payments.status,
        date_payment: payments.datePayment,
        amount_payment: payments.amountPayment,
        created_at: payments.createdAt,
        number_correlative: payments.numberCorrelative,
      })
      .from(payments)
      .where(eq(payments.clientId, clientId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1),
    datedRatesInForce(db),
    statementOf(db, auth, { clientId }),
  ]);
  if (!client) throw notFound();
  return {
    client: {
      id: client.id,
      type: client.type,
      name: client.name,
      identification_type: client.identificationType,
      identification: client.identification,
      email: client.email,
      phone: client.phone,
      gender: client.gender,
      birth_date: client.birthDate,
      created_at: client.createdAt.toISOString(),
      reminders_opt_out: client.remindersOptOut,
    },
    latest_payment: latest
      ? { ...latest, status: latest.status as PaymentStatus, amount_payment: new Decimal(latest.amount_payment).toFixed(2), created_at: latest.created_at.toISOString() }
      : null,
    dollar_rate: usd.rate,
    euro_rate: eur.rate,
    dollar_rate_value_date: usd.value_date,
    dollar_rate_source: usd.source,
    euro_rate_value_date: eur.value_date,
    euro_rate_source: eur.source,
    debts: clientDebts(statement),
  };
}
