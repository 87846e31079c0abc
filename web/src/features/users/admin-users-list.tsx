import type { AdminUserRow } from '@recaudo/domain/users';
import { useMemo } from 'react';
import type { FilterField } from '../../components/filter-drawer';
import { userFilterField } from '../../components/user-filter';
import { useSession } from '../../lib/session';
import { roleFilterOptions, useAdminUsers, USERS_EXPORT } from './api';
import { AdminUserFormPanel } from './admin-user-form-panel';
import { adminUserColumns } from './user-columns';
import type { PaymentHistoryContent } from './payment-history-panel';
import { UsersTab, type UserColumnHandlers, type UsersTabConfig } from './users-tab';

/** Spec 01 §2 Users screen, tab Usuarios: filters users, date and rol. */
export const ADMIN_FILTERS: FilterField[] = [
  userFilterField,
  { type: 'date-range', name: 'dates', label: 'Fecha de creación' },
  { type: 'select', name: 'rol', label: 'Rol', fetcher: (_search, _filters, signal) => roleFilterOptions(signal) },
];

function useAdminColumns(handlers: UserColumnHandlers<AdminUserRow>) {
  const { session } = useSession();
  const selfId = session?.user.id ?? null;
  return useMemo(() => adminUserColumns({ ...handlers, selfId }), [handlers, selfId]);
}

const ADMIN_TAB: UsersTabConfig<AdminUserRow> = {
  tableLabel: 'Usuarios administradores',
  addLabel: 'Nuevo usuario administrador',
  filters: ADMIN_FILTERS,
  exportTarget: USERS_EXPORT,
  useRows: useAdminUsers,
  useColumns: useAdminColumns,
  FormPanel: AdminUserFormPanel,
};

/** The administrators tab: searchable paged table, filters, export, access toggle and row menu. */
export function AdminUsersList({ paymentHistory }: { paymentHistory?: PaymentHistoryContent }) {
  return <UsersTab config={ADMIN_TAB} paymentHistory={paymentHistory} />;
}
