import AddressesPage from '../features/addresses-payment/addresses-page';
import { NewSolvencyModal } from '../features/solvencies/new-solvency-modal';
import { StatementModal } from '../features/statements/statement-modal';

/**
 * /address-payments: the addresses list, its rows' "Generar solvencia" opening the solvencies
 * area's dialog on the row and "Estado de cuenta" the statements area's.
 */
export default function AddressesRoute() {
  return (
    <AddressesPage
      solvencyDialog={(address, close) => <NewSolvencyModal open={address !== null} clientId={address?.client_id} addressId={address?.id} onClose={close} />}
      statementDialog={(address, close) => <StatementModal scope={address ? { addressId: address.id } : null} onClose={close} />}
    />
  );
}
