import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { ADDRESS_TYPES, type AddressRow } from '@recaudo/domain/addresses';
import { formatMoney } from '@recaudo/domain/format-money';
import { EMPTY_TEXT, formatMonth } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useClientAddresses } from './address-details-api';
import { AddressDetails, locationOf } from './address-details';

// Fixed layout at a set width: a narrow screen scrolls the table sideways, and the fixed expand
// column makes antd keep each expanded row as wide as the screen (with `max-content` the
// expansion's own content set the table's width).
const columns: ColumnsType<AddressRow> = [
  { key: 'address', title: 'Dirección', dataIndex: 'address' },
  { key: 'type', title: 'Tipo', width: 110, render: (_, row) => ADDRESS_TYPES[row.type] },
  { key: 'location', title: 'Ubicación', render: (_, row) => locationOf(row) },
  { key: 'fee', title: 'Tarifa', width: 100, render: (_, row) => (row.fee === null ? EMPTY_TEXT : formatMoney(row.fee, '$')) },
  {
    key: 'months_to_pay',
    title: 'Meses por pagar',
    width: 130,
    align: 'center',
    render: (_, row) => <Tag color={row.months_to_pay === 0 ? 'green' : 'red'}>{row.months_to_pay}</Tag>,
  },
  { key: 'solvent_to_date', title: 'Solvente hasta', width: 120, render: (_, row) => formatMonth(row.solvent_to_date) },
];

const countText = (count: number) => `${count} ${count === 1 ? 'dirección de pago' : 'direcciones de pago'}`;

/**
 * A client's payment addresses (clients list rows, client detail tab 3), each row expanding to
 * its calendar and tickets. `'client'` lists the logged-in client user's own addresses. With
 * `onStatement` each row offers "Estado de cuenta" (the app hands in the statements area's dialog).
 */
export function ClientAddressList({ clientId, onStatement }: { clientId: number | 'client'; onStatement?: (address: AddressRow) => void }) {
  const addresses = useClientAddresses(clientId);
  const shown: ColumnsType<AddressRow> = onStatement
    ? [
        ...columns,
        {
          key: 'statement',
          title: 'Acciones',
          width: 150,
          render: (_, row) => (
            <Button size="small" onClick={() => onStatement(row)} aria-label={`Estado de cuenta de ${row.address}`}>
              Estado de cuenta
            </Button>
          ),
        },
      ]
    : columns;
  return (
    <>
      {/*
        The count also keeps the table from being its cell's only child: antd pulls such a nested
        table out to the row's edges, and every table inside it (the tickets) along with it.
      */}
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {addresses.data ? countText(addresses.data.length) : 'Direcciones de pago'}
      </Typography.Text>
      <Table<AddressRow>
        aria-label="Direcciones de pago"
        size="small"
        tableLayout="fixed"
        scroll={{ x: onStatement ? 910 : 760 }}
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
    </>
  );
}
