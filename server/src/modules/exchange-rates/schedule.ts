import { Cron } from 'croner';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { bcvPageReader } from '../../providers/bcv/client';
import { startBcvSimulator, type BcvSimulator } from '../../providers/bcv/simulator';
import { bcvSimulatorOptions } from '../../providers/simulator-options';
import { readBcvRates, type BcvReadResult } from './bcv-read';
import { bcvStale } from './service';

export const BCV_TIME_ZONE = 'America/Caracas';

export interface BcvSource {
  fetchPage: () => Promise<string>;
  /** The in-process simulator when BCV_RATE_URL is unset (null when the real page is read). */
  simulator: BcvSimulator | null;
  close(): Promise<void>;
}

/**
 * Where the rates are read: the BCV's page at BCV_RATE_URL, or, without it, a BCV simulator
 * started in this process on a free local port (its state in memory). Either way over HTTP
 * through the same reader.
 */
export async function openBcvSource(config: Config, log: (message: string) => void): Promise<BcvSource> {
  const simulator = config.BCV_RATE_URL ? null : await startBcvSimulator({ ...bcvSimulatorOptions(config), stateFile: undefined });
  const fetchPage = bcvPageReader({ url: config.BCV_RATE_URL ?? simulator!.url, caFile: config.BCV_CA_FILE, timeoutMs: config.BCV_TIMEOUT_MS, log });
  return { fetchPage, simulator, close: async () => simulator?.close() };
}

export interface BcvSchedule {
  /** The read at start, when it ran (null when the stored rate was today's). */
  started: Promise<BcvReadResult | null>;
  next(): Date | null;
  stop(): Promise<void>;
}

/**
 * BCV_RATE_CRON (Caracas time) in every process, and one read at start when the latest BCV value
 * date is before today; the unique index stores each value date once whichever process reads it.
 */
export function startBcvSchedule(
  db: Database,
  options: { cron: string | null; fetchPage: () => Promise<string>; maxDailyChange: number; log: (message: string) => void; onError: (error: unknown) => void },
): BcvSchedule {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    const read = readBcvRates(db, options);
    running = read.catch(options.onError);
    return read;
  };
  const job = options.cron ? new Cron(options.cron, { timezone: BCV_TIME_ZONE, protect: true }, async () => {
        await run().catch(() => undefined);
      }) : null;
  const started = bcvStale(db)
    .then(({ lastValueDate, today }) => (lastValueDate === null || lastValueDate < today ? run() : null))
    .catch((error: unknown) => {
      options.onError(error);
      return null;
    });
  return {
    started,
    next: () => job?.nextRun() ?? null,
    async stop() {
      job?.stop();
      await started;
      await running;
    },
  };
}
