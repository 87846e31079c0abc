import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { startBankSimulator } from './providers/bank/simulator';
import { startInvoiceSimulator } from './providers/invoice/simulator';
import { bankSimulatorOptions, invoiceSimulatorOptions } from './providers/simulator-options';

/**
 * `npm run simulators`: The Factory HKA's and Banco de Venezuela's simulators on fixed ports
 * (INVOICE_SIMULATOR_PORT, BANK_SIMULATOR_PORT), their state in DATA_DIR, for any number of
 * Recaudo processes pointed at them with INVOICE_PROVIDER_URL and BANK_API_URL exactly as at the
 * real services (README "Simuladores").
 */
async function main() {
  const config = loadConfig();
  const host = config.SIMULATORS_HOST;
  const invoiceOptions = invoiceSimulatorOptions(config);
  const bankOptions = bankSimulatorOptions(config);
  const invoice = await startInvoiceSimulator({ ...invoiceOptions, port: config.INVOICE_SIMULATOR_PORT, host });
  const bank = await startBankSimulator({ ...bankOptions, port: config.BANK_SIMULATOR_PORT, host });
  console.log(`Imprenta digital simulada (The Factory HKA) en http://${host}:${config.INVOICE_SIMULATOR_PORT}/api`);
  console.log(
    `  INVOICE_PROVIDER_URL=http://${host}:${config.INVOICE_SIMULATOR_PORT}/api INVOICE_PROVIDER_USER=${invoiceOptions.user} INVOICE_PROVIDER_PASSWORD=${invoiceOptions.password}`,
  );
  console.log(`Banco de Venezuela simulado en http://${host}:${config.BANK_SIMULATOR_PORT}`);
  console.log(
    `  BANK_API_URL=http://${host}:${config.BANK_SIMULATOR_PORT} BANK_API_KEY=${bankOptions.apiKey} BANK_ACCOUNT=${bank.account} BANK_PHONE=${bankOptions.phone}`,
  );
  console.log(`Estado de los simuladores en ${config.DATA_DIR}`);
  closeWithGrace({ delay: 5000 }, async () => {
    await invoice.close();
    await bank.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
