import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { roleMessages, type RoleRow } from '@recaudo/domain/roles';
import Button from 'antd/es/button';
import { useMemo } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useCan } from '../../lib/session';
import { useChangeRoleStatus, useDeleteRole, useRoles } from './api';
import { roleColumns } from './role-columns';
import { RoleFormPanel } from './role-form-panel';

/** Roles y Permisos (spec 03 §2): the searchable paged table with its panel and confirmation. */
export function RolesList({ onOpenPermissions }: { onOpenPermissions: (role: RoleRow) => void }) {
  const list = useListState();
  const roles = useRoles(list.params);
  const changeStatus = useChangeRoleStatus();
  const remove = useDeleteRole();
  const panels = useRecordPanels<RoleRow>();
  const { openForm, openDelete } = panels;
  const canAdd = useCan('add_role');
  const canEdit = useCan('edit_role');
  const canDelete = useCan('delete_role');

  const columns = useMemo(
    () =>
      roleColumns({
        canEdit,
        canDelete,
        onToggle: (role, active) => changeStatus.mutateAsync({ id: role.id, active }),
        onEdit: openForm,
        onPermissions: onOpenPermissions,
        onDelete: openDelete,
      }),
    [canEdit, canDelete, changeStatus, onOpenPermissions, openForm, openDelete],
  );

  return (
    <ListPage
      title="Roles y Permisos"
      toolbar={<SearchBox value={list.search} onChange={list.setSearch} />}
      actions={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            Nuevo rol
          </Button>
        )
      }
    >
      <DataTable<RoleRow> label="Roles" columns={columns} rowKey="id" {...pagedTableProps(roles, list)} />
      <RoleFormPanel key={panels.formKey} open={panels.formOpen} role={panels.formRecord} onClose={panels.close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={roleMessages.confirmDelete}
        subject={panels.toDelete?.name}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
    </ListPage>
  );
}
