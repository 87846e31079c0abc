import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { scaleOptionsFromEnv, seedScale, type ScaleOptions } from './scale';

/**
 * `npm run seed:scale` at a tiny size on the test database: the same parameters give the same
 * rows (ids, months, fees) on two databases, the ledger's unique index holds, and the ledger
 * summary, list totals and clients' address counters it leaves agree with their recomputation.
 */

const OPTIONS: ScaleOptions = { clients: 40, addresses: 55, month: '2026-05', payments: 150 };
const contexts: TestContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

const rowsOf = async (ctx: TestContext, query: ReturnType<typeof sql>) => ((await ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A fingerprint of what the generator wrote: every address, ledger row and client, in id order. */
const fingerprint = async (ctx: TestContext) =>
  rowsOf(
    ctx,
    sql`select
      (select md5(string_agg(concat_ws('|', id, client_id, type, address, state_id, community_id, economic_activity_id, is_custom_fee, fee, date_start, created_at, ledger_start, ledger_paid_through, ledger_settled_to), ',' order by id)) from addresses_payments) as addresses,
      (select md5(string_agg(concat_ws('|', address_payment_id, month, payment_id, pending), ',' order by address_payment_id, month)) from address_months) as months,
      (select md5(string_agg(concat_ws('|', id, type, name, identification_type, identification, email), ',' order by id)) from clients) as clients`,
  );

async function generated() {
  const ctx = await createTestContext();
  contexts.push(ctx);
  const counts = await seedScale(ctx.db, OPTIONS);
  return { ctx, counts };
}

describe('seed:scale', () => {
  // Two whole data sets on WASM PostgreSQL: seconds alone, more than the default timeout on a busy runner.
  it('writes the same data set twice, keeps the ledger unique and its summary in step', async () => {
    const first = await generated();
    const second = await generated();
    expect(first.counts.clients).toBe(OPTIONS.clients);
    expect(first.counts.addresses).toBe(OPTIONS.addresses);
    expect(first.counts.months).toBeGreaterThan(OPTIONS.addresses * 5);
    expect(second.counts).toEqual(first.counts);
    expect(await fingerprint(second.ctx)).toEqual(await fingerprint(first.ctx));

    const { ctx } = first;
    const [unique] = await rowsOf(ctx, sql`select indexdef from pg_indexes where indexname = 'address_months_address_month_unique'`);
    expect(String(unique?.indexdef)).toContain('UNIQUE INDEX');
    expect(await rowsOf(ctx, sql`select address_payment_id, month from address_months group by 1, 2 having count(*) > 1`)).toEqual([]);
    // Nothing covered past December of the anchor year (the payable limit).
    expect(await rowsOf(ctx, sql`select month from address_months where month > '2026-12' limit 1`)).toEqual([]);
    // A mix the list filters can tell apart: solvent and not, pending, residential and commercial.
    const [mix] = await rowsOf(
      ctx,
      sql`select count(*) filter (where ledger_paid_through >= ${2026 * 12 + 4} and not ledger_pending)::int as solvent,
                 count(*) filter (where ledger_paid_through < ${2026 * 12 + 4})::int as owing,
                 count(*) filter (where type = 1)::int as commercial
          from addresses_payments`,
    );
    expect(mix).toMatchObject({ solvent: expect.any(Number), owing: expect.any(Number), commercial: expect.any(Number) });
    expect(Number(mix!.solvent)).toBeGreaterThan(0);
    expect(Number(mix!.owing)).toBeGreaterThan(0);
    expect(Number(mix!.commercial)).toBeGreaterThan(0);

    // The summary the generator left is what the triggers' refresh computes, and so are the totals.
    const summary = sql`select id, ledger_start, ledger_paid_through, ledger_settled_to, ledger_last, ledger_last_year_mask, ledger_pending from addresses_payments order by id`;
    const totals = sql`select type, state_id, pending, paid_through, addresses, fees::text from address_totals where addresses <> 0 order by 1, 2, 3, 4`;
    const counters = sql`select id, residential_addresses, residential_fees::text, commercial_addresses, commercial_fees::text from clients order by id`;
    const [keptSummary, keptTotals, keptCounters] = [await rowsOf(ctx, summary), await rowsOf(ctx, totals), await rowsOf(ctx, counters)];
    expect(keptCounters.some((row) => Number(row.residential_addresses) > 0)).toBe(true);
    await ctx.db.execute(sql`update addresses_payments set ledger_start = 0, ledger_paid_through = -1, ledger_settled_to = -1, ledger_last = null, ledger_last_year_mask = 0, ledger_pending = false`);
    await ctx.db.execute(sql`update clients set residential_addresses = 0, residential_fees = 0, commercial_addresses = 0, commercial_fees = 0`);
    await ctx.db.execute(sql`select address_ledger_refresh(array(select id from addresses_payments))`);
    await ctx.db.execute(sql`select address_totals_rebuild()`);
    await ctx.db.execute(sql`select client_address_totals_rebuild()`);
    expect(await rowsOf(ctx, summary)).toEqual(keptSummary);
    expect(await rowsOf(ctx, totals)).toEqual(keptTotals);
    expect(await rowsOf(ctx, counters)).toEqual(keptCounters);
  }, 120_000);

  it('refuses a second run on the same database and reads its size from the environment', async () => {
    await expect(seedScale(contexts[0]!.db, OPTIONS)).rejects.toThrow('ya tiene el conjunto de escala');
    expect(scaleOptionsFromEnv({ SCALE_CLIENTS: '1_000', SCALE_ADDRESSES: '1200', SCALE_MONTH: '2026-05' })).toMatchObject({ clients: 1000, addresses: 1200, month: '2026-05' });
    expect(() => scaleOptionsFromEnv({ SCALE_ADDRESSES: '10', SCALE_CLIENTS: '20' })).toThrow('SCALE_ADDRESSES');
    expect(() => scaleOptionsFromEnv({ SCALE_MONTH: '2026-13' })).toThrow('SCALE_MONTH');
  });
});
