import { ClientAddressList } from '../features/addresses-payment/client-address-list';
import ClientDetailPage from '../features/clients/client-detail-page';
import { LoginsList } from '../features/logins/logins-list';
import { LogsList } from '../features/logs/logs-list';
import { PaymentsList } from '../features/payments/payments-list';
import { SolvenciesList } from '../features/solvencies/solvencies-list';
import { paymentShortcuts } from './payments-route';

/**
 * /client-detail/{id}: features do not import each other, so the app hands the client detail
 * its Pagos, Direcciones de pago, Solvencias, Bitácoras and Login del usuario tabs, each fixed on the client.
 */
export default function ClientDetailRoute() {
  return (
    <ClientDetailPage
      paymentsTab={(client) => <PaymentsList client={client} newAddressPanel={paymentShortcuts.newAddressPanel} bankValidationModal={paymentShortcuts.bankValidationModal} />}
      addressesTab={(clientId) => <ClientAddressList clientId={clientId} />}
      solvenciesTab={(clientId) => <SolvenciesList clientId={clientId} />}
      logsTab={(clientId) => <LogsList clientId={clientId} />}
      loginsTab={(clientId) => <LoginsList clientId={clientId} />}
    />
  );
}
