import AddressesPage from '../features/addresses-payment/addresses-page';
import { NewSolvencyModal } from '../features/solvencies/new-solvency-modal';

/** /address-payments: the addresses list, its rows' "Generar solvencia" opening the solvencies area's dialog on the row. */
export default function AddressesRoute() {
  return (
    <AddressesPage
      solvencyDialog={(address, close) => <NewSolvencyModal open={address !== null} clientId={address?.client_id} addressId={address?.id} onClose={close} />}
    />
  );
}
