import { eq, sql } from 'drizzle-orm';
import { MAX_PAGE_SIZE } from '@recaudo/domain/paging';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness';
import { clients } from '../modules/clients/tables';
import { PICKER_LIMIT } from '../modules/clients/queries';
import { USER_PICKER_LIMIT } from '../modules/users/queries';

/** More rows than one answer carries, so a cap shows. */
const ROWS = MAX_PAGE_SIZE + 20;

let ctx: TestContext;
let admin: TestUser;
let crowdedClient: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ roleId: ADMIN_ROLE_ID });
  await ctx.db.execute(sql`
    insert into clients (type, name, identification_type, identification)
    select 0, 'Cliente Masivo ' || g, 'V', (30000000 + g)::text from generate_series(1, ${ROWS}) g`);
  const [first] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Cliente Masivo 1'));
  crowdedClient = first!.id;
  await ctx.db.execute(sql`
    insert into addresses_payments (client_id, type, address)
    select ${crowdedClient}, 0, 'Calle ' || g from generate_series(1, ${ROWS}) g`);
  await ctx.db.execute(sql`
    insert into audit_logs (log_name, description, subject_type, subject_id, causer_id, properties)
    select 'clients', 'updated', 'clients', ${crowdedClient}, ${admin.id}, '{}'::jsonb from generate_series(1, ${ROWS}) g`);
  await ctx.db.execute(sql`
    insert into users (name, email, password_hash, role_id, client_id)
    select 'Usuario Masivo ' || g, 'masivo' || g || '@recaudo.test', 'x', ${ADMIN_ROLE_ID}, null from generate_series(1, ${ROWS}) g`);
});
afterAll(() => ctx.close());

const get = (url: string, query: Record<string, unknown> = {}) => ctx.call('GET', url, { token: admin.token, query });

describe('per_page=Todos answers the largest page and the true total', () => {
  it.each([
    ['/api/clients', {}],
    ['/api/addresses-payment', {}],
    ['/api/logs', {}],
    ['/api/users', {}],
  ])('%s', async (url, query) => {
    const { status, body } = await get(url, { ...query, per_page: 'Todos' });
    expect(status).toBe(200);
    expect(body.data.data).toHaveLength(MAX_PAGE_SIZE);
    expect(body.data.per_page).toBe(MAX_PAGE_SIZE);
    expect(body.data.total).toBeGreaterThanOrEqual(ROWS);
    expect(body.data.last_page).toBe(Math.ceil(body.data.total / MAX_PAGE_SIZE));
    // The second page of "Todos" holds the rest.
    const rest = await get(url, { ...query, per_page: 'Todos', page: 2 });
    expect(rest.body.data.data).toHaveLength(body.data.total - MAX_PAGE_SIZE);
  });

  it('refuses a page size beyond the largest', async () => {
    const { status, body } = await get('/api/clients', { per_page: MAX_PAGE_SIZE + 1 });
    expect(status).toBe(422);
    expect(body.errors.per_page).toBeDefined();
  });

  it('answers the whole-loading lists (banks) a page of at most the largest size', async () => {
    const { status, body } = await get('/api/banks');
    expect(status).toBe(200);
    expect(body.data.per_page).toBe(MAX_PAGE_SIZE);
  });
});

describe('reads that answered every row are capped', () => {
  it.each([
    ['/api/users/selects'],
    [`/api/addresses-payment/address-client/{client}`],
  ])('%s answers at most the largest page', async (url) => {
    const { status, body } = await get(url.replace('{client}', String(crowdedClient)));
    expect(status).toBe(200);
    expect(body.data).toHaveLength(MAX_PAGE_SIZE);
  });

  it.each([
    ['/api/clients/all-clients', PICKER_LIMIT],
    ['/api/users/all-selects', USER_PICKER_LIMIT],
  ])('the picker %s answers at most %i, its search narrowing them', async (url, limit) => {
    const { status, body } = await get(url);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(limit);
  });

  it('closed-boxs/all-closed-box answers at most the largest page', async () => {
    await ctx.db.execute(sql`
      insert into closed_boxes (date, user_id, exchange_rate)
      select date '2026-01-01' + (g % 28), ${admin.id}, '36.50' from generate_series(1, ${ROWS}) g`);
    const { status, body } = await get('/api/closed-boxs/all-closed-box');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(MAX_PAGE_SIZE);
  });

  it('keeps the client pickers search-driven: fifty by default, narrowed by the search', async () => {
    const all = await get('/api/clients/selects/data');
    expect(all.body.data).toHaveLength(50);
    const one = await get('/api/clients/selects/data', { search: 'Cliente Masivo 517' });
    expect(one.body.data.map((row: { name: string }) => row.name)).toEqual(['Cliente Masivo 517']);
  });

  it('caps the communities picker', async () => {
    await ctx.db.execute(sql`
      with state as (insert into states (name) values ('Estado Masivo') returning id),
        municipality as (insert into municipalities (state_id, name) select id, 'Municipio Masivo' from state returning id),
        parish as (insert into parishes (municipality_id, name, date_start) select id, 'Parroquia Masiva', '2020-01-01' from municipality returning id)
      insert into communities (parish_id, name, fee, date_start)
      select parish.id, 'Comunidad Masiva ' || g, '1.00', '2020-01-01' from parish, generate_series(1, ${ROWS}) g`);
    const { status, body } = await get('/api/communities/selects');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(MAX_PAGE_SIZE);
  });
});
