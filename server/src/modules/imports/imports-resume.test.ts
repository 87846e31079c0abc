import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { filesIn, objectStores, type FileStorage } from '../../platform/storage';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { seedImportPlaces, templateCsv } from '../../../test/import-fixture';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { auditLogs } from '../logs/tables';
import { createImport, findImport } from './service';
import { imports } from './tables';
import { claimImport, importSettings, runImport, runPendingImports } from './worker';

let ctx: TestContext;
let admin: TestUser;
let storage: FileStorage;
const settings = { ...importSettings({ IMPORT_MAX_ROWS: 1000, IMPORT_MAX_MB: 5, IMPORT_BATCH_ROWS: 2, IMPORT_PAUSE_RATIO: 0 }), leaseSeconds: 60 };
const auth = () => ({ user: { id: admin.id } }) as unknown as AuthContext;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ roleId: 1 });
  storage = filesIn(objectStores(ctx.config).uploads);
  await seedImportPlaces(ctx.db);
});
afterAll(() => ctx.close());

const file = Buffer.from(templateCsv(...['1', '2', '3', '4', '5'].map((n) => `;V;8000000${n};Cliente ${n};;;;;;Calle ${n};Lara;Iribarren;Catedral;Centro;;;;${n}`)));

/** The database as a server that dies at its `dieAt`-th transaction sees it. */
function dyingAt(db: Database, dieAt: number): Database {
  let transactions = 0;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return (work: Parameters<Database['transaction']>[0]) => {
          if (++transactions === dieAt) throw new Error('el servidor se detuvo');
          return target.transaction(work);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('a commit survives its server', () => {
  it('a server killed after the first batch leaves it whole, and the next pass resumes with no duplicate and no lost row', async () => {
    const dry = await createImport(ctx.db, storage, auth(), { kind: 'clients_addresses', mode: 'dry_run', onlyValid: false, fileName: 'lote.csv', data: file }, settings);
    await runPendingImports(ctx.db, storage, settings);
    expect((await findImport(ctx.db, dry)).counts.clients_created).toBe(5);
    const id = await createImport(ctx.db, storage, auth(), { kind: 'clients_addresses', mode: 'commit', onlyValid: false, fileName: 'lote.csv', data: file }, settings);
    expect(await claimImport(ctx.db, settings.leaseSeconds)).toBe(id);
    await expect(runImport(dyingAt(ctx.db, 2), storage, id, settings)).rejects.toThrow('el servidor se detuvo');
    const halfway = await findImport(ctx.db, id);
    expect(halfway).toMatchObject({ status: 'running', rows_done: 2, counts: { clients_created: 2, addresses_created: 2 } });
    expect(await ctx.db.select({ n: count() }).from(clients).where(sql`${clients.identification} like '8000000%'`)).toEqual([{ n: 2 }]);
    expect(await runPendingImports(ctx.db, storage, settings)).toBe(1);
    const finished = await findImport(ctx.db, id);
    expect(finished).toMatchObject({ status: 'done', rows_done: 5, counts: { clients_created: 5, addresses_created: 5, rows_in_error: 0 } });
    expect(await ctx.db.select({ n: count() }).from(clients).where(sql`${clients.identification} like '8000000%'`)).toEqual([{ n: 5 }]);
    expect(await ctx.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.description, 'import_clients'))).toEqual([{ n: 1 }]);
  });

  it('two imports never interleave: while one runs under its lease the next waits in the queue', async () => {
    const first = await createImport(ctx.db, storage, auth(), { kind: 'clients_addresses', mode: 'dry_run', onlyValid: false, fileName: 'a.csv', data: file }, settings);
    const second = await createImport(ctx.db, storage, auth(), { kind: 'clients_addresses', mode: 'dry_run', onlyValid: false, fileName: 'b.csv', data: file }, settings);
    expect(await claimImport(ctx.db, settings.leaseSeconds)).toBe(first);
    expect(await claimImport(ctx.db, settings.leaseSeconds)).toBeNull();
    expect((await findImport(ctx.db, second)).status).toBe('queued');
    await runImport(ctx.db, storage, first, settings);
    expect(await claimImport(ctx.db, settings.leaseSeconds)).toBe(second);
    await runImport(ctx.db, storage, second, settings);
    expect((await findImport(ctx.db, second)).status).toBe('done');
  });

  it('a commit cancelled while running stops at the next batch boundary, with whole batches written', async () => {
    const more = Buffer.from(templateCsv(...['1', '2', '3', '4'].map((n) => `;V;8100000${n};Otro ${n};;;;;;;;;;;;;;`)));
    await createImport(ctx.db, storage, auth(), { kind: 'clients_addresses', mode: 'dry_run', onlyValid: false, fileName: 'c.csv', data: more }, settings);
    await runPendingImports(ctx.db, storage, settings);
    const id = await createImport(ctx.db, storage, auth(), { kind: 'clients_addresses', mode: 'commit', onlyValid: false, fileName: 'c.csv', data: more }, settings);
    await ctx.db.update(imports).set({ cancelRequested: true }).where(eq(imports.id, id));
    await runPendingImports(ctx.db, storage, settings);
    expect(await findImport(ctx.db, id)).toMatchObject({ status: 'cancelled', rows_done: 0 });
    expect(await ctx.db.select({ n: count() }).from(clients).where(sql`${clients.identification} like '8100000%'`)).toEqual([{ n: 0 }]);
  });
});
