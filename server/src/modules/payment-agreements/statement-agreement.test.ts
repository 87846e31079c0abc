import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, todayInCaracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { setRates } from '../../../test/rates';
import { addressesPayments } from '../addresses-payment/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';

/**
 * Issue 50: the statement of account shows each address's agreement with its installments (the
 * newest current or broken one); an address without one, or whose agreement was cancelled, has none;
 * a client user reads her own.
 */
let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
let community = { state: 0, municipality: 0, parish: 0, community: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['clients', 'payment_agreements'] });
  owner = await ctx.clientUser({ name: 'Rosa Estado', email: 'rosa.estado@example.com' });
  const [state] = await ctx.db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await ctx.db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await ctx.db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [row] = await ctx.db.insert(communities).values({ name: 'Comunidad Estado', parishId: parish!.id, fee: '5.00', dateStart: '2020-01-01' }).returning();
  community = { state: state!.id, municipality: municipality!.id, parish: parish!.id, community: row!.id };
  await setRates(ctx.db, { usd: '40.00' });
});
afterAll(async () => {
  await ctx.close();
});

/** An address of the owner owing its last `months` months at $ 5,00 each. */
async function owingAddress(name: string, months: number): Promise<number> {
  const [row] = await ctx.db
    .insert(addressesPayments)
    .values({
      clientId: owner.clientId!,
      type: 0,
      address: name,
      stateId: community.state,
      municipalityId: community.municipality,
      parishId: community.parish,
      communityId: community.community,
      dateStart: `${addMonths(currentMonth(), -(months - 1))}-01`,
    })
    .returning();
  return row!.id;
}

const FIRST_DUE = dayjs(todayInCaracas()).add(7, 'day').format('YYYY-MM-DD');
const sign = async (address: number) => {
  const answer = await ctx.call('POST', '/api/payment-agreements/store', {
    token: admin.token,
    body: { address_payment_id: address, down_payment_usd: '5.00', installments: 3, first_due_date: FIRST_DUE },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as number;
};

describe('the statement of account and payment agreements', () => {
  it('shows the address’s current agreement with its installments, and none for an address without one', async () => {
    const signedAddress = await owingAddress('Calle Convenio 1', 4);
    const plainAddress = await owingAddress('Calle Sin Convenio', 4);
    const id = await sign(signedAddress);

    const own = await ctx.call('GET', `/api/addresses-payment/statement/${signedAddress}`, { token: owner.token });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.addresses[0].agreement).toEqual({
      id,
      status: 'current',
      debt_usd: '20.00',
      down_payment_usd: '5.00',
      paid_usd: '0.00',
      installments: [
        { number: 0, due_date: expect.any(String), amount_usd: '5.00', paid_usd: '0.00', status: 'pending' },
        { number: 1, due_date: FIRST_DUE, amount_usd: '5.00', paid_usd: '0.00', status: 'pending' },
        { number: 2, due_date: dayjs(FIRST_DUE).add(1, 'month').format('YYYY-MM-DD'), amount_usd: '5.00', paid_usd: '0.00', status: 'pending' },
        { number: 3, due_date: dayjs(FIRST_DUE).add(2, 'month').format('YYYY-MM-DD'), amount_usd: '5.00', paid_usd: '0.00', status: 'pending' },
      ],
    });

    // Its PDF lists the installments too.
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/addresses-payment/statement/${signedAddress}?type_format=pdf`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfText(pdf.rawPayload);
    expect(text).toContain('Convenio de pago (Vigente): pagado $ 0,00 de $ 20,00');
    expect(text).toContain('Cuota inicial');
    expect(text).toContain(dayjs(FIRST_DUE).add(2, 'month').format('DD-MM-YYYY'));

    const whole = await ctx.call('GET', `/api/clients/statement/${owner.clientId}`, { token: admin.token });
    expect(whole.status).toBe(200);
    const byAddress = new Map(whole.body.data.addresses.map((entry: { address_payment_id: number; agreement: unknown }) => [entry.address_payment_id, entry.agreement]));
    expect(byAddress.get(signedAddress)).toMatchObject({ id, status: 'current' });
    expect(byAddress.get(plainAddress)).toBeNull();
  });

  it('leaves a cancelled agreement out of the statement', async () => {
    const address = await owingAddress('Calle Convenio Anulado', 3);
    const id = await sign(address);
    expect((await ctx.call('PUT', '/api/payment-agreements/cancel', { token: admin.token, body: { id } })).status).toBe(200);
    const statement = await ctx.call('GET', `/api/addresses-payment/statement/${address}`, { token: owner.token });
    expect(statement.body.data.addresses[0].agreement).toBeNull();
  });

  it('does not show another client’s statement, agreement or not', async () => {
    const address = await owingAddress('Calle Convenio Ajeno', 3);
    await sign(address);
    const stranger = await ctx.clientUser({ name: 'Otra Persona' });
    expect((await ctx.call('GET', `/api/addresses-payment/statement/${address}`, { token: stranger.token })).status).toBe(404);
  });
});
