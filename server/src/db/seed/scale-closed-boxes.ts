import { sql } from 'drizzle-orm';
import type { Database } from '../client';

/**
 * The scale set's closings: `closings` closed shifts over the year before the newest payment, by
 * the users who registered payments, holding every payment but the newest `unclosedShare` (which
 * the 'Pagos' modal lists). The totals and figures triggers are bypassed for the bulk move and the
 * sums and figures are computed once from the payments afterwards, as the triggers would have
 * left them.
 */
export async function seedScaleClosedBoxes(db: Database, options: { closings: number; unclosedShare?: number }): Promise<{ closings: number; closed: number }> {
  const share = options.unclosedShare ?? 0.02;
  await db.execute(sql`
    insert into closed_boxes (date, user_id, type, serie_id, checkbook_number, exchange_rate, created_by, created_at, verify_payments)
    select (now() at time zone 'America/Caracas')::date - (n % 365), u.id, n % 2, (select min(id) from correlatives), lpad(n::text, 6, '0'), 36.50, u.id,
      now() - make_interval(days => n % 365), '[]'::jsonb
    from generate_series(1, ${options.closings}) as n
    cross join lateral (select id from users where client_id is null order by id offset (n % greatest(1, (select count(*) from users where client_id is null))) limit 1) as u`);
  await db.execute(sql`alter table payments disable trigger payments_closed_box_totals_update`);
  await db.execute(sql`alter table payments disable trigger payments_closed_box_figures_update`);
  try {
    await db.execute(sql`
      with bounds as (select min(id) as first, count(*) as total from closed_boxes),
      cut as (select percentile_disc(${1 - share}) within group (order by id) as last from payments)
      update payments p set closed_box_id = bounds.first + (p.id::bigint * 7919) % bounds.total
      from bounds, cut where p.id <= cut.last and p.closed_box_id is null`);
  } finally {
    await db.execute(sql`alter table payments enable trigger payments_closed_box_totals_update`);
    await db.execute(sql`alter table payments enable trigger payments_closed_box_figures_update`);
  }
  await db.execute(sql`select closed_box_figures_refresh(array(select id from closed_boxes))`);
  await db.execute(sql`
    update closed_boxes c set count_bill = s.n, total_bill = s.bill, total = s.paid, dollar_amount_bill = s.dollar_bill, dollar_amount_payment = s.dollar_paid
    from (select closed_box_id, count(*) as n, sum(amount_bill) as bill, sum(amount_payment) as paid, sum(dollar_amount_bill) as dollar_bill, sum(dollar_amount_payment) as dollar_paid
          from payments where closed_box_id is not null group by closed_box_id) s
    where s.closed_box_id = c.id`);
  const result = (await db.execute(
    sql`select (select count(*) from closed_boxes)::int as closings, (select count(*) from payments where closed_box_id is not null)::int as closed`,
  )) as unknown as {
    rows: { closings: number; closed: number }[];
  };
  return result.rows[0]!;
}
