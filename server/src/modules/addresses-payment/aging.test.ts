import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtFigures, invalidAgingMessage, type AgingBucket } from '@recaudo/domain/statement';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { M, markMonths, seedAddress, seedPlace, type Place } from '../../../test/solvency-fixture';
import { setRates } from '../../../test/rates';
import { communities } from '../regional/tables';
import { addressesPayments } from './tables';

/**
 * The aging filter of the addresses list and the dashboard's aging card (issue 33), against a
 * fixture counted by hand: months owed, fees (5.00 the community's, 3.33 and 2.22 custom) and a
 * dollar rate whose BS only add up when each address is rounded to the cent first.
 */

const RATE = '36.57';
let ctx: TestContext;
let staff: TestUser;
let client: TestUser;
let place: Place;
const ids: Record<string, number> = {};

const listed = (aging: string, token = staff.token) => ctx.call('GET', '/api/addresses-payment', { token, query: { per_page: 50, filters: { aging } } });

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.staff({ permissions: ['clients', 'payments'] });
  client = await ctx.clientUser({ name: 'María Deudora', identificationType: 'V', identification: '20111222' });
  place = await seedPlace(ctx);
  const owner = client.clientId!;
  const seed = async (name: string, start: number, marks: number[] = []) => {
    ids[name] = await seedAddress(ctx, place, owner, M(start));
    await markMonths(ctx, ids[name]!, marks.map(M));
  };
  await seed('none', 1);
  await seed('one', 0);
  await seed('three', -2);
  // Paid ahead: M(-5)…M(-3) and next month covered, M(-2)…M(0) owed.
  await seed('threeAhead', -5, [-5, -4, -3, 1]);
  await seed('four', -3);
  await seed('six', -5);
  await seed('seven', -6);
  // A marked month in the middle: 11 months from the start, one covered.
  await seed('tenWithGap', -10, [-9]);
  await seed('twelve', -11);
  await seed('thirteenCustom', -12);
  await seed('twentyCustom', -19);
  const custom = (name: string, fee: string) =>
    ctx.db.update(addressesPayments).set({ type: 1, economicActivityId: place.activity, communityId: null, isCustomFee: true, fee }).where(eq(addressesPayments.id, ids[name]!));
  await custom('thirteenCustom', '3.33');
  await custom('twentyCustom', '2.22');
  await setRates(ctx.db, { usd: RATE });
});

afterAll(async () => {
  await ctx.close();
});

const EXPECTED: Record<AgingBucket, { names: string[]; owed_usd: string; owed_bs: string }> = {
  // 1 + 3 + 3 months at 5.00 × 36.57.
  '1-3': { names: ['one', 'three', 'threeAhead'], owed_usd: '35.00', owed_bs: '1279.95' },
  '4-6': { names: ['four', 'six'], owed_usd: '50.00', owed_bs: '1828.50' },
  '7-12': { names: ['seven', 'tenWithGap', 'twelve'], owed_usd: '145.00', owed_bs: '5302.65' },
  // 43.29 × 36.57 = 1583.1153 → 1583.12 and 44.40 × 36.57 = 1623.708 → 1623.71: 3206.83 (87.69 × 36.57 rounded once: 3206.82).
  '13+': { names: ['thirteenCustom', 'twentyCustom'], owed_usd: '87.69', owed_bs: '3206.83' },
};

describe('GET /api/addresses-payment filters[aging]', () => {
  it.each(Object.entries(EXPECTED))('%s lists exactly the addresses owing that many months, each row naming its bucket', async (bucket, expected) => {
    const answer = await listed(bucket);
    expect(answer.status).toBe(200);
    const rows = answer.body.data.data as { id: number; aging: string | null; months_to_pay: number }[];
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(expected.names.map((name) => ids[name]).sort((a, b) => a! - b!));
    expect(rows.every((row) => row.aging === bucket)).toBe(true);
    expect(answer.body.data.aditional.total_addresses).toBe(expected.names.length);
  });

  it('names no bucket on a row owing nothing', async () => {
    const answer = await ctx.call('GET', '/api/addresses-payment', { token: staff.token, query: { per_page: 50, filters: { client: [client.clientId] } } });
    const none = (answer.body.data.data as { id: number; aging: string | null; months_to_pay: number }[]).find((row) => row.id === ids.none);
    expect(none).toMatchObject({ months_to_pay: 0, aging: null });
  });

  it.each(['2-5', '13', 'todos'])('refuses %s with 422 in the envelope, naming the filter', async (value) => {
    const answer = await listed(value);
    expect(answer.status).toBe(422);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toBe(invalidAgingMessage);
  });

  it('keeps a client user to their own addresses', async () => {
    const other = await ctx.clientUser({ name: 'Otro Cliente', identificationType: 'V', identification: '20333444' });
    const answer = await listed('13+', other.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.data).toEqual([]);
    expect((await listed('13+', client.token)).body.data.data).toHaveLength(2);
  });
});

