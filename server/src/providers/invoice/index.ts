import type { Config } from '../../config';
import { isSimulated, serviceNamed } from '../../simulated-services';
import { invoiceSimulatorOptions, SIMULATOR_CREDENTIALS } from '../simulator-options';
import { createHkaClient } from './hka-client';
import { startInvoiceSimulator, type InvoiceSimulator } from './simulator';
import type { InvoiceProvider } from './types';

export type { InvoiceProvider } from './types';

/**
 * The configured printer: The Factory HKA (or `npm run simulators`' printer) when
 * INVOICE_PROVIDER_URL, _USER and _PASSWORD are set, otherwise the simulator started in this
 * process on INVOICE_SIMULATOR_PORT (a free port if taken; demos and training), its state in DATA_DIR.
 */
export async function openInvoiceProvider(
  settings: Config,
): Promise<{ provider: InvoiceProvider; simulator: InvoiceSimulator | null; close: () => Promise<void> }> {
  const timeoutMs = settings.INVOICE_PROVIDER_TIMEOUT_SECONDS * 1000;
  if (!isSimulated(settings, serviceNamed('imprenta'))) {
    const provider = createHkaClient({
      url: settings.INVOICE_PROVIDER_URL!,
      user: settings.INVOICE_PROVIDER_USER!,
      password: settings.INVOICE_PROVIDER_PASSWORD!,
      timeoutMs,
    });
    return { provider, simulator: null, close: async () => undefined };
  }
  const options = invoiceSimulatorOptions(settings);
  const simulator = await startInvoiceSimulator({ ...options, anyPortIfTaken: true });
  const provider = createHkaClient({
    url: simulator.url,
    user: options.user ?? SIMULATOR_CREDENTIALS.invoiceUser,
    password: options.password ?? SIMULATOR_CREDENTIALS.invoicePassword,
    timeoutMs,
  });
  return { provider, simulator, close: () => simulator.close() };
}
