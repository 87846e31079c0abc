import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInCaracas, dayjs } from '@recaudo/domain/dates';
import { addMonths, currentMonth } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { addressesPayments } from '../addresses-payment/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';

/** SOLVENCY_WITH_AGREEMENT on (issue 50): the months of a current agreement count as covered for a certificate. */
let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
let address = 0;

beforeAll(async () => {
  ctx = await createTestContext({ SOLVENCY_WITH_AGREEMENT: 'true' });
  admin = await ctx.staff({ permissions: ['clients', 'payment_agreements', 'solvencies', 'add_solvency'] });
  owner = await ctx.clientUser({ name: 'Ana Solvente' });
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Comunidad', parishId: parish!.id, fee: '5.00', dateStart: '2020-01-01' }).returning();
  const [row] = await db
    .insert(addressesPayments)
    .values({
      clientId: owner.clientId!,
      type: 0,
      address: 'Calle 1',
      stateId: state!.id,
      municipalityId: municipality!.id,
      parishId: parish!.id,
      communityId: community!.id,
      dateStart: `${addMonths(currentMonth(), -4)}-01`,
    })
    .returning();
  address = row!.id;
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /api/solvencies/store with SOLVENCY_WITH_AGREEMENT', () => {
  it('refuses while months are owed and certifies once they are under a current agreement', async () => {
    const body = { client_id: owner.clientId, addresses_payment_id: address };
    expect((await ctx.call('POST', '/api/solvencies/store', { token: admin.token, body })).status).toBe(422);
    const signed = await ctx.call('POST', '/api/payment-agreements/store', {
      token: admin.token,
      body: { address_payment_id: address, down_payment_usd: '0', installments: 2, first_due_date: dayjs(todayInCaracas()).add(7, 'day').format('YYYY-MM-DD') },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const issued = await ctx.call('POST', '/api/solvencies/store', { token: admin.token, body });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  });
});
