import Button from 'antd/es/button';
import { useState } from 'react';
import { ClientAddressList } from '../features/addresses-payment/client-address-list';
import ClientDetailPage from '../features/clients/client-detail-page';
import { LoginsList } from '../features/logins/logins-list';
import { LogsList } from '../features/logs/logs-list';
import { PaymentsList } from '../features/payments/payments-list';
import { SolvenciesList } from '../features/solvencies/solvencies-list';
import type { StatementScope } from '../features/statements/api';
import { StatementModal } from '../features/statements/statement-modal';
import { paymentShortcuts } from './payments-route';

/** Tab 3 with the client's statement and each address's ("Estado de cuenta", issue 33). */
function AddressesWithStatements({ clientId }: { clientId: number }) {
  const [scope, setScope] = useState<StatementScope | null>(null);
  return (
    <>
      <Button style={{ marginBottom: 8 }} onClick={() => setScope({ clientId })}>
        Estado de cuenta del cliente
      </Button>
      <ClientAddressList clientId={clientId} onStatement={(address) => setScope({ addressId: address.id })} />
      <StatementModal scope={scope} onClose={() => setScope(null)} />
    </>
  );
}

/**
 * /client-detail/{id}: features do not import each other, so the app hands the client detail
 * its Pagos, Direcciones de pago, Solvencias, Bitácoras and Login del usuario tabs, each fixed on the client.
 */
export default function ClientDetailRoute() {
  return (
    <ClientDetailPage
      paymentsTab={(client) => <PaymentsList client={client} newAddressPanel={paymentShortcuts.newAddressPanel} bankValidationModal={paymentShortcuts.bankValidationModal} />}
      addressesTab={(clientId) => <AddressesWithStatements clientId={clientId} />}
      solvenciesTab={(clientId) => <SolvenciesList clientId={clientId} />}
      logsTab={(clientId) => <LogsList clientId={clientId} />}
      loginsTab={(clientId) => <LoginsList clientId={clientId} />}
    />
  );
}
