import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import { useMemo } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useCan } from '../../lib/session';
import { ACTIVITY_GROUPS_EXPORT, useActivityGroups, useDeleteActivityGroup, type ActivityGroupRow } from './api';
import { activityGroupColumns } from './activity-group-columns';
import { ActivityGroupFormPanel } from './activity-group-form-panel';

export const activityGroupTexts = { confirmDelete: '¿Seguro de eliminar el grupo de actividades?' } as const;

/** Grupos de actividades (spec 03 §2): search, export, add/edit (Nombre), delete. */
export default function ActivityGroupsPage() {
  const list = useListState();
  const groups = useActivityGroups(list.params);
  const remove = useDeleteActivityGroup();
  const panels = useRecordPanels<ActivityGroupRow>();
  const { openForm, openDelete } = panels;
  const canAdd = useCan('add_activity_group');
  const canEdit = useCan('edit_activity_group');
  const canDelete = useCan('delete_activity_group');
  const canExport = useCan('export_activity_groups');

  const columns = useMemo(
    () => activityGroupColumns({ canEdit, canDelete, onEdit: openForm, onDelete: openDelete }),
    [canEdit, canDelete, openForm, openDelete],
  );

  return (
    <ListPage
      title="Grupos de actividades"
      toolbar={<SearchBox value={list.search} onChange={list.setSearch} />}
      actions={
        <>
          <ExportButton {...ACTIVITY_GROUPS_EXPORT} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              Nuevo grupo
            </Button>
          )}
        </>
      }
    >
      <DataTable<ActivityGroupRow> label="Grupos de actividades" columns={columns} rowKey="id" {...pagedTableProps(groups, list)} />
      <ActivityGroupFormPanel key={panels.formKey} open={panels.formOpen} group={panels.formRecord} onClose={panels.close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={activityGroupTexts.confirmDelete}
        subject={panels.toDelete?.name}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
    </ListPage>
  );
}
