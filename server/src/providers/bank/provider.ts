import type { Config } from '../../config';
import { bankSimulatorOptions } from '../simulator-options';
import { bdvClient } from './bdv-client';
import { startBankSimulator, type BankSimulator } from './simulator';
import type { BankProvider } from './types';

export interface BankConnection {
  provider(): Promise<BankProvider>;
  close(): Promise<void>;
}

/**
 * The bank of one server process: the real BDV API when `BANK_API_URL` is set (with
 * `BANK_API_KEY`, `BANK_ACCOUNT`, `BANK_PHONE`), else the simulator, started on a free local
 * port at first use. Either way the app talks HTTP through the same client.
 */
export function bankConnection(config: Config): BankConnection {
  let simulator: Promise<BankSimulator> | null = null;
  let client: Promise<BankProvider> | null = null;
  const paths = { validatePath: config.BANK_VALIDATE_PATH, movementsPath: config.BANK_MOVEMENTS_PATH, timeoutMs: config.BANK_TIMEOUT_MS };
  return {
    provider() {
      client ??= (async () => {
        if (config.BANK_API_URL) {
          return bdvClient({
            baseUrl: config.BANK_API_URL,
            apiKey: config.BANK_API_KEY ?? '',
            account: config.BANK_ACCOUNT ?? '',
            phone: config.BANK_PHONE ?? '',
            ...paths,
          });
        }
        // In process, as before `npm run simulators` existed: its conciliations last as long as the process.
        const options = { ...bankSimulatorOptions(config), stateFile: undefined };
        simulator = startBankSimulator(options);
        const running = await simulator;
        return bdvClient({ baseUrl: running.url, apiKey: running.apiKey, account: running.account, phone: options.phone!, ...paths });
      })();
      return client;
    },
    async close() {
      if (simulator) await (await simulator).close();
    },
  };
}
