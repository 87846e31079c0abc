import path from 'node:path';
import type { Config } from '../config';
import type { SimulatorOptions as BankSimulatorOptions } from './bank/simulator';
import type { BcvSimulatorOptions } from './bcv/simulator';
import type { SimulatorOptions as InvoiceSimulatorOptions } from './invoice/simulator';
import { simulatorSecrets } from './simulator-secrets';

type SimulatorSettings = Pick<
  Config,
  | 'DATA_DIR'
  | 'INVOICE_PROVIDER_USER'
  | 'INVOICE_PROVIDER_PASSWORD'
  | 'INVOICE_SIMULATOR_RANGE_FROM'
  | 'INVOICE_SIMULATOR_RANGE_TO'
  | 'INVOICE_SIMULATOR_CURRENCIES'
  | 'INVOICE_SIMULATOR_PORT'
  | 'BANK_SIMULATOR_PORT'
  | 'BANK_API_KEY'
  | 'BANK_ACCOUNT'
  | 'BANK_PHONE'
  | 'BANK_SIMULATOR_EMPTY_DAY'
  | 'BANK_SIMULATOR_TODAY_IN_RANGE'
  | 'BANK_SIMULATOR_REFERENCE_DIGITS'
>;

/** Default credentials of both simulators, in process and standalone (README "Simuladores"). */
export const SIMULATOR_CREDENTIALS = { invoiceUser: 'recaudo', invoicePassword: 'simulador', bankApiKey: 'simulador-bdv', bankPhone: '04120000000' } as const;

/**
 * The printer simulator as the settings describe it, the same started in process by `npm start`
 * and standalone by `npm run simulators`: the same credentials a Recaudo process sends, its state
 * in DATA_DIR.
 */
export function invoiceSimulatorOptions(settings: SimulatorSettings): InvoiceSimulatorOptions {
  return {
    user: settings.INVOICE_PROVIDER_USER ?? SIMULATOR_CREDENTIALS.invoiceUser,
    password: settings.INVOICE_PROVIDER_PASSWORD ?? SIMULATOR_CREDENTIALS.invoicePassword,
    rangeFrom: settings.INVOICE_SIMULATOR_RANGE_FROM,
    rangeTo: settings.INVOICE_SIMULATOR_RANGE_TO,
    currencies: settings.INVOICE_SIMULATOR_CURRENCIES.split(',')
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
    stateFile: path.join(settings.DATA_DIR, 'invoice-simulator.json'),
    port: settings.INVOICE_SIMULATOR_PORT,
  };
}

/**
 * The bank simulator as the settings describe it (see `invoiceSimulatorOptions`), its movements
 * seeded and its trainer endpoints keyed by the installation's secrets in DATA_DIR.
 */
export function bankSimulatorOptions(settings: SimulatorSettings): BankSimulatorOptions {
  const secrets = simulatorSecrets(settings.DATA_DIR);
  return {
    secret: secrets.seed,
    trainerKey: secrets.trainerKey,
    port: settings.BANK_SIMULATOR_PORT,
    apiKey: settings.BANK_API_KEY ?? SIMULATOR_CREDENTIALS.bankApiKey,
    account: settings.BANK_ACCOUNT,
    phone: settings.BANK_PHONE ?? SIMULATOR_CREDENTIALS.bankPhone,
    emptyDay: settings.BANK_SIMULATOR_EMPTY_DAY,
    todayInRange: settings.BANK_SIMULATOR_TODAY_IN_RANGE,
    referenceDigits: settings.BANK_SIMULATOR_REFERENCE_DIGITS,
    stateFile: path.join(settings.DATA_DIR, 'bank-simulator.json'),
  };
}

/**
 * The BCV simulator as the settings describe it: its trainer endpoint takes the installation's
 * trainer key (one key for the trainers of every simulator), its state in DATA_DIR.
 */
export function bcvSimulatorOptions(settings: SimulatorSettings): BcvSimulatorOptions {
  return { trainerKey: simulatorSecrets(settings.DATA_DIR).trainerKey, stateFile: path.join(settings.DATA_DIR, 'bcv-simulator.json') };
}
