import AddressesPage from '../features/addresses-payment/addresses-page';
import { PaymentFormPanel } from '../features/payments/payment-form-panel';
import { addressDialogs } from './address-dialogs';
import { paymentShortcuts } from './payments-route';

/**
 * /address-payments: the addresses list, its rows' "Generar solvencia" opening the solvencies
 * area's dialog on the row, "Estado de cuenta" the statements area's, and a client's "Pagar" the
 * payment form on the address's debt.
 */
export default function AddressesRoute() {
  return (
    <AddressesPage
      {...addressDialogs}
      payPanel={(address, close) => (
        <PaymentFormPanel key={address?.id ?? 'closed'} open={address !== null} payment={null} payAddressId={address?.id ?? null} onClose={close} {...paymentShortcuts} />
      )}
    />
  );
}
