import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import type { Scenario } from './measure';

type Get = (path: string) => Scenario['request'];

const firstNumber = async (db: Database, query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
};

/** What the address list is measured against: its row counts, printed beside the figures. */
export async function addressScale(db: Database) {
  return {
    addresses: await firstNumber(db, sql`select count(*) from addresses_payments`),
    months: await firstNumber(db, sql`select count(*) from address_months`),
    clients: await firstNumber(db, sql`select count(*) from clients`),
  };
}

/**
 * GET addresses-payment as the Direcciones screen asks for it: always with the type selector
 * (`type=0` Residencial unless said), 10 rows, `aditional` (fee total and count) in every answer.
 * On the scale set (`npm run seed:scale`) these are the DESIGN §8 budgets.
 */
export async function addressScenarios(db: Database, get: Get): Promise<Scenario[]> {
  const state = await firstNumber(db, sql`select id from states where name = 'Lara'`);
  const list = (query: string) => get(`/api/addresses-payment?type=0&page=1&per_page=10${query}`);
  return [
    { name: 'GET addresses-payment (page 1)', budgetMs: 100, request: list('') },
    { name: 'GET addresses-payment commercial (type=1)', budgetMs: 100, request: get('/api/addresses-payment?type=1&page=1&per_page=10') },
    { name: 'GET addresses-payment No Solventes', budgetMs: 100, request: list('&filters[client_not_solvent]=true') },
    { name: 'GET addresses-payment Solventes', budgetMs: 100, request: list('&filters[client_solvent]=true') },
    { name: 'GET addresses-payment months_to_pay=3', budgetMs: 100, request: list('&filters[months_to_pay]=3') },
    { name: 'GET addresses-payment aging 1-3', budgetMs: 100, request: list('&filters[aging]=1-3') },
    { name: 'GET addresses-payment aging 13+', budgetMs: 100, request: list('&filters[aging]=13%2B') },
    { name: 'GET addresses-payment sorted by months_to_pay', budgetMs: 100, request: list('&sorter[field]=months_to_pay&sorter[order]=descend') },
    { name: 'GET addresses-payment by state', budgetMs: 100, request: list(`&filters[state][]=${state}`) },
    { name: 'GET addresses-payment by state, No Solventes', budgetMs: 100, request: list(`&filters[state][]=${state}&filters[client_not_solvent]=true`) },
    { name: 'GET addresses-payment search name', budgetMs: 100, request: list(`&search=${encodeURIComponent('Quintero')}`) },
    { name: 'GET addresses-payment search identification', budgetMs: 100, request: list(`&search=${encodeURIComponent('V-1234')}`) },
    { name: 'GET addresses-payment search address', budgetMs: 100, request: list(`&search=${encodeURIComponent('casa 17')}`) },
    { name: 'GET addresses-payment search + No Solventes', budgetMs: 100, request: list(`&search=${encodeURIComponent('Quintero')}&filters[client_not_solvent]=true`) },
    { name: 'GET clients search name', budgetMs: 100, request: get(`/api/clients?page=1&per_page=10&search=${encodeURIComponent('Quintero')}`) },
    { name: 'GET clients by state', budgetMs: 100, request: get(`/api/clients?page=1&per_page=10&filters[state][]=${state}`) },
    { name: 'GET addresses-payment (page 500)', budgetMs: 100, request: get('/api/addresses-payment?type=0&page=500&per_page=10') },
    ...broadSearches(get),
  ];
}

/**
 * Issue 46: the cashier's searches for a word that matches most rows ("calle", "casa", "a") or a
 * common surname, on each large list, 10 requests at a time: p95 within 50 ms on the scale set.
 */
const BROAD_WORDS = ['calle', 'casa', 'a', 'Quintero'];
function broadSearches(get: Get): Scenario[] {
  const lists = [
    ['addresses-payment', '/api/addresses-payment?type=0&page=1&per_page=10'],
    ['clients', '/api/clients?page=1&per_page=10'],
    ['bill-payments', '/api/bill-payments?page=1&per_page=10'],
  ] as const;
  // Each list's opening page at the same concurrency: what a search costs beyond the page itself.
  return lists.flatMap(([list, path]) => [
    { name: `GET ${list} (page 1, 10 at a time)`, budgetMs: 50, concurrency: 10, request: get(path) },
    ...BROAD_WORDS.map((word) => ({ name: `GET ${list} broad search "${word}"`, budgetMs: 50, concurrency: 10, request: get(`${path}&search=${encodeURIComponent(word)}`) })),
  ]);
}
