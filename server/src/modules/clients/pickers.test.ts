import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { users } from '../users/tables';
import { clients } from './tables';

/** Issue 31: a picker answers what a picker shows, for a search, 50 at most; contacts need their screens. */
let ctx: TestContext;
let nobody: TestUser;
let cashier: TestUser;
let clientUser: TestUser;
const PREFIX = 'Selector Masivo';

beforeAll(async () => {
  ctx = await createTestContext();
  // The pickers of other clients and of users follow the tree since issue 46: `clients` is the lowest that reads them.
  nobody = await ctx.staff({ permissions: ['clients'] });
  cashier = await ctx.staff({ permissions: ['clients', 'payments', 'add_payment'] });
  await ctx.db.insert(clients).values(
    Array.from({ length: 60 }, (_, index) => ({
      type: 0,
      name: `${PREFIX} ${String(index).padStart(2, '0')}`,
      identificationType: 'V',
      identification: String(30_000_000 + index),
      email: `masivo${index}@correo.test`,
      phone: ['4141234567'],
    })),
  );
  clientUser = await ctx.clientUser({ name: 'Cliente Propio', email: 'propio@correo.test', phone: ['4241234567'] });
  await ctx.db.insert(users).values(
    Array.from({ length: 55 }, (_, index) => ({ name: `${PREFIX} Usuario ${index}`, email: `usuario.masivo${index}@recaudo.test`, passwordHash: 'x', roleId: nobody.roleId })),
  );
});
afterAll(() => ctx.close());

describe('the client pickers', () => {
  it.each(['/api/clients/all-clients', '/api/clients/select', '/api/clients/selects/data'])('%s answers 50 matching clients to a holder of clients (issue 46), with name and identification', async (url) => {
    const answer = await ctx.call('GET', url, { token: nobody.token, query: { search: PREFIX } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(50);
    expect(answer.body.data[0]).toMatchObject({ id: expect.any(Number), name: `${PREFIX} 00`, identification_type: 'V', identification: '30000000', type: 0 });
    const narrowed = await ctx.call('GET', url, { token: nobody.token, query: { search: '30000059' } });
    expect(narrowed.body.data.map((row: { name: string }) => row.name)).toEqual([`${PREFIX} 59`]);
  });

  it('adds the contacts for the payment panel (add_payment) and for the client user’s own client', async () => {
    const forCashier = await ctx.call('GET', '/api/clients/selects/data', { token: cashier.token, query: { search: '30000007' } });
    expect(forCashier.body.data).toEqual([expect.objectContaining({ email: 'masivo7@correo.test', phone: ['4141234567'] })]);
    const own = await ctx.call('GET', '/api/clients/selects/data', { token: clientUser.token, query: { search: '' } });
    expect(own.body.data).toEqual([expect.objectContaining({ id: clientUser.clientId, email: 'propio@correo.test' })]);
  });
});

describe('the user pickers', () => {
  it('users/all-selects answers 50 matching users by name, without e-mails', async () => {
    const answer = await ctx.call('GET', '/api/users/all-selects', { token: nobody.token, query: { search: `${PREFIX} Usuario` } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(50);
    expect(Object.keys(answer.body.data[0]).sort()).toEqual(['id', 'name']);
    // The e-mail is not a search key: it would tell who holds an address.
    expect((await ctx.call('GET', '/api/users/all-selects', { token: nobody.token, query: { search: 'usuario.masivo1' } })).body.data).toEqual([]);
  });

  it('users/selects needs a screen with a user filter, and answers names only', async () => {
    const none = await ctx.staff({ permissions: [] });
    expect((await ctx.call('GET', '/api/users/selects', { token: none.token })).status).toBe(403);
    const logs = await ctx.staff({ permissions: ['logs'] });
    const answer = await ctx.call('GET', '/api/users/selects', { token: logs.token, query: { search: `${PREFIX} Usuario 1` } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeGreaterThan(0);
    expect(answer.body.data.every((row: object) => Object.keys(row).sort().join() === 'id,name')).toBe(true);
  });
});

describe('the lists behind the pickers', () => {
  it('need their screens: the directory, the address lists and the dashboards’ money', async () => {
    const payer = await ctx.staff({ permissions: ['payments', 'add_payment'] });
    for (const url of ['/api/clients', '/api/addresses-payment', `/api/addresses-payment/address-client/${clientUser.clientId}`, '/api/dashboard/admin', '/api/dashboard/users-closed-box', '/api/clients/selects/data']) {
      expect((await ctx.call('GET', url, { token: payer.token })).status, url).toBe(url === '/api/dashboard/admin' ? 200 : 403);
    }
  });
});
