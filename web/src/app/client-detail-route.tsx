import { ClientAddressList } from '../features/addresses-payment/client-address-list';
import ClientDetailPage from '../features/clients/client-detail-page';
import { LoginsList } from '../features/logins/logins-list';
import { LogsList } from '../features/logs/logs-list';

/**
 * /client-detail/{id}: features do not import each other, so the app hands the client detail
 * its Direcciones de pago, Bitácoras and Login del usuario tabs, each fixed on the client.
 */
export default function ClientDetailRoute() {
  return (
    <ClientDetailPage
      addressesTab={(clientId) => <ClientAddressList clientId={clientId} />}
      logsTab={(clientId) => <LogsList clientId={clientId} />}
      loginsTab={(clientId) => <LoginsList clientId={clientId} />}
    />
  );
}
