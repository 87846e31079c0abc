import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { recordAudit } from '../../platform/audit';

let ctx: TestContext;
let auditor: TestUser;
let editor: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  auditor = await ctx.staff({ permissions: ['logs'] });
  editor = await ctx.staff({ permissions: ['states', 'add_state', 'edit_state', 'delete_state'], overrides: { name: 'Editora Regional' } });
});
afterAll(() => ctx.close());

/** The ids of the entries the Bitácoras search answers for `search`, every page. */
const found = async (search: string): Promise<number[]> => {
  const { status, body } = await ctx.call('GET', '/api/logs', { token: auditor.token, query: { search, per_page: 'Todos' } });
  expect(status).toBe(200);
  expect(body.data.total).toBe(body.data.data.length);
  return body.data.data.map((entry: { id: number }) => entry.id).sort((a: number, b: number) => a - b);
};

/** The ids of the entries the list's `filters` answer, oldest first. */
const filtered = async (filters: Record<string, unknown>): Promise<number[]> => {
  const { body } = await ctx.call('GET', '/api/logs', { token: auditor.token, query: { filters, per_page: 'Todos' } });
  return body.data.data.map((entry: { id: number }) => entry.id).sort((a: number, b: number) => a - b);
};
const historyOf = (subjectType: string, subjectId: number) => filtered({ subject_type: subjectType, subject_id: subjectId });

describe('GET /api/logs search by the record an entry is about', () => {
  it("finds a renamed state's entries by its old name and by its new name, and no other state's", async () => {
    const store = await ctx.call('POST', '/api/states/store', { token: editor.token, body: { name: 'Barinas Vieja' } });
    const stateId = store.body.data.id;
    await ctx.call('PUT', '/api/states/update', { token: editor.token, body: { id: stateId, name: 'Barinas Nueva' } });
    await ctx.call('PUT', '/api/states/change-status', { token: editor.token, body: { id: stateId, active: false } });
    const other = await ctx.call('POST', '/api/states/store', { token: editor.token, body: { name: 'Cojedes Aparte' } });
    const [created, renamed, deactivated] = await historyOf('states', stateId);
    expect(deactivated).toBeDefined();

    // The old name is in the creation's and the rename's values; the deactivation names only `active`.
    expect(await found('barinas vieja')).toEqual([created, renamed]);
    // The new name is the state's current name: every entry about it.
    expect(await found('Barinas Nueva')).toEqual([created, renamed, deactivated]);
    expect(await found('Barinas')).toEqual([created, renamed, deactivated]);
    const [otherCreated] = await historyOf('states', other.body.data.id);
    expect(await found('Cojedes Aparte')).toEqual([otherCreated]);
  });

  it("finds a client's entries by its identification, with or without the type, and not another client's", async () => {
    const client = await ctx.clientUser({ name: 'Cliente Búsqueda', identificationType: 'J', identification: '409876543' });
    const neighbour = await ctx.clientUser({ name: 'Vecino Búsqueda', identificationType: 'J', identification: '409800000' });
    const audit = (clientId: number, attributes: Record<string, unknown>) =>
      recordAudit(ctx.db, { module: 'clients', event: 'updated', causerId: editor.id, subjectType: 'clients', subjectId: clientId, attributes });
    await audit(client.clientId!, { email: 'nuevo@correo.test' });
    await audit(client.clientId!, { phone: ['4141234567'] });
    await audit(neighbour.clientId!, { email: 'vecino@correo.test' });
    const entries = await historyOf('clients', client.clientId!);
    expect(entries).toHaveLength(2);

    expect(await found('409876543')).toEqual(entries);
    expect(await found('J-409876543')).toEqual(entries);
    expect(await found('Cliente Búsqueda')).toEqual(entries);
    expect(await found('4098')).toEqual([...entries, ...(await historyOf('clients', neighbour.clientId!))].sort((a, b) => a - b));
  });

  it('matches values, module, event and causer, takes wildcards literally and finds nothing unrelated', async () => {
    const subjectId = (await ctx.call('POST', '/api/states/store', { token: editor.token, body: { name: 'Lara 100%' } })).body.data.id;
    const [created] = await historyOf('states', subjectId);
    expect(await found('100%')).toEqual([created]);
    expect(await found('Lara 1_0')).toEqual([]);
    expect(await found('Ningún registro se llama así')).toEqual([]);
    expect(await found('Editora Regional')).toEqual(await filtered({ user: [editor.id] }));
    expect(await found('states')).toEqual(await filtered({ module: 'states' }));
    expect(await found('updated')).toEqual(await filtered({ event_type: ['updated'] }));
  });

  it('finds entries by the Spanish names the screen shows for their module and event, with or without accents', async () => {
    await recordAudit(ctx.db, { module: 'backups', event: 'created', causerId: editor.id, attributes: { name: 'respaldo-2026-12-01.dump' } });
    const backups = await filtered({ module: 'backups' });
    expect(backups.length).toBeGreaterThan(0);
    expect(await found('Respaldos')).toEqual(backups);
    expect(await found('respaldos')).toEqual(backups);
    const updates = await filtered({ event_type: ['updated'] });
    expect(updates.length).toBeGreaterThan(0);
    expect(await found('Actualizado')).toEqual(updates);
  });

  it('answers 403 to a search without the logs permission', async () => {
    expect((await ctx.call('GET', '/api/logs', { token: editor.token, query: { search: 'Barinas' } })).status).toBe(403);
  });
});
