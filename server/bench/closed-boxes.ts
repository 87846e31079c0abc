import { sql } from 'drizzle-orm';
import { todayInCaracas } from '@recaudo/domain/dates';
import type { Database } from '../src/db/client';
import type { Scenario } from './measure';

type Get = (path: string) => Scenario['request'];

const firstValue = async (db: Database, query: ReturnType<typeof sql>): Promise<string> => {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return String(Object.values(result.rows[0] ?? {})[0] ?? '');
};

/**
 * The Cierres de Caja screen as it loads (10 closings with their groups and the footer totals over
 * the whole filtered list), filtered by a month and by a responsible user; the 'Pagos' modal
 * (`not-closed-box`); and one closing's payments. Attaching 50 payments to a new closing is a
 * write, timed apart (attachFifty).
 */
export async function closedBoxScenarios(db: Database, get: Get): Promise<Scenario[]> {
  const user = await firstValue(db, sql`select user_id from closed_boxes group by 1 order by count(*) desc limit 1`);
  if (!user) return [];
  const closing = await firstValue(db, sql`select id from closed_boxes where count_bill > 0 order by id desc limit 1`);
  const [y, m] = new Date().toISOString().slice(0, 7).split('-');
  const month = `filters[dates_closed_box][]=01-${m}-${y}&filters[dates_closed_box][]=28-${m}-${y}`;
  return [
    { name: 'GET closed-boxs (page 1, totals)', budgetMs: 100, request: get('/api/closed-boxs?page=1&per_page=10') },
    { name: 'GET closed-boxs (page 300)', budgetMs: 100, request: get('/api/closed-boxs?page=300&per_page=10') },
    { name: 'GET closed-boxs month', budgetMs: 100, request: get(`/api/closed-boxs?page=1&per_page=10&${month}`) },
    { name: 'GET closed-boxs by user', budgetMs: 100, request: get(`/api/closed-boxs?page=1&per_page=10&filters[user][]=${user}`) },
    { name: 'GET closed-boxs search', budgetMs: 100, request: get('/api/closed-boxs?page=1&per_page=10&search=00012') },
    { name: 'GET bill-payments/not-closed-box', budgetMs: 100, request: get('/api/bill-payments/not-closed-box?page=1&per_page=10') },
    { name: 'GET closed-boxs/payments', budgetMs: 100, request: get(`/api/closed-boxs/payments?closed_box_id=${closing}&page=1&per_page=10`) },
  ];
}

/** Milliseconds to create a closing and attach 50 unclosed payments to it in one call, as the 'Pagos' modal does. */
export async function attachFifty(baseUrl: string, token: string, db: Database, round: number): Promise<number> {
  const ids = (await db.execute(sql`select id from payments where closed_box_id is null order by id desc offset ${round * 50} limit 50`)) as unknown as {
    rows: { id: number }[];
  };
  const serie = await firstValue(db, sql`select min(id) from correlatives`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const created = await fetch(`${baseUrl}/api/closed-boxs/store`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      // Caracas' day: from 00:00 to 04:00 UTC the UTC date is tomorrow there, which the store refuses.
      date: todayInCaracas(),
      user_id: 1,
      serie: Number(serie),
      checkbook_number: 'BENCH',
      exchange_rate: '36.50',
      type: 0,
    }),
  });
  if (!created.ok) throw new Error(`closed-boxs/store: HTTP ${created.status} ${await created.text()}`);
  const closing = ((await created.json()) as { data: { id: number } }).data.id;
  const payment_id = ids.rows.map((row) => Number(row.id));
  const answer = await fetch(`${baseUrl}/api/bill-payments/add-payment`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ payment_id, closed_box_id: closing }),
  });
  if (!answer.ok) throw new Error(`add-payment: HTTP ${answer.status}`);
  return performance.now() - started;
}
