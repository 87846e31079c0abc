import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { ADDRESS_TYPES, type AddressRow } from '@recaudo/domain/addresses';
import { formatMoney } from '@recaudo/domain/format-money';
import { EMPTY_TEXT, formatMonth } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { actionsColumn } from '../../components/row-actions';
import type { ClientOption } from '../../components/select-options';
import { useAddressActions, type AddressDialogs } from './address-actions';
import { BalanceTotal, DebtTotal, useDebtRate } from './address-debt';
import { useClientAddresses } from './address-details-api';
import { AddressDetails, locationOf } from './address-details';

// Fixed layout at a set width: a narrow screen scrolls the table sideways, and the fixed expand
// column makes antd keep each expanded row as wide as the screen (with `max-content` the
// expansion's own content set the table's width).
const columnsWith = (debtRate: string | null): ColumnsType<AddressRow> => [
  { key: 'address', title: 'Dirección', dataIndex: 'address' },
  { key: 'type', title: 'Tipo', width: 100, render: (_, row) => ADDRESS_TYPES[row.type] },
  { key: 'location', title: 'Ubicación', render: (_, row) => locationOf(row) },
  { key: 'fee', title: 'Tarifa', width: 100, render: (_, row) => (row.fee === null ? EMPTY_TEXT : formatMoney(row.fee, '$')) },
  {
    key: 'months_to_pay',
    title: 'Meses por pagar',
    width: 130,
    align: 'center',
    render: (_, row) => (
      <Flex vertical align="center">
        <Tag color={row.months_to_pay === 0 ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
          {row.months_to_pay}
        </Tag>
        <DebtTotal address={row} rate={debtRate} />
        <BalanceTotal address={row} rate={debtRate} />
      </Flex>
    ),
  },
  { key: 'solvent_to_date', title: 'Solvente hasta', width: 120, render: (_, row) => formatMonth(row.solvent_to_date) },
];

const countText = (count: number) => `${count} ${count === 1 ? 'dirección de pago' : 'direcciones de pago'}`;
/**
 * Width of the columns above, and of the actions (Editar, Generar solvencia, Más): together they fit
 * the expanded row of the clients list and the client detail tab (1028 px) at 1366 px with the sidebar
 * open, so nothing scrolls sideways.
 */
const BASE_WIDTH = 700;
const ACTIONS_WIDTH = 320;

export interface ClientAddressListProps extends AddressDialogs {
  /** The client whose addresses are listed (a new address starts on it); `'client'` is the logged-in client user's own. */
  client: Pick<ClientOption, 'id' | 'name' | 'identification_type' | 'identification'> | 'client';
}

/**
 * A client's payment addresses (clients list rows, client detail tab 3), each row expanding to
 * its calendar and tickets, with the address actions the user may use (spec 01 §6): "Nueva
 * dirección" for this client, and per row Editar, Generar solvencia, Estado de cuenta, Historial
 * de cambios and Eliminar. The solvency and statement dialogs are handed in by the app.
 */
export function ClientAddressList({ client, solvencyDialog, statementDialog, paymentDialog }: ClientAddressListProps) {
  const clientId = client === 'client' ? 'client' : client.id;
  const addresses = useClientAddresses(clientId);
  const debtRate = useDebtRate();
  const actions = useAddressActions({ solvencyDialog, statementDialog, paymentDialog, defaultClient: client === 'client' ? null : client });
  const { actionsFor, anyAction, canAdd } = actions;
  const shown: ColumnsType<AddressRow> = [
    ...columnsWith(debtRate),
    ...actionsColumn<AddressRow>(actionsFor, anyAction, { fixed: 'right', width: ACTIONS_WIDTH, labelOf: (address) => address.address }),
  ];
  return (
    <>
      {/*
        The count also keeps the table from being its cell's only child: antd pulls such a nested
        table out to the row's edges, and every table inside it (the tickets) along with it.
      */}
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{addresses.data ? countText(addresses.data.length) : 'Direcciones de pago'}</Typography.Text>
        {canAdd && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => actions.openForm(null)}>
            Nueva dirección
          </Button>
        )}
      </Flex>
      <Table<AddressRow>
        aria-label="Direcciones de pago"
        size="small"
        tableLayout="fixed"
        scroll={{ x: anyAction ? BASE_WIDTH + ACTIONS_WIDTH : BASE_WIDTH }}
        rowKey="id"
        columns={shown}
        dataSource={addresses.isError ? [] : addresses.data}
        loading={addresses.isFetching && !addresses.data}
        pagination={false}
        expandable={{ fixed: 'left', expandedRowRender: (address) => <AddressDetails address={address} /> }}
        locale={{
          emptyText: addresses.isError ? (
            <Empty description="No se pudieron cargar las direcciones.">
              <Button icon={<ReloadOutlined />} onClick={() => void addresses.refetch()}>
                Reintentar
              </Button>
            </Empty>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin direcciones de pago registradas" />
          ),
        }}
      />
      {actions.dialogs}
    </>
  );
}
