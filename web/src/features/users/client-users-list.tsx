import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { userMessages, type ClientUserRow } from '@recaudo/domain/users';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField, type FilterOption } from '../../components/filter-drawer';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useCan } from '../../lib/session';
import { CLIENT_USERS_EXPORT, findAllUserOptions, useClientUsers, useDeleteUser, useSetUserAccess } from './api';
import { ClientUserFormPanel } from './client-user-form-panel';
import { PaymentHistoryPanel } from './payment-history-panel';
import { clientUserColumns } from './user-columns';

type Panel = { kind: 'form'; user: ClientUserRow | null } | { kind: 'delete'; user: ClientUserRow } | { kind: 'payments'; user: ClientUserRow } | null;

/** Spec 01 §2 Users screen, tab Clientes: filters users and date. The user filter lists every user (users/all-selects). */
export const CLIENT_FILTERS: FilterField[] = [
  {
    type: 'select',
    name: 'user',
    label: 'Usuario',
    fetcher: (search, _filters, signal) =>
      findAllUserOptions(signal).then((users): FilterOption[] =>
        users.filter((user) => !search || user.name.toLowerCase().includes(search.toLowerCase())).map((user) => ({ value: user.id, label: user.name })),
      ),
  },
  { type: 'date-range', name: 'dates', label: 'Fecha de creación' },
];

/** The client users tab: searchable paged table, filters, export, access toggle, edit and delete. */
export function ClientUsersList() {
  const list = useListState();
  const users = useClientUsers(list.params);
  const access = useSetUserAccess();
  const remove = useDeleteUser();
  const [panel, setPanel] = useState<Panel>(null);
  const canAdd = useCan('add_user');
  const canEdit = useCan('edit_user');
  const canDelete = useCan('delete_user');
  const canExport = useCan('export_users');
  const canOpenClient = useCan('clients');
  const canSeePaymentsScreen = useCan('payments');
  const canSeeLogs = useCan('logs');
  const canSeePayments = canSeePaymentsScreen && canSeeLogs;

  const columns = useMemo(
    () =>
      clientUserColumns({
        canEdit,
        canDelete,
        canOpenClient,
        canSeePayments,
        onToggle: (user, active) => access.mutateAsync({ user_id: user.id, status: active }),
        onEdit: (user) => setPanel({ kind: 'form', user }),
        onDelete: (user) => setPanel({ kind: 'delete', user }),
        onPayments: (user) => setPanel({ kind: 'payments', user }),
      }),
    // The mutation object changes every render; its mutateAsync is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canEdit, canDelete, canOpenClient, canSeePayments, access.mutateAsync],
  );

  function confirmDelete(user: ClientUserRow) {
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
          <FilterControls list={list} fields={CLIENT_FILTERS} />
        </Flex>
        <Flex gap={8} wrap>
          <ExportButton path={CLIENT_USERS_EXPORT.path} formats={CLIENT_USERS_EXPORT.formats} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'form', user: null })}>
              Nuevo usuario cliente
            </Button>
          )}
        </Flex>
      </Flex>
      <DataTable<ClientUserRow>
        label="Usuarios clientes"
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
      <ClientUserFormPanel open={panel?.kind === 'form'} user={panel?.kind === 'form' ? panel.user : null} onClose={() => setPanel(null)} />
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
