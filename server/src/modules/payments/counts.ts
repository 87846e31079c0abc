import { sql, type SQL } from 'drizzle-orm';
import { todayInCaracas } from '@recaudo/domain/dates';
import type { LatestPayment } from '@recaudo/domain/payment-rows';
import type { PaymentSummary } from '@recaudo/domain/regional';
import type { Executor } from '../../db/client';
import { iso, money } from '../../platform/envelope';
import { dayPair } from '../../platform/paging';

/**
 * Payment figures other areas show (issue 6 "Summaries"):
 * - `count_payments` of activities, groups, series and payment methods, and the addresses' Con
 *   pagos / Sin pagos, read the counts kept by the triggers of migrations 0007, 0010 and 0013
 *   (every payment, whatever its status); a client's count and latest payment read its payments
 *   through their client index.
 * - The regional units' cards sum the approved payments (status 1) registered in a date range,
 *   from the daily totals by location of migration 0011.
 *
 * The fragments take the outer row's id as a qualified SQL reference: Drizzle writes columns
 * unqualified in single-table selects, where an inner `"id"` would bind to the subquery's table.
 */

const column = (table: string, name: string) => sql.raw(`"${table}"."${name}"`);

/** Payments of the addresses of one economic activity (`"economic_activities"."id"`). */
export const activityPaymentCount = sql<number>`coalesce((select c.payments from activity_payment_counts c where c.economic_activity_id = ${column('economic_activities', 'id')}), 0)`;

/** Payments of the addresses of every activity of one group (`"activity_groups"."id"`). */
export const groupPaymentCount = sql<number>`(select coalesce(sum(c.payments), 0)::int from activity_payment_counts c
  join economic_activities ea on ea.id = c.economic_activity_id where ea.activity_group_id = ${column('activity_groups', 'id')})`;

/** Payments of one series (`"correlatives"."id"`). */
export const seriePaymentCount = sql<number>`coalesce((select c.payments from serie_payment_counts c where c.serie_id = ${column('correlatives', 'id')}), 0)`;

/** Payments made with one payment method (`"payment_methods"."id"`), kept by the triggers of migration 0013. */
export const paymentMethodPaymentCount = sql<number>`coalesce((select c.payments from payment_method_payment_counts c where c.payment_method_id = ${column('payment_methods', 'id')}), 0)`;

/** Payments of one client (`"clients"."id"`). */
export const clientPaymentCount = sql<number>`(select count(*)::int from payments p where p.client_id = ${column('clients', 'id')})`;

/** The client's latest registered payment as JSON, or null. */
export const clientLatestPayment = sql<LatestPaymentJson | null>`(select json_build_object('id', p.id, 'status', p.status, 'date_payment', p.date_payment,
    'amount_payment', p.amount_payment::text, 'dollar_amount_payment', p.dollar_amount_payment::text, 'created_at', p.created_at)
  from payments p where p.client_id = ${column('clients', 'id')} order by p.created_at desc, p.id desc limit 1)`;

export interface LatestPaymentJson {
  id: number;
  status: number;
  date_payment: string;
  amount_payment: string;
  dollar_amount_payment: string;
  created_at: string;
}

export function presentLatestPayment(json: LatestPaymentJson | null): LatestPayment | null {
  if (!json) return null;
  return {
    id: json.id,
    status: json.status === 1 || json.status === 2 ? json.status : 0,
    date_payment: json.date_payment,
    // Stored amounts read as text are already "1234.50": decimal.js was a tenth of a clients export's CPU.
    amount_payment: money(json.amount_payment),
    dollar_amount_payment: money(json.dollar_amount_payment),
    created_at: iso(json.created_at),
  };
}

/** Con pagos / Sin pagos of the addresses list: whether the address has any payment (its kept count). */
export const addressHasPayments = (has: boolean): SQL => sql`${column('addresses_payments', 'payments_count')} ${sql.raw(has ? '>' : '=')} 0`;

/* ---------------- Regional units' payment cards ---------------- */

