import { useMemo } from 'react';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField } from '../../components/filter-drawer';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { userFilterField } from '../../components/user-filter';
import { useCan } from '../../lib/session';
import { LOGINS_EXPORT_PATH, useLogins, useLogoutUser, type LoginSession } from './api';
import { loginColumns } from './login-columns';

const datesFilter: FilterField = { type: 'date-range', name: 'dates', label: 'Fechas' };

export interface LoginsListProps {
  /** The page heading, when the list is a page of its own. */
  title?: string;
  /** Only the sessions of this client's users (client detail tab "Login del usuario"). */
  clientId?: number;
}

/**
 * Inicios de sesión: the sessions with user, IP, browser, start, end, length and status; search,
 * filters user / dates, export csv/xlsx/pdf, and "Cerrar sesión" on active sessions (needs `logins`).
 * `<LoginsList clientId={id} />` shows one client's sessions.
 */
export function LoginsList({ title, clientId }: LoginsListProps) {
  const list = useListState({ fixedFilters: clientId ? { client: clientId } : undefined });
  const logins = useLogins(list.params);
  const logout = useLogoutUser();
  const canClose = useCan('logins');
  const closingId = logout.isPending ? (logout.variables?.id ?? null) : null;
  const columns = useMemo(
    () => loginColumns({ canClose, closingId, onClose: (session) => logout.mutate({ id: session.token_id, user_id: session.user_id }) }),
    // The mutation object changes every render; its mutate is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canClose, closingId, logout.mutate],
  );
  const fields = useMemo(() => (clientId ? [datesFilter] : [userFilterField, datesFilter]), [clientId]);

  return (
    <ListPage
      title={title}
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={fields} />
        </>
      }
      actions={<ExportButton path={LOGINS_EXPORT_PATH} formats={['csv', 'xlsx', 'pdf']} params={list.exportParams} allowed={canClose} />}
    >
      <DataTable<LoginSession>
        label="Sesiones de usuarios"
        columns={columns}
        rowKey="id"
        {...pagedTableProps(logins, list)}
        onChange={list.onTableChange}
      />
    </ListPage>
  );
}
