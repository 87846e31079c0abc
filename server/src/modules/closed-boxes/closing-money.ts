import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { ClosingMoney } from '@recaudo/domain/closed-boxes';
import { CURRENCIES, type Currency } from '@recaudo/domain/tenders';
import type { Executor } from '../../db/client';
import { executeSql } from '../../platform/render';

/**
 * A closing's money per currency (issue 49), read from its payments' lines: a payment paid in
 * lines by its `payment_tenders`, one paid in one method as one line of that method for what it
 * brought (`amount_payment` plus change, in the method's currency). Cash is the lines of cash
 * methods (type 4); the change comes out of the drawer of its currency. Read by the payments'
 * `closed_box_id` index and the lines' primary key, for the closings of one page.
 */
const CASH_METHOD_TYPE = 4;

interface MoneyRow {
  closed_box_id: number;
  currency: Currency;
  tendered: string;
  cash: string;
  change: string;
  igtf: string;
}

export async function closingMoney(db: Executor, closings: { id: number; counted_cash: Partial<Record<Currency, string>> }[]): Promise<Map<number, ClosingMoney>> {
  const found = new Map<number, ClosingMoney>();
  if (!closings.length) return found;
  const ids = `{${closings.map((closing) => closing.id).join(',')}}`;
  const rows = await executeSql<MoneyRow>(
    db,
    sql`with closed as (
        select p.id, p.closed_box_id, p.payment_method_id, p.amount_payment, p.change_amount_ves, p.exchange_rate, p.change_currency, p.change_amount, p.igtf_amount
        from payments p where p.closed_box_id = any(${ids}::int[])
      ), lines as (
        select c.closed_box_id, t.currency, t.amount, m.type
        from closed c join payment_tenders t on t.payment_id = c.id join payment_methods m on m.id = t.payment_method_id
        union all
        select c.closed_box_id, m.currency,
          case when m.currency = 'VES' then c.amount_payment + c.change_amount_ves else round((c.amount_payment + c.change_amount_ves) / c.exchange_rate, 2) end, m.type
        from closed c join payment_methods m on m.id = c.payment_method_id
        where not exists (select 1 from payment_tenders t where t.payment_id = c.id)
      ), by_currency as (
        select closed_box_id, currency, sum(amount) as tendered, sum(amount) filter (where type = ${CASH_METHOD_TYPE}) as cash from lines group by 1, 2
      ), changes as (
        select closed_box_id, change_currency as currency, sum(change_amount) as change from closed where change_currency is not null group by 1, 2
      ), taxes as (
        select closed_box_id, sum(igtf_amount) as igtf from closed group by 1
      )
      select k.closed_box_id, k.currency, coalesce(b.tendered, 0)::text as tendered, coalesce(b.cash, 0)::text as cash,
        coalesce(ch.change, 0)::text as change, coalesce(tx.igtf, 0)::text as igtf
      from (select closed_box_id, currency from by_currency union select closed_box_id, currency from changes) k
      left join by_currency b on b.closed_box_id = k.closed_box_id and b.currency = k.currency
      left join changes ch on ch.closed_box_id = k.closed_box_id and ch.currency = k.currency
      left join taxes tx on tx.closed_box_id = k.closed_box_id`,
  );
  for (const closing of closings) {
    const own = rows.filter((row) => Number(row.closed_box_id) === closing.id);
    const counted = closing.counted_cash;
    const currencies = CURRENCIES.filter((currency) => own.some((row) => row.currency === currency) || counted[currency] !== undefined).map((currency) => {
      const row = own.find((item) => item.currency === currency);
      const expected = new Decimal(row?.cash ?? 0).minus(row?.change ?? 0);
      const countedHere = counted[currency];
      return {
        currency,
        tendered: new Decimal(row?.tendered ?? 0).toFixed(2),
        change: new Decimal(row?.change ?? 0).toFixed(2),
        cash_expected: expected.toFixed(2),
        cash_counted: countedHere === undefined ? null : new Decimal(countedHere).toFixed(2),
        difference: countedHere === undefined ? null : new Decimal(countedHere).minus(expected).toFixed(2),
      };
    });
    found.set(closing.id, { currencies, igtf: new Decimal(own[0]?.igtf ?? 0).toFixed(2) });
  }
  return found;
}
