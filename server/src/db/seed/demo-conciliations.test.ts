import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCILIATION_ERROR_CODES } from '@recaudo/domain/bank-operations';
import { caracas } from '@recaudo/domain/dates';
import { payingClient } from '../../../test/bank-fixture';
import { createTestContext, type TestContext } from '../../../test/harness';
import { conciliations } from '../../modules/bank-operations/tables';
import { startBankSimulator } from '../../providers/bank/simulator';
import { seedDemoConciliations } from './demo-conciliations';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await payingClient(ctx);
  await ctx.staff();
  await ctx.staff();
  await ctx.staff();
});
afterAll(() => ctx.close());

describe('demo conciliations', () => {
  it('stores two successes and one failure of each error code on the simulator\'s movements', async () => {
    await seedDemoConciliations(ctx.db);
    const rows = await ctx.db.select().from(conciliations);
    expect(rows.filter((row) => row.success)).toHaveLength(2);
    expect(rows.filter((row) => !row.success).map((row) => row.errorCode).sort()).toEqual([...CONCILIATION_ERROR_CODES].sort());
    const simulator = await startBankSimulator();
    try {
      const credits = simulator.movements().filter((mov) => mov.mov === 'CREDITO');
      for (const row of rows.filter((item) => item.success)) {
        expect(credits.some((mov) => mov.fecha === row.paymentDate && mov.referencia.endsWith(row.reference))).toBe(true);
        expect(row.paymentDate! < caracas().format('YYYY-MM-DD')).toBe(true);
      }
    } finally {
      await simulator.close();
    }
  });
});
