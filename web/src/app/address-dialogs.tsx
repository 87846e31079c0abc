import type { AddressDialogs } from '../features/addresses-payment/address-actions';
import { NewSolvencyModal } from '../features/solvencies/new-solvency-modal';
import { StatementModal } from '../features/statements/statement-modal';

/**
 * The address rows' "Generar solvencia" and "Estado de cuenta" wherever addresses are listed
 * (Direcciones de Pagos, a client's addresses): the solvencies and statements areas' dialogs.
 */
export const addressDialogs: Required<Pick<AddressDialogs, 'solvencyDialog' | 'statementDialog'>> = {
  solvencyDialog: (address, close) => <NewSolvencyModal open={address !== null} clientId={address?.client_id} addressId={address?.id} onClose={close} />,
  statementDialog: (address, close) => <StatementModal scope={address ? { addressId: address.id } : null} onClose={close} />,
};
