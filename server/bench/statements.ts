import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import type { Scenario } from './measure';

type Get = (path: string) => Scenario['request'];

/**
 * The statement of account (issue 33: under 50 ms at p95 on the scale set): of the client with the
 * most addresses, and of its oldest address (the most months to list).
 */
export async function statementScenarios(db: Database, get: Get): Promise<Scenario[]> {
  const result = (await db.execute(sql`
    select client_id, min(id) as address_id from addresses_payments
    group by client_id order by count(*) desc, client_id limit 1`)) as unknown as { rows: { client_id: number; address_id: number }[] };
  const busiest = result.rows[0];
  if (!busiest) return [];
  return [
    { name: 'GET clients/statement (busiest client)', budgetMs: 50, request: get(`/api/clients/statement/${busiest.client_id}`) },
    { name: 'GET addresses-payment/statement', budgetMs: 50, request: get(`/api/addresses-payment/statement/${busiest.address_id}`) },
  ];
}
