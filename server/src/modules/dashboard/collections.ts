import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { DashboardAdminQuery, DashboardCollections } from '@recaudo/domain/dashboard';
import { CURRENCIES, type Currency } from '@recaudo/domain/tenders';
import type { Executor } from '../../db/client';
import { executeSql } from '../../platform/render';
import { chartPeriod } from './service';

/**
 * `GET dashboard/collections` (issue 49): the approved payments registered in the chart's month
 * or year (Caracas days, like the cards), per currency they were paid in, and the IGTF collected.
 * A payment paid in lines counts its `payment_tenders`; one paid in one method counts as one line
 * of that method for what it brought (`amount_payment` plus change), as the closings do. It reads
 * the period's approved payments by `payments_status_idx`, so it is its own call: the rest of the
 * dashboard does not wait for it.
 */
interface CurrencyRow {
  currency: Currency;
  amount: string;
  amount_ves: string;
  change: string;
  igtf: string;
}

export async function collectionsDashboard(db: Executor, filters: DashboardAdminQuery['filters']): Promise<DashboardCollections> {
  const { start, span } = chartPeriod(filters);
  const rows = await executeSql<CurrencyRow>(
    db,
    sql`with s as (select ${start}::timestamp as start),
      paid as (
        select p.id, p.payment_method_id, p.amount_payment, p.change_amount_ves, p.exchange_rate, p.change_currency, p.change_amount, p.igtf_amount
        from payments p, s
        where p.status = 1 and p.created_at >= (s.start at time zone 'America/Caracas') and p.created_at < ((s.start + interval ${span}) at time zone 'America/Caracas')
      ), lines as (
        select t.currency, t.amount, t.amount_ves from paid join payment_tenders t on t.payment_id = paid.id
        union all
        select m.currency,
          case when m.currency = 'VES' then paid.amount_payment + paid.change_amount_ves else round((paid.amount_payment + paid.change_amount_ves) / paid.exchange_rate, 2) end,
          paid.amount_payment + paid.change_amount_ves
        from paid join payment_methods m on m.id = paid.payment_method_id
        where not exists (select 1 from payment_tenders t where t.payment_id = paid.id)
      ), by_currency as (
        select currency, sum(amount) as amount, sum(amount_ves) as amount_ves from lines group by 1
      ), changes as (
        select change_currency as currency, sum(change_amount) as change from paid where change_currency is not null group by 1
      )
      select k.currency, coalesce(b.amount, 0)::numeric(18, 2)::text as amount, coalesce(b.amount_ves, 0)::numeric(18, 2)::text as amount_ves,
        coalesce(c.change, 0)::numeric(18, 2)::text as change, (select coalesce(sum(igtf_amount), 0) from paid)::numeric(18, 2)::text as igtf
      from (select currency from by_currency union select currency from changes) k
      left join by_currency b on b.currency = k.currency
      left join changes c on c.currency = k.currency`,
  );
  const currencies = CURRENCIES.flatMap((currency) => {
    const row = rows.find((item) => item.currency === currency);
    return row ? [{ currency, amount: new Decimal(row.amount).toFixed(2), amount_ves: new Decimal(row.amount_ves).toFixed(2), change: new Decimal(row.change).toFixed(2) }] : [];
  });
  return { currencies, igtf: new Decimal(rows[0]?.igtf ?? 0).toFixed(2) };
}
