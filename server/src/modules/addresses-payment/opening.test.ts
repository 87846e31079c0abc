import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressMessages } from '@recaudo/domain/addresses';
import { addMonths, currentMonth, lastPayableMonth } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { seedImportPlaces } from '../../../test/import-fixture';
import { communities, municipalities, parishes, states } from '../regional/tables';

/** The opening position given by hand (issue 48): the staff address form and a client's own new address. */

let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
const NOW = currentMonth();
const place = { state_id: 0, municipality_id: 0, parish_id: 0, community_id: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ roleId: 1 });
  owner = await ctx.clientUser();
  await seedImportPlaces(ctx.db);
  const [state] = await ctx.db.select().from(states);
  const [municipality] = await ctx.db.select().from(municipalities);
  const [parish] = await ctx.db.select().from(parishes);
  const [community] = await ctx.db.select().from(communities);
  Object.assign(place, { state_id: state!.id, municipality_id: municipality!.id, parish_id: parish!.id, community_id: community!.id });
});
afterAll(() => ctx.close());

async function store(body: Record<string, unknown>, token = admin.token) {
  return ctx.call('POST', '/api/addresses-payment/store', { token, body: { client_id: owner.clientId, type: 0, address: `Calle ${Math.random()}`, ...place, ...body } });
}
const read = async (id: number, token = admin.token) =>
  ((await ctx.call('GET', `/api/addresses-payment/address-client/${owner.clientId}`, { token })).body.data as { id: number }[]).find((address) => address.id === id) as Record<string, any>;

describe('the opening position on the address form', () => {
  it('"pagado hasta" covers the months through it with "Saldo inicial" and owes the ones after', async () => {
    const saved = await store({ paid_through: addMonths(NOW, -2) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const address = await read(saved.body.data.id);
    expect(address).toMatchObject({ opening_paid_through: addMonths(NOW, -2), start_month: addMonths(NOW, -1), months_to_pay: 2, solvent: false });
    const months = (address.payments as { months: { month: string; state: string }[] }[]).flatMap((year) => year.months);
    expect(months.find((entry) => entry.month === addMonths(NOW, -2))?.state).toBe('opening');
  });

  it('"primer mes adeudado" is the month after the opening balance; an edit that does not send it keeps it, null clears it', async () => {
    const saved = await store({ first_owed_month: `${NOW.slice(5, 7)}-${NOW.slice(0, 4)}` });
    const id = saved.body.data.id as number;
    expect(await read(id)).toMatchObject({ opening_paid_through: addMonths(NOW, -1), months_to_pay: 1 });
    const edit = (body: Record<string, unknown>) => ctx.call('PUT', '/api/addresses-payment/update', { token: admin.token, body: { id, client_id: owner.clientId, type: 0, address: 'Calle editada', ...place, ...body } });
    expect((await edit({})).status).toBe(200);
    expect((await read(id)).opening_paid_through).toBe(addMonths(NOW, -1));
    expect((await edit({ paid_through: null })).status).toBe(200);
    // Without it the ledger starts with the community's service (2024-01).
    expect(await read(id)).toMatchObject({ opening_paid_through: null, start_month: '2024-01' });
  });

  it('refuses both at once, a month past what can be paid and a month that is none', async () => {
    const both = await store({ paid_through: addMonths(NOW, -3), first_owed_month: NOW });
    expect(both.status).toBe(422);
    expect(both.body.errors.first_owed_month).toEqual([addressMessages.openingBoth]);
    const beyond = await store({ paid_through: addMonths(lastPayableMonth(), 1) });
    expect(beyond.body.errors.paid_through).toEqual([addressMessages.openingBeyond('Pagado hasta', lastPayableMonth())]);
    const garbage = await store({ paid_through: 'marzo' });
    expect(garbage.body.errors.paid_through).toEqual(['El campo Pagado hasta es inválido.']);
  });
});

describe("a client's own new address", () => {
  it('owes from the month she says she has the service since', async () => {
    const saved = await store({ client_id: owner.clientId, first_owed_month: addMonths(NOW, -4) }, owner.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await read(saved.body.data.id, owner.token)).toMatchObject({ start_month: addMonths(NOW, -4), months_to_pay: 5 });
  });

  it('without an answer owes from the current month, not from the community start years ago', async () => {
    const saved = await store({ client_id: owner.clientId }, owner.token);
    expect(await read(saved.body.data.id, owner.token)).toMatchObject({ start_month: NOW, months_to_pay: 1 });
  });

  it('can not move the opening position of an address afterwards: staff confirm it', async () => {
    const saved = await store({ client_id: owner.clientId, first_owed_month: addMonths(NOW, -1) }, owner.token);
    const id = saved.body.data.id as number;
    const edited = await ctx.call('PUT', '/api/addresses-payment/update', { token: owner.token, body: { id, client_id: owner.clientId, type: 0, address: 'Mi casa', ...place, paid_through: NOW } });
    expect(edited.status).toBe(200);
    expect((await read(id, owner.token)).opening_paid_through).toBe(addMonths(NOW, -2));
  });
});
