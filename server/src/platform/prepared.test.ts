import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { clients } from '../modules/clients/tables';
import { users } from '../modules/users/tables';
import { preparedStatement } from './prepared';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const selection = {
  user: users,
  client: { id: clients.id, name: clients.name, createdAt: clients.createdAt },
  shout: sql<string>`upper(${users.name})`,
  since: sql<Date>`${users.createdAt}`.mapWith(users.createdAt),
};

describe('prepared statements', () => {
  it('map their rows by a plan into what Drizzle itself gives: nested objects, decoded columns and expressions', async () => {
    const person = await ctx.clientUser();
    const byPlan = preparedStatement('test_plan_rows', (db, name) =>
      db.select(selection).from(users).innerJoin(clients, eq(clients.id, users.clientId)).where(eq(users.id, sql.placeholder('id'))).prepare(name),
    );
    const expected = await ctx.db.select(selection).from(users).innerJoin(clients, eq(clients.id, users.clientId)).where(eq(users.id, person.id));
    const rows = await byPlan(ctx.db).execute({ id: person.id });
    expect(rows).toEqual(expected);
    expect(rows[0]!.user.createdAt).toBeInstanceOf(Date);
    expect(rows[0]!.since).toBeInstanceOf(Date);
    expect(rows[0]!.client.id).toBe(person.clientId);
  });

  it('keep Drizzle’s mapping for a left join, whose missing table becomes null', async () => {
    const staff = await ctx.staff();
    const withClient = preparedStatement('test_left_join_rows', (db, name) =>
      db.select({ user: users, client: clients }).from(users).leftJoin(clients, eq(clients.id, users.clientId)).where(eq(users.id, sql.placeholder('id'))).prepare(name),
    );
    const [row] = await withClient(ctx.db).execute({ id: staff.id });
    expect(row!.user.id).toBe(staff.id);
    expect(row!.client).toBeNull();
  });
});
