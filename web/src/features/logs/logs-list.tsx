import { LOG_EVENT_LABELS, LOG_MODULE_LABELS } from '@recaudo/domain/logs';
import { useMemo, useState, type ReactNode } from 'react';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField } from '../../components/filter-drawer';
import { ListPage } from '../../components/list-page';
import { LogDetailsModal } from '../../components/log-details-modal';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { userFilterField } from '../../components/user-filter';
import { useCan } from '../../lib/session';
import { LOGS_EXPORT_PATH, useLogs, type LogEntry } from './api';
import { logColumns } from './log-columns';

/** Spec 03 §3: the module filter lists these; the event filter offers created, deleted, updated. */
const MODULES = [
  'users', 'clients', 'payments', 'closed_boxs', 'addresses_payments', 'roles', 'role_modules', 'states', 'municipalities', 'parishes', 'communities',
  'configurations', 'notes', 'payment_methods', 'economic_activities', 'activity_groups', 'banks', 'solvencies', 'correlatives', 'tickets_payments',
];
const EVENTS = ['created', 'deleted', 'updated'];

const moduleFilter: FilterField = {
  type: 'select',
  name: 'module',
  label: 'Módulo',
  multiple: true,
  options: MODULES.map((name) => ({ value: name, label: LOG_MODULE_LABELS[name] ?? name })),
};
const eventFilter: FilterField = {
  type: 'select',
  name: 'event_type',
  label: 'Tipo de evento',
  options: EVENTS.map((name) => ({ value: name, label: LOG_EVENT_LABELS[name] ?? name })),
};
const datesFilter: FilterField = { type: 'date-range', name: 'dates', label: 'Fechas' };

export interface LogsListProps {
  /** The page heading, when the list is a page of its own. */
  title?: string;
  /** Only the entries about this client or by its users (client detail tab "Bitácoras"). */
  clientId?: number;
  /** Shown above the table (Bitácoras: the log's integrity). */
  notice?: ReactNode;
}

/**
 * The audit log list (Bitácoras): search, filters module / event type / user / dates, export
 * csv/xlsx/pdf; a row opens "Detalles del log". `<LogsList clientId={id} />` shows one client's.
 */
export function LogsList({ title, clientId, notice }: LogsListProps) {
  const list = useListState({ fixedFilters: clientId ? { client: clientId } : undefined });
  const logs = useLogs(list.params);
  const canExport = useCan('logs');
  const [selected, setSelected] = useState<LogEntry | null>(null);
  const columns = useMemo(() => logColumns({ onOpen: setSelected }), []);
  const fields = useMemo(() => (clientId ? [moduleFilter, eventFilter, datesFilter] : [moduleFilter, eventFilter, userFilterField, datesFilter]), [clientId]);

  return (
    <ListPage
      title={title}
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={fields} />
        </>
      }
      actions={<ExportButton path={LOGS_EXPORT_PATH} formats={['csv', 'xlsx', 'pdf']} params={list.exportParams} allowed={canExport} />}
    >
      {notice}
      <DataTable<LogEntry>
        label="Bitácoras"
        columns={columns}
        rowKey="id"
        {...pagedTableProps(logs, list)}
        onChange={list.onTableChange}
        onRow={(log) => ({ onClick: () => setSelected(log), style: { cursor: 'pointer' } })}
      />
      <LogDetailsModal log={selected} onClose={() => setSelected(null)} />
    </ListPage>
  );
}
