import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { roleMessages, type RoleRow } from '@recaudo/domain/roles';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable } from '../../components/data-table';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useCan } from '../../lib/session';
import { useChangeRoleStatus, useDeleteRole, useRoles } from './api';
import { roleColumns } from './role-columns';
import { RoleFormPanel } from './role-form-panel';

type Panel = { kind: 'form'; role: RoleRow | null } | { kind: 'delete'; role: RoleRow } | null;

/** Roles y Permisos (spec 03 §2): the searchable paged table with its panel and confirmation. */
export function RolesList({ onOpenPermissions }: { onOpenPermissions: (role: RoleRow) => void }) {
  const list = useListState();
  const roles = useRoles(list.params);
  const changeStatus = useChangeRoleStatus();
  const remove = useDeleteRole();
  const [panel, setPanel] = useState<Panel>(null);
  const canAdd = useCan('add_role');
  const canEdit = useCan('edit_role');
  const canDelete = useCan('delete_role');

  const togglingId = changeStatus.isPending ? (changeStatus.variables?.id ?? null) : null;
  const columns = useMemo(
    () =>
      roleColumns({
        canEdit,
        canDelete,
        togglingId,
        onToggle: (role, active) => changeStatus.mutate({ id: role.id, active }),
        onEdit: (role) => setPanel({ kind: 'form', role }),
        onPermissions: onOpenPermissions,
        onDelete: (role) => setPanel({ kind: 'delete', role }),
      }),
    [canEdit, canDelete, togglingId, changeStatus, onOpenPermissions],
  );

  function confirmDelete(role: RoleRow) {
    remove.mutate(role.id, {
      onSuccess: () => {
        setPanel(null);
        list.restart();
      },
    });
  }

  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Roles y Permisos
      </Typography.Title>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={list.search} onChange={list.setSearch} />
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'form', role: null })}>
            Nuevo rol
          </Button>
        )}
      </Flex>
      <DataTable<RoleRow>
        label="Roles"
        columns={columns}
        rows={roles.data?.data}
        rowKey="id"
        total={roles.data?.total ?? 0}
        page={list.page}
        perPage={list.perPage}
        loading={roles.isFetching}
        failed={roles.isError}
        onRetry={() => void roles.refetch()}
        onPageChange={list.changePage}
      />
      <RoleFormPanel open={panel?.kind === 'form'} role={panel?.kind === 'form' ? panel.role : null} onClose={() => setPanel(null)} />
      <ConfirmDelete
        open={panel?.kind === 'delete'}
        question={roleMessages.confirmDelete}
        subject={panel?.kind === 'delete' ? panel.role.name : undefined}
        deleting={remove.isPending}
        onCancel={() => setPanel(null)}
        onConfirm={() => panel?.kind === 'delete' && confirmDelete(panel.role)}
      />
    </section>
  );
}
