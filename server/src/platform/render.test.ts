import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { clients } from '../modules/clients/tables';
import { users } from '../modules/users/tables';
import { pageSelect } from './paging';
import { executeSql, renderSql } from './render';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** How many times Drizzle's own renderer ran for one `renderSql` (tests compare with it once). */
function drizzleRenders(query: SQL): number {
  const dialect = (ctx.db as unknown as { dialect: { sqlToQuery(query: SQL): unknown } }).dialect;
  const spy = vi.spyOn(dialect, 'sqlToQuery');
  try {
    renderSql(ctx.db, query);
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

const clientsPage = pageSelect({
  columns: sql`${clients.id} as id`,
  from: clients,
  where: and(
    eq(clients.type, 0),
    or(ilike(clients.name, '%garcía%'), ilike(sql`${clients.identificationType} || '-' || ${clients.identification}`, '%v-12%')),
    inArray(clients.gender, ['M', 'F']),
  ),
  order: [desc(clients.createdAt), asc(clients.id)],
  limit: 10,
  offset: 20,
});

describe('renderSql', () => {
  it("writes a list's page of ids as Drizzle does, without Drizzle's renderer", () => {
    expect(renderSql(ctx.db, clientsPage)).toMatchObject({
      sql:
        'select "clients"."id" as id from "clients" where ("clients"."type" = $1 and ("clients"."name" ilike $2 or "clients"."identification_type" || \'-\' || "clients"."identification" ilike $3) and "clients"."gender" in ($4, $5)) order by "clients"."created_at" desc, "clients"."id" asc limit $6 offset $7',
      params: [0, '%garcía%', '%v-12%', 'M', 'F', 10, 20],
    });
    // Once, for the comparison tests make: the text itself was written here.
    expect(drizzleRenders(clientsPage)).toBe(1);
  });

  it('leaves a statement with a subquery builder to Drizzle, with the same result', () => {
    const withSubquery = sql`select 1 from ${clients} where ${inArray(clients.id, ctx.db.select({ id: users.clientId }).from(users))}`;
    expect(drizzleRenders(withSubquery)).toBe(2);
    expect(renderSql(ctx.db, withSubquery).sql).toBe(
      'select 1 from "clients" where "clients"."id" in (select "client_id" from "users")',
    );
  });

  it('runs the statement and answers its rows', async () => {
    const rows = await executeSql<{ total: number }>(ctx.db, sql`select count(*)::int as total from ${clients} where ${eq(clients.id, -1)}`);
    expect(rows).toEqual([{ total: 0 }]);
  });
});
