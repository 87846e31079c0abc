import { AddressFormPanel } from '../features/addresses-payment/address-form-panel';
import { BankValidationModal } from '../features/bank-operations/bank-validation-modal';
import { ClientFormPanel } from '../features/clients/client-form-panel';
import { prefetchPayments } from '../features/payments/api';
import type { PaymentShortcuts } from '../features/payments/payment-form-panel';
import PaymentsPage from '../features/payments/payments-page';
import type { RoutePrefetch } from './pages';

/**
 * The payment panel's "Nuevo cliente" and "Nueva dirección" shortcuts and its bank validation
 * modal (spec 02 §2): features do not import each other, so the app hands in the clients,
 * addresses and bank areas' own components, opened over the payment panel.
 */
export const paymentShortcuts: Required<PaymentShortcuts> = {
  newClientPanel: ({ open, onClose, onCreated }) => (
    <ClientFormPanel
      open={open}
      client={null}
      onClose={onClose}
      onSaved={(id, input) =>
        onCreated({
          id,
          name: input.name,
          identification_type: input.identification_type,
          identification: input.identification,
          type: input.type,
          email: input.email,
          phone: input.phone,
        })
      }
    />
  ),
  newAddressPanel: ({ open, client, onClose, onCreated }) => (
    <AddressFormPanel open={open} address={null} defaultClient={client} defaultType={client.type === 1 ? 1 : 0} onClose={onClose} onSaved={onCreated} />
  ),
  bankValidationModal: (props) => <BankValidationModal {...props} />,
};

/** /payments: the payments list with the panel's shortcuts. */
export default function PaymentsRoute() {
  return <PaymentsPage {...paymentShortcuts} />;
}

export const prefetch: RoutePrefetch = prefetchPayments;
