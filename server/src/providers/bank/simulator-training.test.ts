import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { caracas } from '@recaudo/domain/dates';
import { simulatorSecrets } from '../simulator-secrets';
import { seededMovements } from './simulator-data';
import { startBankSimulator, type BankSimulator } from './simulator';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-bank-training-'));
const running: BankSimulator[] = [];
afterAll(async () => {
  for (const simulator of running) await simulator.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});
const start = async (options: Parameters<typeof startBankSimulator>[0]) => {
  const simulator = await startBankSimulator(options);
  running.push(simulator);
  return simulator;
};

const yesterday = caracas().subtract(1, 'day').format('YYYY-MM-DD');
const credit = { referencia: '0134123456789', fechaPago: yesterday, importe: '182.50', bancoOrigen: '0134', telefonoPagador: '04141234567' };
const addCredit = (simulator: BankSimulator, headers: Record<string, string>) =>
  fetch(`${simulator.url}/simulador/creditos`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(credit) });

describe("the bank simulator's secrets", () => {
  it('the trainer endpoint needs the trainer key: the published API key or a wrong key is refused and adds nothing', async () => {
    const simulator = await start({ apiKey: 'simulador-bdv', trainerKey: 'clave-de-instructor-0123456789' });
    const before = simulator.movements().length;
    for (const headers of [{ 'x-api-key': 'simulador-bdv' }, { 'x-trainer-key': 'otra-clave' }, {}] as Record<string, string>[]) {
      const refused = await addCredit(simulator, headers);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ code: '1010', message: 'Clave de instructor inválida (X-Trainer-Key)' });
    }
    expect(simulator.movements()).toHaveLength(before);
    const added = await addCredit(simulator, { 'x-trainer-key': 'clave-de-instructor-0123456789' });
    expect(((await added.json()) as { code: string }).code).toBe('1000');
    expect(simulator.movements().some((movement) => movement.referencia === credit.referencia)).toBe(true);
  });

  it('without a trainer key the trainer endpoint does not exist', async () => {
    const simulator = await start({});
    expect((await addCredit(simulator, { 'x-trainer-key': '' })).status).toBe(404);
  });

  it("an installation's movements come from its own secret: not those anyone can compute from the source", () => {
    const first = simulatorSecrets(path.join(scratch, 'one'));
    const second = simulatorSecrets(path.join(scratch, 'two'));
    expect(first.created).toBe(true);
    expect(first.seed).not.toBe(second.seed);
    expect(first.trainerKey).not.toBe(second.trainerKey);
    expect(simulatorSecrets(path.join(scratch, 'one'))).toEqual({ ...first, created: false });
    const published = seededMovements(yesterday, yesterday).map((movement) => movement.referencia);
    const own = seededMovements(yesterday, yesterday, first.seed).map((movement) => movement.referencia);
    expect(own.some((reference) => published.includes(reference))).toBe(false);
    expect(seededMovements(yesterday, yesterday, first.seed)).toEqual(seededMovements(yesterday, yesterday, first.seed));
  });

  it('a damaged secrets file stops the start with what to do', () => {
    const dir = path.join(scratch, 'damaged');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'simulators-secret.json'), '{}');
    expect(() => simulatorSecrets(dir)).toThrow(/no tiene la semilla y la clave de instructor de los simuladores: bórralo/);
  });
});
