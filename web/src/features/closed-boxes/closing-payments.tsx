import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { closedBoxMessages } from '@recaudo/domain/closed-boxes';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate } from '@recaudo/domain/format';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { dayjs } from '@recaudo/domain/dates';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { FILTER_DATE_FORMAT, FilterControls, type FilterField } from '../../components/filter-drawer';
import { ListPage } from '../../components/list-page';
import { actionsColumn, deleteAction } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useCan } from '../../lib/session';
import { useAddPayments, useClosedBox, useClosingPayments, useRemovePayment, useUnclosedPayments } from './api';
import { ClosingMoneyTable } from './closing-money-table';
import { VerificationHistory } from './verification-history';
import { NoWrap } from '../../components/no-wrap';

/** What the payments area lends this screen: its list's data columns (without actions), its expanded row and its filters. */
export interface PaymentListParts {
  columns: ColumnsType<PaymentRow>;
  /** What a payment's row shows expanded: what the columns leave out (control number, method, address…). */
  details: (payment: PaymentRow) => ReactNode;
  filters: FilterField[];
}

/**
 * One closing's payments (spec 02 §2): its figures, its payments with the payments list's columns,
 * 'Agregar pagos' opening the 'Pagos' modal of unclosed payments; 'Eliminar' takes a payment out
 * of the closing only. The back arrow returns to the list.
 */
export function ClosingPayments({ closingId, parts, onBack }: { closingId: number; parts: PaymentListParts; onBack: () => void }) {
  const list = useListState();
  const closing = useClosedBox(closingId);
  const payments = useClosingPayments(closingId, list.params);
  const remove = useRemovePayment();
  const [toRemove, setToRemove] = useState<PaymentRow | null>(null);
  const [adding, setAdding] = useState(false);
  const canEdit = useCan('edit_closed_box');
  const canAdd = useCan('add_closed_box') || canEdit;
  const row = closing.data;

  return (
    <ListPage
      title={`Cierre de caja #${closingId}`}
      toolbar={
        <>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack} aria-label="Volver a los cierres de caja" />
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={parts.filters} />
        </>
      }
      actions={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Agregar pagos
          </Button>
        )
      }
    >
      {row && (
        <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }} aria-label="Totales del cierre">
          <Descriptions.Item label="Fecha">
            <NoWrap>{formatDate(row.date)}</NoWrap>
          </Descriptions.Item>
          <Descriptions.Item label="Responsable">{row.user?.name ?? 'VACIO'}</Descriptions.Item>
          <Descriptions.Item label="Pagos">{row.count_bill}</Descriptions.Item>
          <Descriptions.Item label="Monto facturado">
            <NoWrap>{formatMoney(row.total_bill)}</NoWrap>
          </Descriptions.Item>
          <Descriptions.Item label="Monto pagado">
            <NoWrap>{formatMoney(row.total)}</NoWrap>
          </Descriptions.Item>
          <Descriptions.Item label="Monto pagado $">
            <NoWrap>{formatMoney(row.dollar_amount_payment, '$')}</NoWrap>
          </Descriptions.Item>
          <Descriptions.Item label="Transferencias">
            <NoWrap>{formatMoney(row.transfer)}</NoWrap>
          </Descriptions.Item>
          <Descriptions.Item label="Punto de venta">
            <NoWrap>{formatMoney(row.point_of_sale)}</NoWrap>
          </Descriptions.Item>
          <Descriptions.Item label="Comisión terminal">
            <NoWrap>{formatMoney(row.commission)}</NoWrap>
          </Descriptions.Item>
        </Descriptions>
      )}
      {row && <ClosingMoneyTable money={row.money} />}
      <VerificationHistory closingId={closingId} />
      <DataTable<PaymentRow>
        label={`Pagos del cierre de caja #${closingId}`}
        columns={[
          ...parts.columns,
          ...actionsColumn<PaymentRow>((payment) => [deleteAction(() => setToRemove(payment), canEdit)], canEdit, { fixed: 'right' }),
        ]}
        rowKey="id"
        size="middle"
        {...pagedTableProps(payments, list)}
        onChange={list.onTableChange}
        expandable={{ expandedRowRender: parts.details }}
        emptyText={canAdd && !list.params.search && !list.params.filters ? closedBoxMessages.noPaymentsInView : undefined}
      />
      <ConfirmDelete
        open={toRemove !== null}
        question={closedBoxMessages.paymentDeleteConfirm}
        subject={toRemove?.number_correlative ?? undefined}
        deleting={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => toRemove && remove.mutate({ id: toRemove.id, closed_box_id: closingId }, { onSuccess: () => setToRemove(null) })}
      />
      {adding && row && <AddPaymentsModal closingId={closingId} date={row.date} parts={parts} onClose={() => setAdding(false)} />}
    </ListPage>
  );
}

/**
 * The modal 'Pagos': unclosed payments with the payments filters; several are attached at once.
 * It opens on what a closing usually takes (issue 51): the approved payments paid on the
 * closing's date; the filters show it and clear like any other. Mounted on opening, so each
 * opening starts from the closing's date again.
 */
function AddPaymentsModal({ closingId, date, parts, onClose }: { closingId: number; date: string; parts: PaymentListParts; onClose: () => void }) {
  const day = dayjs(date).format(FILTER_DATE_FORMAT);
  const list = useListState({ initialFilters: { status: [1], dates_payment: [day, day] } });
  const unclosed = useUnclosedPayments(list.params, true);
  const add = useAddPayments();
  const [chosen, setChosen] = useState<number[]>([]);

  return (
    <Modal
      title="Pagos"
      open
      width={1100}
      onCancel={onClose}
      okText="Agregar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: !chosen.length, loading: add.isPending }}
      onOk={() =>
        add.mutate(
          { closedBoxId: closingId, paymentIds: chosen },
          {
            onSuccess: () => {
              setChosen([]);
              onClose();
            },
          },
        )
      }
    >
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <SearchBox value={list.search} onChange={list.setSearch} />
        <FilterControls list={list} fields={parts.filters} />
      </div>
      <DataTable<PaymentRow>
        label="Pagos sin cierre de caja"
        columns={parts.columns}
        rowKey="id"
        size="middle"
        expandable={{ expandedRowRender: parts.details }}
        rowSelection={{ selectedRowKeys: chosen, preserveSelectedRowKeys: true, onChange: (keys) => setChosen(keys.map(Number)) }}
        {...pagedTableProps(unclosed, list)}
      />
    </Modal>
  );
}
