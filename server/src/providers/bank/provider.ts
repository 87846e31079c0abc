import type { Config } from '../../config';
import { isSimulated, serviceNamed } from '../../simulated-services';
import { bankSimulatorOptions } from '../simulator-options';
import { bdvClient } from './bdv-client';
import { startBankSimulator, type BankSimulator } from './simulator';
import type { BankProvider } from './types';

export interface BankConnection {
  provider(): Promise<BankProvider>;
  /** The simulator answering for the bank, started if need be; null when the real bank does. */
  simulator(): Promise<BankSimulator | null>;
  close(): Promise<void>;
}

/**
 * The bank of one server process: the real BDV API when `BANK_API_URL` is set (with
 * `BANK_API_KEY`, `BANK_ACCOUNT`, `BANK_PHONE`), else the simulator, started at first use on
 * BANK_SIMULATOR_PORT (a free port if taken). Either way the app talks HTTP through the same client.
 */
function openBankConnection(config: Config): BankConnection {
  let simulator: Promise<BankSimulator> | null = null;
  let client: Promise<BankProvider> | null = null;
  const paths = { validatePath: config.BANK_VALIDATE_PATH, movementsPath: config.BANK_MOVEMENTS_PATH, timeoutMs: config.BANK_TIMEOUT_MS };
  const simulated = isSimulated(config, serviceNamed('banco'));
  const connection: BankConnection = {
    provider() {
      client ??= (async () => {
        if (!simulated) {
          return bdvClient({
            baseUrl: config.BANK_API_URL!,
            apiKey: config.BANK_API_KEY ?? '',
            account: config.BANK_ACCOUNT ?? '',
            phone: config.BANK_PHONE ?? '',
            ...paths,
          });
        }
        // In process, as before `npm run simulators` existed: its conciliations last as long as the process.
        const options = { ...bankSimulatorOptions(config), stateFile: undefined, anyPortIfTaken: true };
        simulator = startBankSimulator(options);
        const running = await simulator;
        return bdvClient({ baseUrl: running.url, apiKey: running.apiKey, account: running.account, phone: options.phone!, ...paths });
      })();
      return client;
    },
    async simulator() {
      if (!simulated) return null;
      await connection.provider();
      return simulator;
    },
    async close() {
      if (simulator) await (await simulator).close();
    },
  };
  return connection;
}

const opened = new WeakMap<Config, BankConnection>();

/** The bank of a configuration, opened once: the routes and the start banner share its simulator. */
export function bankConnection(config: Config): BankConnection {
  let found = opened.get(config);
  if (!found) {
    const connection = openBankConnection(config);
    found = {
      ...connection,
      close: async () => {
        opened.delete(config);
        await connection.close();
      },
    };
    opened.set(config, found);
  }
  return found;
}
