import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import type { Scenario } from './measure';

type Get = (path: string) => Scenario['request'];

/**
 * `dashboard/admin` for the current month (Mes) and the current year (Año): DESIGN §8 and issue 13
 * ask under 100 ms at p95; the aging card, on its own call, too (issue 33).
 */
export function dashboardScenarios(get: Get): Scenario[] {
  const year = new Date().getUTCFullYear();
  return [
    { name: 'GET dashboard/admin (Mes)', budgetMs: 100, request: get('/api/dashboard/admin?filters[option]=0') },
    { name: 'GET dashboard/admin (Año)', budgetMs: 100, request: get(`/api/dashboard/admin?filters[option]=1&filters[dates]=${year}`) },
    { name: 'GET dashboard/aging', budgetMs: 100, request: get('/api/dashboard/aging') },
  ];
}

/**
 * The dashboard's year card and chart against sum() over the payments table (approved, by the
 * Caracas day of created_at), to the cent. Answers the mismatches (none when they agree).
 */
export async function dashboardTotalsCheck(db: Database, baseUrl: string, token: string): Promise<string[]> {
  const year = new Date().getUTCFullYear();
  const response = await fetch(`${baseUrl}/api/dashboard/admin?filters[option]=1&filters[dates]=${year}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: { date_payment: { date: string; count_payments: number; amount_payment: string; dollar_amount_payment: string }[] } };
  const result = (await db.execute(sql`
    select to_char((created_at at time zone 'America/Caracas')::date, 'YYYY-MM') as month, count(*)::int as n,
           sum(amount_payment)::text as bs, sum(dollar_amount_payment)::text as usd
    from payments where status = 1 and created_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'America/Caracas')
      and created_at < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'America/Caracas')
    group by 1`)) as unknown as { rows: { month: string; n: number; bs: string; usd: string }[] };
  const raw = new Map(result.rows.map((row) => [row.month, row]));
  const mismatches: string[] = [];
  for (const point of body.data.date_payment) {
    const row = raw.get(point.date);
    const expected = { n: row?.n ?? 0, bs: new Decimal(row?.bs ?? 0).toFixed(2), usd: new Decimal(row?.usd ?? 0).toFixed(2) };
    if (point.count_payments !== expected.n || point.amount_payment !== expected.bs || point.dollar_amount_payment !== expected.usd) {
      mismatches.push(`${point.date}: dashboard ${point.count_payments} / ${point.amount_payment} / ${point.dollar_amount_payment}, payments ${expected.n} / ${expected.bs} / ${expected.usd}`);
    }
  }
  return mismatches;
}
