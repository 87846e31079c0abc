import type { ClientRow } from '@recaudo/domain/clients';
import { textOrEmpty } from '@recaudo/domain/format';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';

/** The part of a payment address the expanded row shows (the addresses issue brings the full row). */
interface AddressSummary {
  id?: number;
  address?: string | null;
}

const summaryOf = (item: unknown): AddressSummary => (typeof item === 'object' && item !== null ? (item as AddressSummary) : {});

/**
 * A client row expanded: its payment addresses, from the row's `addresses_payments`. Until the
 * payment addresses exist every client has none, and the row says so.
 */
export function ClientAddresses({ client }: { client: ClientRow }) {
  const addresses = client.addresses_payments.map(summaryOf);
  if (addresses.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin direcciones de pago registradas" />;
  }
  return (
    <List
      size="small"
      header="Direcciones de pago"
      dataSource={addresses}
      renderItem={(address, index) => <List.Item key={address.id ?? index}>{textOrEmpty(address.address)}</List.Item>}
    />
  );
}
