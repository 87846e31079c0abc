import { sql } from 'drizzle-orm';
import { CLIENT_ROLE_ID } from '@recaudo/domain/roles';
import type { Database } from '../src/db/client';
import { accessTokens } from '../src/modules/auth/tables';
import { users } from '../src/modules/users/tables';
import { newSecret, sha256 } from '../src/platform/crypto';
import type { Scenario } from './measure';

type Get = (path: string) => Scenario['request'];

/** A session of a client user of `clientId` (made once, kept for the next bench). */
async function clientToken(db: Database, clientId: number): Promise<string> {
  const email = `cliente${clientId}@bench.test`;
  await db.insert(users).values({ roleId: CLIENT_ROLE_ID, clientId, name: 'Cliente de la medición', email, passwordHash: 'x' }).onConflictDoNothing();
  const result = (await db.execute(sql`select id from users where email = ${email}`)) as unknown as { rows: { id: number }[] };
  const token = newSecret();
  await db.insert(accessTokens).values({ userId: result.rows[0]!.id, tokenHash: sha256(token), ip: '127.0.0.1', userAgent: 'bench' });
  return token;
}

/**
 * The statement of account (issue 33: under 50 ms at p95 on the scale set): of the client with the
 * most addresses, and of its oldest address (the most months to list); and that client's home in
 * the portal (`dashboard/client`, under 50 ms), asked with a session of its own client user.
 */
export async function statementScenarios(db: Database, get: Get): Promise<Scenario[]> {
  const result = (await db.execute(sql`
    select client_id, min(id) as address_id from addresses_payments
    group by client_id order by count(*) desc, client_id limit 1`)) as unknown as { rows: { client_id: number; address_id: number }[] };
  const busiest = result.rows[0];
  if (!busiest) return [];
  const token = await clientToken(db, busiest.client_id);
  return [
    { name: 'GET clients/statement (busiest client)', budgetMs: 50, request: get(`/api/clients/statement/${busiest.client_id}`) },
    { name: 'GET addresses-payment/statement', budgetMs: 50, request: get(`/api/addresses-payment/statement/${busiest.address_id}`) },
    { name: 'GET dashboard/client (busiest client)', budgetMs: 50, request: (baseUrl) => fetch(`${baseUrl}/api/dashboard/client`, { headers: { authorization: `Bearer ${token}` } }) },
  ];
}
