import type { ClientUserRow } from '@recaudo/domain/users';
import { useMemo } from 'react';
import type { FilterField, FilterOption } from '../../components/filter-drawer';
import { useCan } from '../../lib/session';
import { CLIENT_USERS_EXPORT, findAllUserOptions, useClientUsers } from './api';
import { ClientUserFormPanel } from './client-user-form-panel';
import { clientUserColumns } from './user-columns';
import type { PaymentHistoryContent } from './payment-history-panel';
import { UsersTab, type UserColumnHandlers, type UsersTabConfig } from './users-tab';

/** Spec 01 §2 Users screen, tab Clientes: filters users and date. The user filter lists every user (users/all-selects). */
export const CLIENT_FILTERS: FilterField[] = [
  {
    type: 'select',
    name: 'user',
    label: 'Usuario',
    fetcher: (search, _filters, signal) =>
      findAllUserOptions(search, signal).then((users): FilterOption[] => users.map((user) => ({ value: user.id, label: user.name }))),
  },
  { type: 'date-range', name: 'dates', label: 'Fecha de creación' },
];

function useClientColumns(handlers: UserColumnHandlers<ClientUserRow>) {
  const canOpenClient = useCan('clients');
  return useMemo(() => clientUserColumns({ ...handlers, canOpenClient }), [handlers, canOpenClient]);
}

const CLIENT_TAB: UsersTabConfig<ClientUserRow> = {
  tableLabel: 'Usuarios clientes',
  addLabel: 'Nuevo usuario cliente',
  filters: CLIENT_FILTERS,
  exportTarget: CLIENT_USERS_EXPORT,
  useRows: useClientUsers,
  useColumns: useClientColumns,
  FormPanel: ClientUserFormPanel,
};

/** The client users tab: searchable paged table, filters, export, access toggle, edit, delete and payment history. */
export function ClientUsersList({ paymentHistory }: { paymentHistory?: PaymentHistoryContent }) {
  return <UsersTab config={CLIENT_TAB} paymentHistory={paymentHistory} />;
}
