import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import type { Scenario } from './measure';

type Get = (path: string) => Scenario['request'];

const first = async (db: Database, query: ReturnType<typeof sql>): Promise<string> => {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return String(Object.values(result.rows[0] ?? {})[0] ?? '');
};

/** What the payments lists are measured against, printed beside the figures. */
export const paymentScale = async (db: Database) => Number(await first(db, sql`select count(*) from payments`));

/** DD-MM-YYYY of a Caracas day `days` before the newest payment's. */
const dayBefore = (newest: string, days: number) => {
  const date = new Date(`${newest}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  const [y, m, d] = date.toISOString().slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
};

/**
 * GET bill-payments as the Pagos screen asks for it (10 rows, newest first) with each filter of
 * the drawer alone and with a search; the user's history and the client's tab; the regional
 * cards for a month; and the payment counts of the reference lists. On the scale set
 * (`npm run seed:scale`, 2 000 000 payments) these are the DESIGN §8 budgets.
 */
export async function paymentScenarios(db: Database, get: Get): Promise<Scenario[]> {
  const newest = await first(db, sql`select (max(created_at) at time zone 'America/Caracas')::date::text from payments`);
  if (!newest) return [];
  const cashier = await first(db, sql`select created_by from payments where created_by is not null group by 1 order by count(*) desc limit 1`);
  const client = await first(db, sql`select client_id from payments where id = (select max(id) / 2 from payments)`);
  const serie = await first(db, sql`select serie_id from payments where serie_id is not null order by id desc limit 1`);
  const reference = (await first(db, sql`select reference from payments where reference is not null and id > (select max(id) / 3 from payments) limit 1`)).slice(3, 9);
  const control = (await first(db, sql`select number from payments where number is not null and id > (select max(id) / 4 from payments) limit 1`)).slice(2, 8);
  const correlative = await first(db, sql`select number_correlative from payments where number_correlative is not null and id > (select max(id) / 5 from payments) limit 1`);
  const checkbook = await first(db, sql`select checkbook_number from payments where checkbook_number is not null order by id desc limit 1`);
  const terminal = await first(db, sql`select terminal from payments where terminal is not null order by id desc limit 1`);
  const lot = await first(db, sql`select lot_number from payments where lot_number is not null and id > (select max(id) / 2 from payments) limit 1`);
  const state = await first(db, sql`select id from states where name = 'Lara'`);
  const month = [dayBefore(newest, 60), dayBefore(newest, 31)];
  const monthQuery = `filters[dates][]=${month[0]}&filters[dates][]=${month[1]}`;
  const list = (query: string) => get(`/api/bill-payments?page=1&per_page=10${query}`);
  const text = (value: string) => encodeURIComponent(value);
  return [
    { name: 'GET bill-payments (page 1)', budgetMs: 100, request: list('') },
    { name: 'GET bill-payments (page 500)', budgetMs: 100, request: get('/api/bill-payments?page=500&per_page=10') },
    { name: 'GET bill-payments by client', budgetMs: 100, request: list(`&filters[client][]=${client}`) },
    { name: 'GET bill-payments by user', budgetMs: 100, request: list(`&filters[user][]=${cashier}`) },
    { name: 'GET bill-payments Procesando', budgetMs: 100, request: list('&filters[status]=0') },
    { name: 'GET bill-payments Aprobado', budgetMs: 100, request: list('&filters[status]=1') },
    { name: 'GET bill-payments type_document 04', budgetMs: 100, request: list('&filters[type_document]=04') },
    { name: 'GET bill-payments point of sale', budgetMs: 100, request: list('&filters[payment_method][]=2') },
    { name: 'GET bill-payments by serie', budgetMs: 100, request: list(`&filters[serie][]=${serie}`) },
    { name: 'GET bill-payments checkbook_number', budgetMs: 100, request: list(`&filters[checkbook_number]=${text(checkbook)}`) },
    { name: 'GET bill-payments terminal', budgetMs: 100, request: list(`&filters[terminal]=${text(terminal)}`) },
    { name: 'GET bill-payments lot_number', budgetMs: 100, request: list(`&filters[lot_number]=${text(lot)}`) },
    { name: 'GET bill-payments reference', budgetMs: 100, request: list(`&filters[reference]=${text(reference)}`) },
    { name: 'GET bill-payments number', budgetMs: 100, request: list(`&filters[number]=${text(control)}`) },
    { name: 'GET bill-payments number_correlative', budgetMs: 100, request: list(`&filters[number_correlative]=${text(correlative)}`) },
    { name: 'GET bill-payments months_to_pay=3', budgetMs: 100, request: list('&filters[months_to_pay]=3') },
    { name: 'GET bill-payments months_to_pay=0', budgetMs: 100, request: list('&filters[months_to_pay]=0') },
    { name: 'GET bill-payments residential (type=0)', budgetMs: 100, request: list('&filters[type]=0') },
    { name: 'GET bill-payments dates (a month)', budgetMs: 100, request: list(`&${monthQuery}`) },
    { name: 'GET bill-payments dates_payment (a month)', budgetMs: 100, request: list(`&filters[dates_payment][]=${month[0]}&filters[dates_payment][]=${month[1]}`) },
    {
      name: 'GET bill-payments dates_payment (a month, a year back)',
      budgetMs: 100,
      request: list(`&filters[dates_payment][]=${dayBefore(newest, 395)}&filters[dates_payment][]=${dayBefore(newest, 365)}`),
    },
    { name: 'GET bill-payments dates_bill (a month)', budgetMs: 100, request: list(`&filters[dates_bill][]=${month[0]}&filters[dates_bill][]=${month[1]}`) },
    { name: 'GET bill-payments search name', budgetMs: 100, request: list(`&search=${text('Quintero')}`) },
    { name: 'GET bill-payments search identification', budgetMs: 100, request: list(`&search=${text('V-1234')}`) },
    { name: 'GET bill-payments search reference', budgetMs: 100, request: list(`&search=${text(reference)}`) },
    { name: 'GET bill-payments search + Aprobado', budgetMs: 100, request: list(`&search=${text('Quintero')}&filters[status]=1`) },
    { name: 'GET payments/history-status', budgetMs: 100, request: get(`/api/payments/history-status?user_id=${cashier}&status=1`) },
    { name: 'GET payments/client-details', budgetMs: 100, request: get(`/api/payments/client-details?client_id=${client}`) },
    { name: 'GET states with payment cards (a month)', budgetMs: 300, request: get(`/api/states?payments=1&${monthQuery}`) },
    { name: 'GET municipalities with payment cards (a month)', budgetMs: 300, request: get(`/api/municipalities?payments=1&${monthQuery}&filters[state_id][]=${state}`) },
    { name: 'GET parishes with payment cards (a month)', budgetMs: 300, request: get(`/api/parishes?payments=1&${monthQuery}`) },
    { name: 'GET communities with payment cards (a month)', budgetMs: 300, request: get(`/api/communities?payments=1&${monthQuery}`) },
    { name: 'GET states with payment cards (a year)', budgetMs: 300, request: get(`/api/states?payments=1&filters[dates][]=${dayBefore(newest, 395)}&filters[dates][]=${month[1]}`) },
    { name: 'GET states with payment cards (today)', budgetMs: 100, request: get('/api/states?payments=1') },
    { name: 'GET economic-activities (count_payments)', budgetMs: 100, request: get('/api/economic-activities') },
    { name: 'GET activity-groups (count_payments)', budgetMs: 100, request: get('/api/activity-groups') },
    { name: 'GET correlatives (count_payments)', budgetMs: 100, request: get('/api/correlatives') },
    { name: 'GET clients (count, latest payment)', budgetMs: 100, request: get('/api/clients') },
    { name: 'GET addresses-payment Con pagos', budgetMs: 100, request: get('/api/addresses-payment?type=0&page=1&per_page=10&filters[with_payments]=1') },
    { name: 'GET addresses-payment Sin pagos', budgetMs: 100, request: get('/api/addresses-payment?type=0&page=1&per_page=10&filters[without_payments]=1') },
  ];
}
