import { AddressFormPanel } from '../features/addresses-payment/address-form-panel';
import { ClientFormPanel } from '../features/clients/client-form-panel';
import type { PaymentShortcuts } from '../features/payments/payment-form-panel';
import PaymentsPage from '../features/payments/payments-page';

/**
 * The payment panel's "Nuevo cliente" and "Nueva dirección" shortcuts (spec 02 §2): features do
 * not import each other, so the app hands in the clients and addresses areas' own panels, opened
 * over the payment panel; what they save is selected in it.
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
};

/** /payments: the payments list with the panel's shortcuts. */
export default function PaymentsRoute() {
  return <PaymentsPage {...paymentShortcuts} />;
}
