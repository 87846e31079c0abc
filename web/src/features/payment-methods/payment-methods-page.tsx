import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable } from '../../components/data-table';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useCan } from '../../lib/session';
import { useChangePaymentMethodStatus, useDeletePaymentMethod, usePaymentMethods, type PaymentMethodRow } from './api';
import { paymentMethodColumns } from './payment-method-columns';
import { PaymentMethodFormPanel } from './payment-method-form-panel';

export const paymentMethodTexts = { confirmDelete: '¿Seguro de eliminar el método de pago?' } as const;

type Panel = { kind: 'form'; method: PaymentMethodRow | null } | { kind: 'delete'; method: PaymentMethodRow } | null;

/** Métodos de Pago (spec 02 §2): searchable paged table, status toggle, add/edit panel with logo, delete. */
export default function PaymentMethodsPage() {
  const list = useListState();
  const methods = usePaymentMethods(list.params);
  const changeStatus = useChangePaymentMethodStatus();
  const remove = useDeletePaymentMethod();
  const [panel, setPanel] = useState<Panel>(null);
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
        onEdit: (method) => setPanel({ kind: 'form', method }),
        onDelete: (method) => setPanel({ kind: 'delete', method }),
      }),
    [canEdit, canDelete, toggle],
  );

  function confirmDelete(method: PaymentMethodRow) {
    remove.mutate(method.id, {
      onSuccess: () => {
        setPanel(null);
        list.restart();
      },
    });
  }

  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Métodos de Pago
      </Typography.Title>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={list.search} onChange={list.setSearch} />
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'form', method: null })}>
            Nuevo método de pago
          </Button>
        )}
      </Flex>
      <DataTable<PaymentMethodRow>
        label="Métodos de pago"
        columns={columns}
        rows={methods.data?.data}
        rowKey="id"
        total={methods.data?.total ?? 0}
        page={list.page}
        perPage={list.perPage}
        loading={methods.isFetching}
        failed={methods.isError}
        onRetry={() => void methods.refetch()}
        onPageChange={list.changePage}
      />
      <PaymentMethodFormPanel open={panel?.kind === 'form'} method={panel?.kind === 'form' ? panel.method : null} onClose={() => setPanel(null)} />
      <ConfirmDelete
        open={panel?.kind === 'delete'}
        question={paymentMethodTexts.confirmDelete}
        subject={panel?.kind === 'delete' ? panel.method.name : undefined}
        deleting={remove.isPending}
        onCancel={() => setPanel(null)}
        onConfirm={() => panel?.kind === 'delete' && confirmDelete(panel.method)}
      />
    </section>
  );
}
