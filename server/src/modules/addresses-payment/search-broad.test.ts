import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { executeSql } from '../../platform/render';
import { clients } from '../clients/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';

/**
 * Issue 46: a search for a word most addresses hold ("calle" on the scale set) or a surname many
 * clients share is broad: the page walks the list's order, and with no other filter its count and
 * fee total are estimated from samples and said to be (`aditional.estimated`). Here 2 400 of 6 000
 * addresses say "Ancha" and 2 100 clients are called Quintero, 20 of them with an address.
 */
let ctx: TestContext;
let admin: TestUser;
let lucia = 0;
const FEE = '5.00';

const insertAddresses = (clientId: number | ReturnType<typeof sql>, text: ReturnType<typeof sql>, count: number, place: Record<string, number>) =>
  ctx.db.execute(sql`insert into addresses_payments (client_id, type, address, state_id, municipality_id, parish_id, community_id)
    select ${clientId}, 0, ${text}, ${place.state}, ${place.municipality}, ${place.parish}, ${place.community} from generate_series(1, ${count}) as i`);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['clients'] });
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Zulia' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Maracaibo', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Olegario Villalobos', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Tierra Negra', parishId: parish!.id, fee: FEE, dateStart: '2020-01-01' }).returning();
  const place = { state: state!.id, municipality: municipality!.id, parish: parish!.id, community: community!.id };
  const [first] = await db.insert(clients).values({ type: 0, name: 'Lucía Montilla', identificationType: 'V', identification: '14222333' }).returning();
  const [second] = await db.insert(clients).values({ type: 0, name: 'Pedro Urdaneta', identificationType: 'V', identification: '15444555' }).returning();
  lucia = first!.id;
  await insertAddresses(sql`case when i % 2 = 0 then ${first!.id}::int else ${second!.id}::int end`, sql`'Calle Ancha ' || i`, 2_400, place);
  await insertAddresses(second!.id, sql`'Avenida Bella Vista ' || i`, 3_600, place);
  await db.execute(sql`insert into clients (type, name, identification_type, identification)
    select 0, 'Carmen Quintero ' || i, 'V', (20000000 + i)::text from generate_series(1, 2100) as i`);
  await insertAddresses(sql`(select id from clients where identification = (20000000 + i * 100)::text)`, sql`'Sector Centro ' || i`, 20, place);
  await db.execute(sql`analyze addresses_payments`);
  await db.execute(sql`analyze clients`);
});
afterAll(() => ctx.close());

const list = (query: Record<string, unknown>) => ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { type: 0, per_page: 10, ...query } });

/** The ids in the list's order (newest first, then by id) among the addresses `where` selects, and their count. */
async function direct(where: ReturnType<typeof sql>, offset = 0) {
  const ids = await executeSql<{ id: number }>(ctx.db, sql`select ap.id from addresses_payments ap join clients c on c.id = ap.client_id where ${where}
    order by ap.created_at desc, ap.id asc limit 10 offset ${offset}`);
  const [counted] = await executeSql<{ total: number }>(ctx.db, sql`select count(*)::int as total from addresses_payments ap join clients c on c.id = ap.client_id where ${where}`);
  return { ids: ids.map((row) => Number(row.id)), total: counted!.total };
}

describe('GET /api/addresses-payment broad searches (issue 46)', () => {
  it('pages a word most addresses hold in list order, and says its totals are estimated', async () => {
    const ancha = sql`ap.address ilike '%ancha%'`;
    for (const page of [1, 2]) {
      const answer = await list({ search: 'ancha', page });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const expected = await direct(ancha, (page - 1) * 10);
      expect(answer.body.data.data.map((row: { id: number }) => row.id)).toEqual(expected.ids);
      expect(answer.body.data.aditional.estimated).toBe(true);
      // A block sample of 2 500 of 6 000 addresses: within a quarter of the 2 400 that match.
      expect(Math.abs(answer.body.data.total - 2_400)).toBeLessThan(600);
      expect(Math.abs(Number(answer.body.data.aditional.total_fees) - 2_400 * Number(FEE))).toBeLessThan(600 * Number(FEE));
      expect(answer.body.data.total).toBe(answer.body.data.aditional.total_addresses);
    }
  });

  it('counts exactly when another filter narrows it, and never marks a counted total as estimated', async () => {
    const narrowed = await list({ search: 'ancha', 'filters[client][]': lucia });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    const expected = await direct(sql`ap.address ilike '%ancha%' and ap.client_id = ${lucia}`);
    expect(narrowed.body.data.data.map((row: { id: number }) => row.id)).toEqual(expected.ids);
    expect(narrowed.body.data.aditional).toEqual({ total_addresses: 1_200, total_fees: (1_200 * Number(FEE)).toFixed(2) });
    const rare = await list({ search: 'Ancha 17' });
    const few = await direct(sql`ap.address ilike '%ancha 17%'`);
    expect(rare.body.data.data.map((row: { id: number }) => row.id)).toEqual(few.ids);
    expect(rare.body.data.aditional).toEqual({ total_addresses: few.total, total_fees: (few.total * Number(FEE)).toFixed(2) });
  });

  it('finds the addresses of a surname 2 100 clients share, from their address counters', async () => {
    const answer = await list({ search: 'quintero' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = await direct(sql`c.name ilike '%quintero%'`);
    expect(expected.total).toBe(20);
    expect(answer.body.data.data.map((row: { id: number }) => row.id)).toEqual(expected.ids);
    expect(answer.body.data.aditional).toEqual({ total_addresses: 20, total_fees: (20 * Number(FEE)).toFixed(2), estimated: true });
  });
});