export type RegionalLevel = 'state' | 'municipality' | 'parish' | 'community';

const LEVEL_COLUMN: Record<RegionalLevel, SQL> = {
  state: sql.raw('t.state_id'),
  municipality: sql.raw('t.municipality_id'),
  parish: sql.raw('t.parish_id'),
  community: sql.raw('t.community_id'),
};

/** `filters[dates]` as a pair of Caracas days (YYYY-MM-DD), today when absent or malformed. */
function dayRange(value: unknown): [string, string] {
  const pair = dayPair(value);
  if (pair) return pair[0] <= pair[1] ? pair : [pair[1], pair[0]];
  const today = todayInCaracas();
  return [today, today];
}

export const emptySummary = (): PaymentSummary => ({
  count_payments: 0,
  amount_bill: '0.00',
  amount_payment: '0.00',
  dollar_amount_bill: '0.00',
  dollar_amount_payment: '0.00',
});

export interface UnitSummaries {
  payments_residential: PaymentSummary;
  payments_comercial: PaymentSummary;
}

/**
 * The residential and commercial cards of the given units: count and sums of the approved
 * payments registered within `dates` (Caracas days; today when absent) by addresses located in
 * each unit, read from the daily totals of migration 0011 (a month is ~20 000 rows at the scale
 * of DESIGN §8, whatever the number of payments). A community holds residential addresses only,
 * so its commercial card stays zero.
 */
export async function regionalPaymentSummaries(db: Executor, level: RegionalLevel, ids: number[], dates: unknown): Promise<Map<number, UnitSummaries>> {
  const byUnit = new Map<number, UnitSummaries>();
  if (!ids.length) return byUnit;
  const [from, to] = dayRange(dates);
  const unit = LEVEL_COLUMN[level];
  const result = (await db.execute(sql`
    select ${unit} as unit, t.type, sum(t.payments)::int as count_payments,
           sum(t.amount_bill)::text as amount_bill, sum(t.amount_payment)::text as amount_payment,
           sum(t.dollar_amount_bill)::text as dollar_amount_bill, sum(t.dollar_amount_payment)::text as dollar_amount_payment
    from payment_day_totals t
    where t.day between ${from}::date and ${to}::date
      and ${unit} in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )})
    group by 1, 2
    having sum(t.payments) <> 0`)) as unknown as {
    rows: {
      unit: number;
      type: number;
      count_payments: number;
      amount_bill: string;
      amount_payment: string;
      dollar_amount_bill: string;
      dollar_amount_payment: string;
    }[];
  };
  for (const row of result.rows) {
    const entry = byUnit.get(Number(row.unit)) ?? { payments_residential: emptySummary(), payments_comercial: emptySummary() };
    entry[Number(row.type) === 1 ? 'payments_comercial' : 'payments_residential'] = {
      count_payments: Number(row.count_payments),
      amount_bill: money(row.amount_bill),
      amount_payment: money(row.amount_payment),
      dollar_amount_bill: money(row.dollar_amount_bill),
      dollar_amount_payment: money(row.dollar_amount_payment),
    };
    byUnit.set(Number(row.unit), entry);
  }
  return byUnit;
}

/**
 * Replaces the zero cards of a page of regional rows with their figures when the list asks for
 * them (`payments=1`, the screens' default); exports and `payments=0` keep the zeros.
 */
export async function withPaymentSummaries<T extends { id: number } & UnitSummaries>(
  db: Executor,
  level: RegionalLevel,
  rows: T[],
  query: { payments?: boolean; filters: Record<string, unknown> },
): Promise<T[]> {
  if (query.payments === false || !rows.length) return rows;
  const summaries = await regionalPaymentSummaries(
    db,
    level,
    rows.map((row) => row.id),
    query.filters.dates,
  );
  // The page's own fresh rows take their cards in place: a spread into a new literal is slow in Node 20.
  return rows.map((row) => Object.assign(row, summaries.get(row.id) ?? { payments_residential: emptySummary(), payments_comercial: emptySummary() }));
}
