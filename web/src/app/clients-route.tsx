import { ClientAddressList } from '../features/addresses-payment/client-address-list';
import ClientsPage from '../features/clients/clients-page';
import { addressDialogs } from './address-dialogs';

/**
 * /clients: features do not import each other, so the app hands the clients list the expansion
 * of its rows: the client's payment addresses, each with its month calendar, tickets and actions.
 */
export default function ClientsRoute() {
  return <ClientsPage addressesOf={(client) => <ClientAddressList client={client} {...addressDialogs} />} />;
}
