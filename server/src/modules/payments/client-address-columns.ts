import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';

/** The client's and address's columns a payment row shows, read by a join (page rows and exports). */
export const clientAddressColumns = {
  client_name: clients.name,
  client_identification_type: clients.identificationType,
  client_identification: clients.identification,
  client_type: clients.type,
  client_email: clients.email,
  client_phone: clients.phone,
  address_type: addressesPayments.type,
  address: addressesPayments.address,
  address_is_custom_fee: addressesPayments.isCustomFee,
  address_fee: addressesPayments.fee,
};
