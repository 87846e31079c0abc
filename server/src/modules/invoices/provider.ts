import type { Config } from '../../config';
import { openInvoiceProvider } from '../../providers/invoice';

type Opened = Awaited<ReturnType<typeof openInvoiceProvider>>;
const opened = new WeakMap<Config, Promise<Opened>>();

/** The printer of a configuration, opened once (the simulator's port is shared by the routes and the worker). */
export function invoiceProviderFor(config: Config): Promise<Opened> {
  let found = opened.get(config);
  if (!found) {
    found = openInvoiceProvider(config);
    opened.set(config, found);
  }
  return found;
}

/** Closes the printer of a configuration if it was opened. */
export async function closeInvoiceProvider(config: Config): Promise<void> {
  const found = opened.get(config);
  if (!found) return;
  opened.delete(config);
  await (await found).close();
}
