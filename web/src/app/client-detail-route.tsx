import type { ClientRow } from '@recaudo/domain/clients';
import Button from 'antd/es/button';
import { useState } from 'react';
import { ClientAddressList } from '../features/addresses-payment/client-address-list';
import ClientDetailPage from '../features/clients/client-detail-page';
import { LoginsList } from '../features/logins/logins-list';
import { LogsList } from '../features/logs/logs-list';
import { AgreementsSection } from '../features/payment-agreements/agreements-section';
import { PaymentFormPanel } from '../features/payments/payment-form-panel';
import { PaymentsList } from '../features/payments/payments-list';
import { SolvenciesList } from '../features/solvencies/solvencies-list';
import { StatementModal } from '../features/statements/statement-modal';
import { addressDialogs } from './address-dialogs';
import { paymentShortcuts } from './payments-route';

/** "Registrar pago" on the client (the header) or on one of her addresses (its row), the payments area's form. */
const paymentPanel = (client: ClientRow, open: boolean, close: () => void, addressId: number | null = null) => (
  <PaymentFormPanel open={open} payment={null} onClose={close} defaultClient={client} payAddressId={addressId} {...paymentShortcuts} />
);

/** Tab 3: the client's statement, and the addresses with their actions, each one's statement among them (issue 33). */
function AddressesWithStatements({ client }: { client: ClientRow }) {
  const [statementOpen, setStatementOpen] = useState(false);
  return (
    <>
      <Button style={{ marginBottom: 8 }} onClick={() => setStatementOpen(true)}>
        Estado de cuenta del cliente
      </Button>
      <ClientAddressList
        client={client}
        {...addressDialogs}
        paymentDialog={(address, close) => paymentPanel(client, address !== null, close, address?.id ?? null)}
      />
      <StatementModal scope={statementOpen ? { clientId: client.id } : null} onClose={() => setStatementOpen(false)} />
    </>
  );
}

/**
 * /client-detail/{id}: features do not import each other, so the app hands the client detail
 * its Pagos, Direcciones de pago, Solvencias, Convenios de pago, Bitácoras and Login del usuario tabs, each fixed on the client.
 */
export default function ClientDetailRoute() {
  return (
    <ClientDetailPage
      paymentsTab={(client) => <PaymentsList client={client} newAddressPanel={paymentShortcuts.newAddressPanel} bankValidationModal={paymentShortcuts.bankValidationModal} />}
      addressesTab={(client) => <AddressesWithStatements client={client} />}
      solvenciesTab={(clientId) => <SolvenciesList clientId={clientId} />}
      agreementsTab={(clientId) => <AgreementsSection clientId={clientId} />}
      logsTab={(clientId) => <LogsList clientId={clientId} />}
      loginsTab={(clientId) => <LoginsList clientId={clientId} />}
      paymentPanel={(client, close) => client && paymentPanel(client, true, close)}
    />
  );
}
