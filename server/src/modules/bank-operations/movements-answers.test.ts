import { afterAll, describe, expect, it } from 'vitest';
import { BANK_DATE_FORMAT } from '@recaudo/domain/bank-operations';
import { caracas } from '@recaudo/domain/dates';
import { bdvClient } from '../../providers/bank/bdv-client';
import { startBankSimulator, type BankSimulator, type SimulatorOptions } from '../../providers/bank/simulator';
import { findMovements } from './movements';

/**
 * The movements search against each answer the bank is known to give where it is unconfirmed
 * (docs/providers.md): a range with today refused or served, an empty day as "1001" or as "1000"
 * with no list. Whatever the bank does, the same movements come back and no day is dropped.
 */
const started: BankSimulator[] = [];
afterAll(() => Promise.all(started.map((simulator) => simulator.close())));

async function bankWith(options: SimulatorOptions) {
  const simulator = await startBankSimulator(options);
  started.push(simulator);
  const client = bdvClient({
    baseUrl: simulator.url,
    apiKey: simulator.apiKey,
    account: simulator.account,
    phone: '04120000000',
    validatePath: '/getMovement',
    movementsPath: '/apis/bdv/consulta/movimientos',
    timeoutMs: 2000,
  });
  return { simulator, client };
}
const day = (back: number) => caracas().subtract(back, 'day').format(BANK_DATE_FORMAT);
const search = (dateInit: string, dateEnd: string) => ({ dateInit, dateEnd, currencyType: 'VES' as const, movementNumber: '' });

describe('movements whatever the bank answers', () => {
  it('a range up to today gives every movement of every day, whether the bank refuses or serves such a range', async () => {
    const refusing = await bankWith({ todayInRange: 'refuse' });
    const serving = await bankWith({ todayInRange: 'serve' });
    const expected = refusing.simulator.movements().filter((mov) => mov.fecha >= caracas().subtract(9, 'day').format('YYYY-MM-DD'));
    for (const { client } of [refusing, serving]) {
      const found = await findMovements(client, search(day(9), day(0)));
      expect(found.movs.map((mov) => mov.nroMov).sort()).toEqual(expected.map((mov) => mov.nroMov).sort());
      expect(new Set(found.movs.map((mov) => mov.fecha)).size).toBe(new Set(expected.map((mov) => mov.fecha)).size);
    }
  });

  it('an empty day is no movements whether the bank answers "1001" or "1000" with an empty list', async () => {
    for (const emptyDay of ['1001', '1000'] as const) {
      // Two days of history: three days ago the account had no movements.
      const { client } = await bankWith({ days: 2, emptyDay });
      expect(await findMovements(client, search(day(3), day(3)))).toEqual({ movs: [], totalOfMovements: 0 });
    }
  });
});
