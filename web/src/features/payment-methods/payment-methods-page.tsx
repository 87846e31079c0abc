import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import { useMemo } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useCan } from '../../lib/session';
import { useChangePaymentMethodStatus, useDeletePaymentMethod, usePaymentMethods, type PaymentMethodRow } from './api';
import { paymentMethodColumns } from './payment-method-columns';
import { PaymentMethodFormPanel } from './payment-method-form-panel';

export const paymentMethodTexts = { confirmDelete: '¿Seguro de eliminar el método de pago?' } as const;

/** Métodos de Pago (spec 02 §2): searchable paged table, status toggle, add/edit panel with logo, delete. */
export default function PaymentMethodsPage() {
  const list = useListState();
  const methods = usePaymentMethods(list.params);
  const changeStatus = useChangePaymentMethodStatus();
  const remove = useDeletePaymentMethod();
  const panels = useRecordPanels<PaymentMethodRow>();
  const { openForm, openDelete } = panels;
  const canAdd = useCan('add_payment_method');
  const canEdit = useCan('edit_payment_method');
  const canDelete = useCan('delete_payment_method');

  const toggle = changeStatus.mutateAsync;
  const columns = useMemo(
    () =>
      paymentMethodColumns({
        canEdit,
        canDelete,
        onToggle: (method, active) => toggle({ id: method.id, active }),
        onEdit: openForm,
        onDelete: openDelete,
      }),
    [canEdit, canDelete, toggle, openForm, openDelete],
  );

  return (
    <ListPage
      title="Métodos de Pago"
      toolbar={<SearchBox value={list.search} onChange={list.setSearch} />}
      actions={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            Nuevo método de pago
          </Button>
        )
      }
    >
      <DataTable<PaymentMethodRow> label="Métodos de pago" columns={columns} rowKey="id" {...pagedTableProps(methods, list)} />
      <PaymentMethodFormPanel key={panels.formKey} open={panels.formOpen} method={panels.formRecord} onClose={panels.close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={paymentMethodTexts.confirmDelete}
        subject={panels.toDelete?.name}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
    </ListPage>
  );
}
