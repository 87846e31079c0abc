import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAmounts } from '@recaudo/domain/amounts';
import { createTestContext, type TestContext } from '../../../test/harness';
import { seedScale, type ScaleOptions } from './scale';

/**
 * The payments stage of `npm run seed:scale` at a tiny size: exactly the requested number of
 * payments, the same ones on every run, in step with the month ledger, the kept counts and the
 * series numbers, with the domain's amounts.
 */

const OPTIONS: ScaleOptions = { clients: 30, addresses: 40, month: '2026-05', payments: 300 };
let ctx: TestContext;
const rowsOf = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedScale(ctx.db, OPTIONS);
});
afterAll(() => ctx.close());

describe('seed:scale payments', () => {
  it('writes exactly the requested payments, approved and rejected, in every method, none after the anchor month', async () => {
    const [totals] = await rowsOf<{ total: number; statuses: number[]; methods: number[]; last: string }>(
      sql`select count(*)::int as total, array_agg(distinct status order by status) as statuses, array_agg(distinct payment_method_id order by payment_method_id) as methods,
                 to_char(max(created_at at time zone 'America/Caracas'), 'YYYY-MM') as last from payments`,
    );
    // Procesando ones follow the ledger's pending months (1.5 % of addresses): too few to count on here.
    expect({ ...totals, statuses: totals?.statuses.filter((status) => status !== 0) }).toEqual({ total: OPTIONS.payments, statuses: [1, 2], methods: [1, 2, 3, 4], last: OPTIONS.month });
  });

  it('is deterministic: a second run writes the same payments', async () => {
    const fingerprint = sql`select md5(string_agg(concat_ws('|', id, client_id, address_payment_id, payment_method_id, serie_id, status, number_correlative, amount_payment,
      amount_bill, months_payment, hash, created_at, created_by), ',' order by id)) as payments from payments`;
    const [first] = await rowsOf(fingerprint);
    const other = await createTestContext();
    try {
      await seedScale(other.db, OPTIONS);
      const [second] = ((await other.db.execute(fingerprint)) as unknown as { rows: Record<string, unknown>[] }).rows;
      expect(second).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('lets live payments hold exactly their ledger months (pending while Procesando) and rejected ones none', async () => {
    expect(
      await rowsOf(sql`select p.id from payments p where p.status <> 2
        and array_length(p.months_payment, 1) <> (select count(*) from address_months am where am.payment_id = p.id and am.pending = (p.status = 0)) limit 5`),
    ).toEqual([]);
    expect(await rowsOf(sql`select am.id from address_months am join payments p on p.id = am.payment_id where p.status = 2 limit 5`)).toEqual([]);
    expect(await rowsOf(sql`select am.id from address_months am join payments p on p.id = am.payment_id where not (am.month = any(p.months_payment)) limit 5`)).toEqual([]);
  });

  it('keeps the payment counts, the series numbers and the amounts as the application would', async () => {
    expect(
      await rowsOf(sql`select ap.id from addresses_payments ap where ap.payments_count <> (select count(*) from payments p where p.address_payment_id = ap.id) limit 5`),
    ).toEqual([]);
    expect(
      await rowsOf(sql`select c.economic_activity_id from activity_payment_counts c where c.payments <> (select count(*) from payments p
        join addresses_payments ap on ap.id = p.address_payment_id where ap.economic_activity_id = c.economic_activity_id) limit 5`),
    ).toEqual([]);
    expect(await rowsOf(sql`select c.serie_id from serie_payment_counts c where c.payments <> (select count(*) from payments p where p.serie_id = c.serie_id)`)).toEqual([]);
    expect(
      await rowsOf(sql`select m.id from payment_methods m left join payment_method_payment_counts c on c.payment_method_id = m.id
        where coalesce(c.payments, 0) <> (select count(*) from payments p where p.payment_method_id = m.id)`),
    ).toEqual([]);
    const totals = sql`select day::text, type, state_id, municipality_id, parish_id, community_id, payments, amount_bill::text from payment_day_totals where payments <> 0 order by 1, 2, 3, 4, 5, 6`;
    const kept = await rowsOf(totals);
    expect(kept.length).toBeGreaterThan(0);
    await ctx.db.execute(sql`select payment_day_totals_rebuild()`);
    expect(await rowsOf(totals)).toEqual(kept);
    // Approved payments number their series 1, 2, 3… and the series row holds the last number.
    const series = await rowsOf<{ serie: string; number: string; approved: number; numbers: number }>(
      sql`select c.serie, c.number, count(p.id)::int as approved, count(distinct p.number_correlative)::int as numbers
          from correlatives c join payments p on p.serie_id = c.id and p.status = 1 group by c.id`,
    );
    expect(series.length).toBeGreaterThan(0);
    for (const row of series) expect([Number(row.number), row.numbers]).toEqual([row.approved, row.approved]);

    const sample = await rowsOf<{ type: number; fee: string; months: number; rate: string; retained: boolean; amount_bill: string; amount_payment: string; iva: string }>(
      sql`select ap.type, (case when ap.is_custom_fee then ap.fee when ap.type = 1 then ea.fee else co.fee end)::text as fee, array_length(p.months_payment, 1) as months,
                 p.exchange_rate::text as rate, p.is_apply_retention as retained, p.amount_bill::text, p.amount_payment::text, p.iva::text
          from payments p join addresses_payments ap on ap.id = p.address_payment_id
          left join communities co on co.id = ap.community_id left join economic_activities ea on ea.id = ap.economic_activity_id`,
    );
    for (const row of sample) {
      const expected = paymentAmounts({ type: row.type === 1 ? 1 : 0, fee: row.fee, months: row.months, rate: row.rate, applyRetention: row.retained });
      expect({ bill: row.amount_bill, paid: row.amount_payment, iva: row.iva }).toEqual({ bill: expected.amount_bill, paid: expected.amount_payment, iva: expected.iva });
    }
  });
});
