import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { seedDemo } from '../../db/seed/demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.db);
});
afterAll(() => ctx.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('demo closings', () => {
  it("closes the demo cashier's shifts of the last month with totals equal to their payments, some groups verified", async () => {
    const closings = await rows<{
      id: number;
      user_id: number;
      date: string;
      count_bill: number;
      total: string;
      total_bill: string;
      verified: number;
      in_month: boolean;
    }>(sql`
      select id, user_id, date::text as date, count_bill, total::text as total, total_bill::text as total_bill, jsonb_array_length(verify_payments) as verified,
        date >= (now() at time zone 'America/Caracas')::date - 30 and date < (now() at time zone 'America/Caracas')::date as in_month
      from closed_boxes order by id`);
    expect(closings.length).toBeGreaterThanOrEqual(2);
    expect(closings.every((closing) => closing.user_id === 3 && closing.in_month)).toBe(true);
    expect(closings.some((closing) => closing.verified > 0)).toBe(true);
    expect(closings.some((closing) => closing.verified === 0)).toBe(true);
    const sums = await rows<{ id: number; n: number; total: string; total_bill: string }>(sql`
      select closed_box_id as id, count(*)::int as n, sum(amount_payment)::text as total, sum(amount_bill)::text as total_bill from payments where closed_box_id is not null group by closed_box_id`);
    for (const closing of closings) {
      expect(sums.find((sum) => sum.id === closing.id)).toEqual({
        id: closing.id,
        n: closing.count_bill,
        total: closing.total,
        total_bill: closing.total_bill,
      });
    }
  });
});
