import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { ListPage } from '../../components/list-page';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useCan } from '../../lib/session';
import { CORRELATIVES_EXPORT, useCorrelatives, useDeleteCorrelative, type CorrelativeRow } from './api';
import { ContinuityPanel } from './continuity-panel';
import { CorrelativeFormPanel } from './correlative-form-panel';

export const correlativeTexts = { confirmDelete: '¿Seguro de eliminar el correlativo?' } as const;

/** Correlativos (spec 03 §2): series with their document counters, add/edit, delete, xlsx export and each series' numbering continuity (issue 35). */
export default function CorrelativesPage() {
  const list = useListState();
  const correlatives = useCorrelatives(list.params);
  const remove = useDeleteCorrelative();
  const panels = useRecordPanels<CorrelativeRow>();
  const { openForm, openDelete } = panels;
  const [continuityOf, setContinuityOf] = useState<CorrelativeRow | null>(null);
  const canAdd = useCan('add_correlative');
  const canEdit = useCan('edit_correlative');
  const canDelete = useCan('delete_correlative');
  const canExport = useCan('export_correlatives');

  const columns = useMemo<ColumnsType<CorrelativeRow>>(
    () => [
      { title: 'Serie', dataIndex: 'serie', key: 'serie' },
      { title: 'Nº factura', dataIndex: 'number', key: 'number', align: 'right' },
      { title: 'Nº nota de crédito', dataIndex: 'number_credit_note', key: 'number_credit_note', align: 'right' },
      { title: 'Nº nota de débito', dataIndex: 'number_debit_note', key: 'number_debit_note', align: 'right' },
      { title: 'Nº nota de entrega', dataIndex: 'number_delivery_note', key: 'number_delivery_note', align: 'right' },
      { title: 'Pagos', dataIndex: 'count_payments', key: 'count_payments', align: 'right' },
      // The continuity report needs only the screen's permission, so every row has an action.
      ...actionsColumn<CorrelativeRow>((correlative) => [
        { label: 'Continuidad', icon: <OrderedListOutlined />, onClick: () => setContinuityOf(correlative), primary: true },
        editAction(() => openForm(correlative), canEdit),
        deleteAction(() => openDelete(correlative), canDelete),
      ], true),
    ],
    [canEdit, canDelete, openForm, openDelete],
  );

  return (
    <ListPage
      title="Correlativos"
      toolbar={<SearchBox value={list.search} onChange={list.setSearch} />}
      actions={
        <>
          <ExportButton {...CORRELATIVES_EXPORT} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => panels.openForm(null)}>
              Nuevo correlativo
            </Button>
          )}
        </>
      }
    >
      <DataTable<CorrelativeRow> label="Correlativos" columns={columns} rowKey="id" {...pagedTableProps(correlatives, list)} />
      <ContinuityPanel key={`continuity-${continuityOf?.id ?? 0}`} serie={continuityOf} onClose={() => setContinuityOf(null)} />
      <CorrelativeFormPanel key={panels.formKey} open={panels.formOpen} correlative={panels.formRecord} onClose={panels.close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={correlativeTexts.confirmDelete}
        subject={panels.toDelete ? `Serie ${panels.toDelete.serie}` : undefined}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
    </ListPage>
  );
}
