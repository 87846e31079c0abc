import { AddressFormPanel } from '../features/addresses-payment/address-form-panel';
import { ClientFormPanel } from '../features/clients/client-form-panel';
import PaymentsPage from '../features/payments/payments-page';

/**
 * /payments: features do not import each other, so the app hands the payment panel its
 * "Nuevo cliente" and "Nueva dirección" shortcuts (spec 02 §2): the clients and addresses areas'
 * own panels, opened over the payment panel; what they save is selected in it.
 */
export default function PaymentsRoute() {
  return (
    <PaymentsPage
      newClientPanel={({ open, onClose, onCreated }) => (
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
      )}
      newAddressPanel={({ open, client, onClose, onCreated }) => (
        <AddressFormPanel open={open} address={null} defaultClient={client} defaultType={client.type === 1 ? 1 : 0} onClose={onClose} onSaved={onCreated} />
      )}
    />
  );
}
