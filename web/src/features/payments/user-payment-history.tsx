import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, textOrEmpty } from '@recaudo/domain/format';
import { PAYMENT_STATUS, type PaymentStatus } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { actionsColumn } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { usePaymentHistory } from './api';
import { StatusTag } from './payment-columns';
import { PaymentDetails } from './payment-details';
import { currencyOf } from './payment-form-model';
import { NoWrap } from '../../components/no-wrap';

const statusOptions = ([0, 1, 2] as const).map((status) => ({ value: status, label: PAYMENT_STATUS[status] }));
const documentOf = (payment: PaymentRow) => (payment.number_correlative ? `Nº ${payment.number_correlative}` : `Pago #${payment.id}`);

function historyColumns(onOpen: (payment: PaymentRow) => void): ColumnsType<PaymentRow> {
  return [
    { title: 'Nº documento', key: 'number_correlative', render: (_, payment) => textOrEmpty(payment.number_correlative) },
    {
      title: 'Cliente',
      key: 'client',
      render: (_, payment) => (
        <Flex vertical>
          <span>{payment.client.name}</span>
          <Typography.Text type="secondary">{identificationLabel(payment.client)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Monto',
      key: 'amount_payment',
      align: 'right',
      render: (_, payment) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>{formatMoney(payment.amount_payment)}</span>
          <Typography.Text type="secondary">{formatMoney(payment.dollar_amount_payment, currencyOf(payment.exchange_rate_id))}</Typography.Text>
        </Flex>
      ),
    },
    { title: 'Fecha de pago', key: 'date_payment', render: (_, payment) => <NoWrap>{formatDate(payment.date_payment)}</NoWrap> },
    { title: 'Estatus', key: 'status', render: (_, payment) => <StatusTag status={payment.status} /> },
    // Icon only: the drawer is narrower than the page, and the label sits in the tooltip and the accessible name.
    ...actionsColumn<PaymentRow>((payment) => [{ label: 'Ver detalles', icon: <EyeOutlined />, onClick: () => onOpen(payment), primary: true }], true),
  ];
}

/**
 * Usuarios › Historial de pagos (spec 01 §2): the payments one user registered
 * (`payments/history-status`), of the chosen status or all, paged, each with "Ver detalles".
 * The Users screen shows it in its side panel (composed by the app).
 */
export function UserPaymentHistory({ userId }: { userId: number }) {
  const [status, setStatus] = useState<PaymentStatus | null>(1);
  const list = useListState();
  const history = usePaymentHistory(userId, status, list.params);
  const [shown, setShown] = useState<PaymentRow | null>(null);
  const columns = useMemo(() => historyColumns(setShown), []);
  const { changePage, perPage } = list;

  return (
    <>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <label htmlFor="payment-history-status">Estatus</label>
        <Select<PaymentStatus>
          id="payment-history-status"
          value={status ?? undefined}
          onChange={(next) => {
            setStatus(next ?? null);
            changePage(1, perPage);
          }}
          options={statusOptions}
          allowClear
          placeholder="Todos"
          style={{ width: 160 }}
        />
        <SearchBox value={list.search} onChange={list.setSearch} />
      </Flex>
      <DataTable<PaymentRow> label="Historial de pagos" columns={columns} rowKey="id" {...pagedTableProps(history, list)} />
      <Modal
        open={shown !== null}
        title={shown ? `Detalles del pago ${documentOf(shown)}` : 'Detalles del pago'}
        onCancel={() => setShown(null)}
        width={900}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => setShown(null)}>
            Cerrar
          </Button>
        }
      >
        {shown && (
          <Flex vertical gap={12}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{shown.client.name}</Typography.Text>
              <Typography.Text type="secondary">{identificationLabel(shown.client)}</Typography.Text>
              <span>
                {formatMoney(shown.amount_payment)} · {formatDate(shown.date_payment)}
              </span>
              <StatusTag status={shown.status} />
            </Flex>
            <PaymentDetails payment={shown} />
          </Flex>
        )}
      </Modal>
    </>
  );
}
