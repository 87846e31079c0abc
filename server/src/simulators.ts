import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { startBankSimulator } from './providers/bank/simulator';
import { startInvoiceSimulator } from './providers/invoice/simulator';
import { startBcvSimulator } from './providers/bcv/simulator';
import { bankSimulatorOptions, bcvSimulatorOptions, invoiceSimulatorOptions } from './providers/simulator-options';

/**
 * `npm run simulators`: The Factory HKA's, Banco de Venezuela's and the BCV page's simulators on fixed ports
 * (INVOICE_SIMULATOR_PORT, BANK_SIMULATOR_PORT, BCV_SIMULATOR_PORT), their state and secrets in DATA_DIR, for any number of
 * Recaudo processes pointed at them with INVOICE_PROVIDER_URL and BANK_API_URL exactly as at the
 * real services (README "Simuladores").
 */
async function main() {
  const config = loadConfig();
  const host = config.SIMULATORS_HOST;
  const invoiceOptions = invoiceSimulatorOptions(config);
  const bankOptions = bankSimulatorOptions(config);
  const invoice = await startInvoiceSimulator({ ...invoiceOptions, host });
  const bank = await startBankSimulator({ ...bankOptions, host });
  console.log(`Imprenta digital simulada (The Factory HKA) en http://${host}:${config.INVOICE_SIMULATOR_PORT}/api`);
  console.log(
    `  INVOICE_PROVIDER_URL=http://${host}:${config.INVOICE_SIMULATOR_PORT}/api INVOICE_PROVIDER_USER=${invoiceOptions.user} INVOICE_PROVIDER_PASSWORD=${invoiceOptions.password}`,
  );
  console.log(`Banco de Venezuela simulado en http://${host}:${config.BANK_SIMULATOR_PORT}`);
  console.log(
    `  BANK_API_URL=http://${host}:${config.BANK_SIMULATOR_PORT} BANK_API_KEY=${bankOptions.apiKey} BANK_ACCOUNT=${bank.account} BANK_PHONE=${bankOptions.phone}`,
  );
  console.log(`  Clave de instructor (X-Trainer-Key de /simulador/creditos): ${bankOptions.trainerKey}`);
  const bcv = await startBcvSimulator({ ...bcvSimulatorOptions(config), port: config.BCV_SIMULATOR_PORT, host });
  console.log(`Página de tasas del BCV simulada en http://${host}:${config.BCV_SIMULATOR_PORT}`);
  console.log(`  BCV_RATE_URL=http://${host}:${config.BCV_SIMULATOR_PORT}  (entrenador: POST /simulador/tasa con X-Trainer-Key)`);
  console.log(`Estado de los simuladores en ${config.DATA_DIR}`);
  closeWithGrace({ delay: 5000 }, async () => {
    await invoice.close();
    await bank.close();
    await bcv.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
