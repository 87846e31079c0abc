import { createHkaClient } from './hka-client';
import { startInvoiceSimulator, type InvoiceSimulator } from './simulator';
import type { InvoiceProvider } from './types';

export type { InvoiceProvider } from './types';

export interface InvoiceProviderSettings {
  INVOICE_PROVIDER_URL?: string;
  INVOICE_PROVIDER_USER?: string;
  INVOICE_PROVIDER_PASSWORD?: string;
  INVOICE_PROVIDER_TIMEOUT_SECONDS: number;
}

/**
 * The configured printer: The Factory HKA when INVOICE_PROVIDER_URL, _USER and _PASSWORD are set,
 * otherwise the simulator on a local port (the default, for demos and development).
 */
export async function openInvoiceProvider(
  settings: InvoiceProviderSettings,
): Promise<{ provider: InvoiceProvider; simulator: InvoiceSimulator | null; close: () => Promise<void> }> {
  const timeoutMs = settings.INVOICE_PROVIDER_TIMEOUT_SECONDS * 1000;
  if (settings.INVOICE_PROVIDER_URL && settings.INVOICE_PROVIDER_USER && settings.INVOICE_PROVIDER_PASSWORD) {
    const provider = createHkaClient({
      url: settings.INVOICE_PROVIDER_URL,
      user: settings.INVOICE_PROVIDER_USER,
      password: settings.INVOICE_PROVIDER_PASSWORD,
      timeoutMs,
    });
    return { provider, simulator: null, close: async () => undefined };
  }
  const simulator = await startInvoiceSimulator();
  const provider = createHkaClient({ url: simulator.url, user: 'recaudo', password: 'simulador', timeoutMs });
  return { provider, simulator, close: () => simulator.close() };
}