describe('GET /api/dashboard/aging', () => {
  it('totals every bucket by hand, and equals the sum over the rows its filter lists', async () => {
    const answer = await ctx.call('GET', '/api/dashboard/aging', { token: staff.token });
    expect(answer.status).toBe(200);
    const card = answer.body.data.aging as { bucket: AgingBucket; addresses: number; owed_usd: string; owed_bs: string }[];
    expect(card).toEqual(
      (Object.entries(EXPECTED) as [AgingBucket, (typeof EXPECTED)[AgingBucket]][]).map(([bucket, expected]) => ({
        bucket,
        addresses: expected.names.length,
        owed_usd: expected.owed_usd,
        owed_bs: expected.owed_bs,
        // No community of this set charges the late-payment surcharge (issue 50).
        surcharge_usd: '0.00',
      })),
    );
    for (const entry of card) {
      const rows = (await listed(entry.bucket)).body.data.data as { months_to_pay: number; fee: string | null }[];
      const figures = rows.map((row) => debtFigures(row.months_to_pay, row.fee, RATE));
      expect(figures.reduce((sum, row) => sum.plus(row.owed_usd), new Decimal(0)).toFixed(2)).toBe(entry.owed_usd);
      expect(figures.reduce((sum, row) => sum.plus(row.owed_bs), new Decimal(0)).toFixed(2)).toBe(entry.owed_bs);
    }
  });

  it('follows a community fee change, marked months and a deleted address, still the sum over its rows', async () => {
    await ctx.db.update(communities).set({ fee: '6.10' }).where(eq(communities.id, place.community));
    await markMonths(ctx, ids.four!, [-3, -2].map(M));
    const remover = await ctx.staff({ permissions: ['delete_address_payment', 'edit_client'] });
    expect((await ctx.call('DELETE', '/api/addresses-payment/delete', { token: remover.token, body: { id: ids.seven } })).status).toBe(200);
    const card = (await ctx.call('GET', '/api/dashboard/aging', { token: staff.token })).body.data.aging as { bucket: AgingBucket; addresses: number; owed_usd: string; owed_bs: string }[];
    // 1-3: one (1), three (3), threeAhead (3) and four, now owing 2, at 6.10: 9 months.
    expect(card[0]).toEqual({ bucket: '1-3', addresses: 4, owed_usd: '54.90', owed_bs: '2007.69', surcharge_usd: '0.00' });
    for (const entry of card) {
      const rows = (await listed(entry.bucket)).body.data.data as { months_to_pay: number; fee: string | null }[];
      expect(rows).toHaveLength(entry.addresses);
      const figures = rows.map((row) => debtFigures(row.months_to_pay, row.fee, RATE));
      expect(figures.reduce((sum, row) => sum.plus(row.owed_usd), new Decimal(0)).toFixed(2)).toBe(entry.owed_usd);
      expect(figures.reduce((sum, row) => sum.plus(row.owed_bs), new Decimal(0)).toFixed(2)).toBe(entry.owed_bs);
    }
  });

  it('is the revenue dashboard\'s: a client user is refused, and dashboard/admin no longer waits for it', async () => {
    expect((await ctx.call('GET', '/api/dashboard/aging', { token: client.token })).status).toBe(403);
    const admin = await ctx.call('GET', '/api/dashboard/admin', { token: staff.token });
    expect(admin.status).toBe(200);
    expect(admin.body.data).not.toHaveProperty('aging');
  });
});
