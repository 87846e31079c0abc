import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SimulatorSecrets {
  /** Seeds the bank simulator's movements: without it they could be computed from the source. */
  seed: string;
  /** What the trainer endpoints (`/simulador/...`) ask for in `X-Trainer-Key`. */
  trainerKey: string;
  /** This call made them (the first start): the only time the JSON log prints the key. */
  created: boolean;
}

export const SECRETS_FILE = 'simulators-secret.json';

/**
 * The simulators' secrets of an installation, made at its first start into DATA_DIR (readable
 * by its owner only) and read from there afterwards. Several processes starting together agree:
 * the file appears whole through a hard link, which only one of them wins.
 */
export function simulatorSecrets(dataDir: string): SimulatorSecrets {
  const file = path.join(dataDir, SECRETS_FILE);
  let created = false;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(draft, JSON.stringify({ seed: randomBytes(32).toString('hex'), trainerKey: randomBytes(18).toString('base64url') }), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { seed?: unknown; trainerKey?: unknown };
  if (typeof saved.seed !== 'string' || typeof saved.trainerKey !== 'string' || !saved.seed || !saved.trainerKey)
    throw new Error(`${file} no tiene la semilla y la clave de instructor de los simuladores: bórralo para que se creen de nuevo`);
  return { seed: saved.seed, trainerKey: saved.trainerKey, created };
}
