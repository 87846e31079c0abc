import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useCan } from '../../lib/session';
import { useBanks, useDeleteBank, type BankRow } from './api';
import { BankFormPanel } from './bank-form-panel';

export const bankTexts = { confirmDelete: '¿Seguro de eliminar el banco?' } as const;

/**
 * Bancos (spec 03 §2): every bank is loaded at once (the search goes to the server) and the
 * table pages them itself, since the total equals the rows; add/edit (Código, Nombre) and delete.
 */
export default function BanksPage() {
  const list = useListState();
  const banks = useBanks(list.params.search);
  const remove = useDeleteBank();
  const panels = useRecordPanels<BankRow>();
  const { openForm, openDelete } = panels;
  const canAdd = useCan('add_bank');
  const canEdit = useCan('edit_bank');
  const canDelete = useCan('delete_bank');

  const columns = useMemo<ColumnsType<BankRow>>(
    () => [
      { title: 'Código', dataIndex: 'code', key: 'code', width: 120 },
      { title: 'Nombre', dataIndex: 'name', key: 'name' },
      ...actionsColumn<BankRow>((bank) => [editAction(() => openForm(bank), canEdit), deleteAction(() => openDelete(bank), canDelete)], canEdit || canDelete),
    ],
    [canEdit, canDelete, openForm, openDelete],
  );

  return (
    <ListPage
      title="Bancos"
      toolbar={<SearchBox value={list.search} onChange={list.setSearch} />}
      actions={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            Nuevo banco
          </Button>
        )
      }
    >
      <DataTable<BankRow> label="Bancos" columns={columns} rowKey="id" {...pagedTableProps(banks, list)} />
      <BankFormPanel key={panels.formKey} open={panels.formOpen} bank={panels.formRecord} onClose={panels.close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={bankTexts.confirmDelete}
        subject={panels.toDelete ? `${panels.toDelete.code} · ${panels.toDelete.name}` : undefined}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
    </ListPage>
  );
}
