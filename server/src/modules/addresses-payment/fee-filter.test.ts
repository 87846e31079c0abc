import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeFilterMessages } from '@recaudo/domain/fee-filter';
import { messages } from '@recaudo/domain/validation';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { M, seedAddress, seedPlace, type Place } from '../../../test/solvency-fixture';
import { economicActivities } from '../economic-activities/tables';
import { communities } from '../regional/tables';
import { addressesPayments } from './tables';

/**
 * `filters[fee]` of the addresses list on the effective fee: the custom one, else the activity's
 * (commercial), else the community's (residential). Fixture counted by hand:
 *
 * | name        | type | community | activity      | custom | effective |
 * | resFive     | 0    | A 5.00    |               |        | 5.00      |
 * | resTwelve   | 0    | B 12.50   |               |        | 12.50     |
 * | resAbove    | 0    | C 12.51   |               |        | 12.51     |
 * | comTwenty   | 1    |           | Bodegas 20.00 |        | 20.00     |
 * | comTwelve   | 1    |           | Kioscos 12.50 |        | 12.50     |
 * | customTwelve| 1    |           | Bodegas 20.00 | 12.50  | 12.50     |
 * | customSeven | 1    |           | Kioscos 12.50 | 7.00   | 7.00      |
 * | comOnB      | 1    | B 12.50   | Bodegas 20.00 |        | 20.00     |
 * | incomplete  | 0    | none      |               |        | none      |
 * | stranger    | 0    | B 12.50   | (another client's)     | 12.50     |
 */

let ctx: TestContext;
let staff: TestUser;
let owner: TestUser;
let place: Place;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.staff({ permissions: ['clients'] });
  owner = await ctx.clientUser({ name: 'Tarifa Dueña', identificationType: 'V', identification: '21000111' });
  const stranger = await ctx.clientUser({ name: 'Tarifa Ajena', identificationType: 'V', identification: '21000222' });
  place = await seedPlace(ctx);
  const parishId = place.parish;
  const [communityB] = await ctx.db.insert(communities).values({ name: 'B', parishId, fee: '12.50', dateStart: '2024-01-01' }).returning();
  const [communityC] = await ctx.db.insert(communities).values({ name: 'C', parishId, fee: '12.51', dateStart: '2024-01-01' }).returning();
  const [bodegas] = await ctx.db.select().from(economicActivities).where(eq(economicActivities.id, place.activity));
  const [kioscos] = await ctx.db.insert(economicActivities).values({ name: 'Kioscos', activityGroupId: bodegas!.activityGroupId, fee: '12.50' }).returning();
  const seed = async (name: string, values: Partial<typeof addressesPayments.$inferInsert>, clientId = owner.clientId!) => {
    ids[name] = await seedAddress(ctx, place, clientId, M(0), { incomplete: values.communityId === null });
    if (Object.keys(values).length) await ctx.db.update(addressesPayments).set(values).where(eq(addressesPayments.id, ids[name]!));
  };
  const commercial = (activity: number, custom?: string) => ({
    type: 1,
    communityId: null,
    economicActivityId: activity,
    isCustomFee: custom !== undefined,
    fee: custom ?? null,
  });
  await seed('resFive', {});
  await seed('resTwelve', { communityId: communityB!.id });
  await seed('resAbove', { communityId: communityC!.id });
  await seed('comTwenty', commercial(place.activity));
  await seed('comTwelve', commercial(kioscos!.id));
  await seed('customTwelve', commercial(place.activity, '12.50'));
  await seed('customSeven', commercial(kioscos!.id, '7.00'));
  await seed('comOnB', { type: 1, communityId: communityB!.id, economicActivityId: place.activity });
  await seed('incomplete', { communityId: null });
  await seed('stranger', { communityId: communityB!.id }, stranger.clientId!);
});

afterAll(async () => {
  await ctx.close();
});

const listed = (filters: Record<string, unknown>, token = staff.token) =>
  ctx.call('GET', '/api/addresses-payment', { token, query: { per_page: 50, filters } });

const names = (rows: { id: number }[]) =>
  rows
    .map((row) => Object.keys(ids).find((name) => ids[name] === row.id))
    .filter((name) => name !== undefined)
    .sort();

describe('GET /api/addresses-payment filters[fee]', () => {
  it.each([
    ['an exact fee', { fee: '12.50' }, ['customTwelve', 'comTwelve', 'resTwelve', 'stranger'], '50.00'],
    ['the same fee written 12.5', { fee: '12.5' }, ['customTwelve', 'comTwelve', 'resTwelve', 'stranger'], '50.00'],
    [
      'a range, both ends included',
      { fee: ['12.50', '20'] },
      ['comOnB', 'comTwelve', 'comTwenty', 'customTwelve', 'resAbove', 'resTwelve', 'stranger'],
      '102.51',
    ],
    ['a range open below', { fee: ['', '7.00'] }, ['customSeven', 'resFive'], '12.00'],
    ['a range open above', { fee: ['12.51', ''] }, ['comOnB', 'comTwenty', 'resAbove'], '52.51'],
    ['a fee nobody pays', { fee: '99.99' }, [], '0.00'],
    ['a fee with the commercial type', { fee: '12.50', type: 1 }, ['comTwelve', 'customTwelve'], '25.00'],
    ['a fee with Tarifa personalizada', { fee: ['5', '13'], is_custom_fee: 1 }, ['customSeven', 'customTwelve'], '19.50'],
  ])('%s', async (_label, filters, expected, fees) => {
    const answer = await listed(filters);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(names(answer.body.data.data)).toEqual([...expected].sort());
    expect(answer.body.data.total).toBe(expected.length);
    expect(answer.body.data.aditional).toEqual({ total_fees: fees, total_addresses: expected.length });
  });

  it('shows each row with the fee it was chosen by', async () => {
    const answer = await listed({ fee: ['12.50', '12.51'] });
    const rows = answer.body.data.data as { fee: string }[];
    expect(rows.map((row) => row.fee).sort()).toEqual(['12.50', '12.50', '12.50', '12.50', '12.51']);
  });

  it('keeps a client user to their own addresses', async () => {
    const answer = await listed({ fee: '12.50' }, owner.token);
    expect(answer.status).toBe(200);
    expect(names(answer.body.data.data)).toEqual(['comTwelve', 'customTwelve', 'resTwelve']);
  });

  it('filters the export the same way', async () => {
    const answer = await ctx.call('GET', '/api/addresses-payment/export', {
      token: (await ctx.staff({ permissions: ['clients', 'export_payments'] })).token,
      query: { type_format: 'csv', filters: { fee: '7' } },
    });
    expect(answer.status).toBe(200);
    const lines = String(answer.body).trim().split('\n');
    expect(lines).toHaveLength(2);
  });

  it.each([
    ['text', 'doce', messages.number('Tarifa')],
    ['three decimals', '12.505', messages.decimals('Tarifa')],
    ['a negative fee', '-1', messages.min('Tarifa', 0)],
    ['a range upside down', ['20', '10'], feeFilterMessages.order],
    ['three values', ['1', '2', '3'], feeFilterMessages.shape],
    ['a bad end of a range', ['1', 'x'], messages.number('Tarifa')],
  ])('refuses %s with 422 in the envelope', async (_label, fee, message) => {
    const answer = await listed({ fee });
    expect(answer.status).toBe(422);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toBe(message);
  });
});
