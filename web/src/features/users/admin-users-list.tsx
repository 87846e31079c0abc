import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { userMessages, type AdminUserRow } from '@recaudo/domain/users';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField } from '../../components/filter-drawer';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { userFilterField } from '../../components/user-filter';
import { useCan, useSession } from '../../lib/session';
import { roleFilterOptions, useAdminUsers, useDeleteUser, useSetUserAccess, USERS_EXPORT } from './api';
import { AdminUserFormPanel } from './admin-user-form-panel';
import { PaymentHistoryPanel } from './payment-history-panel';
import { adminUserColumns } from './user-columns';

type Panel = { kind: 'form'; user: AdminUserRow | null } | { kind: 'delete'; user: AdminUserRow } | { kind: 'payments'; user: AdminUserRow } | null;

/** Spec 01 §2 Users screen, tab Usuarios: filters users, date and rol. */
export const ADMIN_FILTERS: FilterField[] = [
  userFilterField,
  { type: 'date-range', name: 'dates', label: 'Fecha de creación' },
  { type: 'select', name: 'rol', label: 'Rol', fetcher: (_search, _filters, signal) => roleFilterOptions(signal) },
];

/** The administrators tab: searchable paged table, filters, export, access toggle and row menu. */
export function AdminUsersList() {
  const list = useListState();
  const users = useAdminUsers(list.params);
  const access = useSetUserAccess();
  const remove = useDeleteUser();
  const { session } = useSession();
  const [panel, setPanel] = useState<Panel>(null);
  const canAdd = useCan('add_user');
  const canEdit = useCan('edit_user');
  const canDelete = useCan('delete_user');
  const canExport = useCan('export_users');
  const canSeePaymentsScreen = useCan('payments');
  const canSeeLogs = useCan('logs');
  const canSeePayments = canSeePaymentsScreen && canSeeLogs;
  const selfId = session?.user.id ?? null;

  const columns = useMemo(
    () =>
      adminUserColumns({
        selfId,
        canEdit,
        canDelete,
        canSeePayments,
        onToggle: (user, active) => access.mutateAsync({ user_id: user.id, status: active }),
        onEdit: (user) => setPanel({ kind: 'form', user }),
        onDelete: (user) => setPanel({ kind: 'delete', user }),
        onPayments: (user) => setPanel({ kind: 'payments', user }),
      }),
    // The mutation object changes every render; its mutateAsync is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selfId, canEdit, canDelete, canSeePayments, access.mutateAsync],
  );

  function confirmDelete(user: AdminUserRow) {
    remove.mutate(user.id, {
      onSuccess: () => {
        setPanel(null);
        list.restart();
      },
    });
  }

  return (
    <>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap align="center">
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={ADMIN_FILTERS} />
        </Flex>
        <Flex gap={8} wrap>
          <ExportButton path={USERS_EXPORT.path} formats={USERS_EXPORT.formats} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'form', user: null })}>
              Nuevo usuario administrador
            </Button>
          )}
        </Flex>
      </Flex>
      <DataTable<AdminUserRow>
        label="Usuarios administradores"
        columns={columns}
        rows={users.data?.data}
        rowKey="id"
        total={users.data?.total ?? 0}
        page={list.page}
        perPage={list.perPage}
        loading={users.isFetching}
        failed={users.isError}
        onRetry={() => void users.refetch()}
        onPageChange={list.changePage}
        onChange={list.onTableChange}
      />
      <AdminUserFormPanel open={panel?.kind === 'form'} user={panel?.kind === 'form' ? panel.user : null} onClose={() => setPanel(null)} />
      <ConfirmDelete
        open={panel?.kind === 'delete'}
        question={userMessages.confirmDelete}
        subject={panel?.kind === 'delete' ? panel.user.name : undefined}
        deleting={remove.isPending}
        onCancel={() => setPanel(null)}
        onConfirm={() => panel?.kind === 'delete' && confirmDelete(panel.user)}
      />
      <PaymentHistoryPanel open={panel?.kind === 'payments'} user={panel?.kind === 'payments' ? panel.user : null} onClose={() => setPanel(null)} />
    </>
  );
}
