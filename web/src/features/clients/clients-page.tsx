import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import { CLIENT_TYPES, GENDERS, IDENTIFICATION_TYPES, type ClientOption, type ClientRow, type ClientType } from '@recaudo/domain/clients';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField, type FilterOption } from '../../components/filter-drawer';
import { HistoryPanel } from '../../components/history-panel';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { REGION_FILTER_NAMES, regionFilterFields } from '../../components/select-options';
import { useListState, type ListFilters } from '../../components/use-list-state';
import { useWatchList } from '../../lib/realtime';
import { useRecordPanels } from '../../components/use-record-panels';
import { userFilterField } from '../../components/user-filter';
import { useCan } from '../../lib/session';
import { ImportButton } from '../../components/import-button';
import { CLIENTS_EXPORT_PATH, findClientOptions, useChangeClientStatus, useClients, useDeleteClient } from './api';
import { clientColumns, clientDetailPath } from './client-columns';
import { ClientFormPanel } from './client-form-panel';
import { MessageModal } from './message-modal';

const typeOptions = ([0, 1] as const).map((type) => ({ value: type, label: CLIENT_TYPES[type] }));

/** The drawer's filters, as `clients` reads them (server/src/modules/clients/service.ts). */
function clientFilters(type: ClientType): FilterField[] {
  const fields: FilterField[] = [
    {
      type: 'select',
      name: 'client',
      label: 'Clientes',
      multiple: true,
      // Every type: the drawer keys its options by search and filters only, not by the type selector.
      fetcher: (search, _filters, signal) =>
        findClientOptions(search, undefined, signal).then((options): FilterOption[] =>
          options.map((client) => ({ value: client.id, label: `${client.name} (${client.identification_type}-${client.identification})` })),
        ),
    },
    {
      type: 'select',
      name: 'identification_type',
      label: 'Tipo de identificación',
      multiple: true,
      options: Object.entries(IDENTIFICATION_TYPES[type]).map(([value, label]) => ({ value, label: `${value} - ${label}` })),
    },
    { type: 'text', name: 'identification', label: 'Identificación' },
  ];
  if (type === 0) {
    fields.push({ type: 'select', name: 'gender', label: 'Género', options: Object.entries(GENDERS).map(([value, label]) => ({ value, label })) });
  }
  fields.push(
    {
      type: 'select',
      name: 'status',
      label: 'Estatus',
      options: [
        { value: '1', label: 'Activo' },
        { value: '0', label: 'Inactivo' },
      ],
    },
    { ...userFilterField, label: 'Creado por' },
    { type: 'date-range', name: 'dates', label: 'Fecha de creación' },
    ...regionFilterFields,
  );
  return fields;
}

/** `/clients?state=5` ("Ver clientes" of Estados, Municipios, Parroquias, Comunidades) as the list's filters. */
function regionFiltersOf(params: URLSearchParams): ListFilters {
  return Object.fromEntries(
    REGION_FILTER_NAMES.flatMap((name) => {
      const ids = params.getAll(name).map(Number).filter((id) => Number.isInteger(id) && id > 0);
      return ids.length ? [[name, ids]] : [];
    }),
  );
}

/** The address keeps the list's place filters, so a reload or a shared link shows the same clients. */
function useRegionFiltersInAddress(filters: ListFilters) {
  const [params, setParams] = useSearchParams();
  const wanted = JSON.stringify(REGION_FILTER_NAMES.map((name) => [name, filters[name] ?? []]));
  const current = JSON.stringify(REGION_FILTER_NAMES.map((name) => [name, params.getAll(name).map(Number)]));
  useEffect(() => {
    if (wanted === current) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, ids] of JSON.parse(wanted) as [string, number[]][]) {
          next.delete(name);
          ids.forEach((id) => next.append(name, String(id)));
        }
        return next;
      },
      { replace: true },
    );
  }, [wanted, current, setParams]);
}

const optionOf = (client: ClientRow): ClientOption => ({
  id: client.id,
  name: client.name,
  identification_type: client.identification_type,
  identification: client.identification,
  type: client.type,
  email: client.email,
  phone: client.phone,
});

export interface ClientsPageProps {
  /**
   * A row expanded: the client's payment addresses, each with its calendar, tickets and actions. Features
   * do not import each other, so the app hands them in (app/clients-route.tsx).
   */
  addressesOf?: (client: ClientRow) => ReactNode;
}

/**
 * Clientes (spec 01 §2): debounced search, type selector, filter drawer, export, "Enviar mensaje",
 * "Nuevo cliente", the active toggle, rows expanding to the payment addresses, and per row the
 * detail, edit, message, history and delete actions.
 */
export default function ClientsPage({ addressesOf }: ClientsPageProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const list = useListState({ initialFilters: regionFiltersOf(searchParams) });
  useRegionFiltersInAddress(list.filters);
  useWatchList('clients');
  const [type, setType] = useState<ClientType>(0);
  const params = useMemo(() => ({ ...list.params, type }), [list.params, type]);
  const clients = useClients(params);
  const changeStatus = useChangeClientStatus();
  const remove = useDeleteClient();
  const panels = useRecordPanels<ClientRow>();
  const { openForm, openDelete, openHistory, close } = panels;
  // The message modal: its recipients, and a key that starts it afresh each time it opens.
  const [message, setMessage] = useState<{ key: number; clients: ClientOption[] } | null>(null);
  const canAdd = useCan('add_client');
  const canEdit = useCan('edit_client');
  const canDelete = useCan('delete_client');
  const canExport = useCan('export_clients');
  const canSeeHistory = useCan('logs');
  const fields = useMemo(() => clientFilters(type), [type]);

  const columns = useMemo(
    () =>
      clientColumns({
        canEdit,
        canDelete,
        canSeeHistory,
        onToggle: (client, active) => changeStatus.mutateAsync({ id: client.id, active }),
        onOpen: (client) => void navigate(clientDetailPath(client.id)),
        onEdit: openForm,
        onMessage: (client) => openMessage([optionOf(client)]),
        onHistory: openHistory,
        onDelete: openDelete,
      }),
    // The mutation object changes every render; its mutateAsync is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canEdit, canDelete, canSeeHistory, changeStatus.mutateAsync, navigate, openForm, openHistory, openDelete],
  );

  function openMessage(chosen: ClientOption[]) {
    close();
    setMessage((current) => ({ key: (current?.key ?? 0) + 1, clients: chosen }));
  }

  function changeType(next: ClientType) {
    setType(next);
    // Identification types and gender belong to one type; the page starts over.
    list.setFilters({ ...list.filters, identification_type: undefined, gender: next === 0 ? list.filters.gender : undefined, client: undefined });
  }

  return (
    <ListPage
      title="Clientes"
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <Segmented<ClientType> aria-label="Tipo de cliente" options={typeOptions} value={type} onChange={changeType} />
          <FilterControls list={list} fields={fields} />
        </>
      }
      actions={
        <>
          <ExportButton path={CLIENTS_EXPORT_PATH} formats={['csv', 'xlsx', 'pdf']} params={{ ...list.exportParams, type }} allowed={canExport} />
          <ImportButton />
          {canEdit && (
            <Button icon={<SendOutlined />} onClick={() => openMessage([])}>
              Enviar mensaje
            </Button>
          )}
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              Nuevo cliente
            </Button>
          )}
        </>
      }
    >
      <DataTable<ClientRow>
        label="Clientes"
        columns={columns}
        rowKey="id"
        size="middle"
        {...pagedTableProps(clients, list)}
        onChange={list.onTableChange}
        expandable={addressesOf ? { expandedRowRender: (client) => addressesOf(client) } : undefined}
      />
      <ClientFormPanel key={panels.formKey} open={panels.formOpen} client={panels.formRecord} defaultType={type} onClose={close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question="¿Seguro de eliminar el cliente?"
        subject={panels.toDelete?.name}
        deleting={remove.isPending}
        onCancel={close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
      <HistoryPanel
        open={panels.inHistory !== null}
        onClose={close}
        subjectType="clients"
        subjectId={panels.inHistory?.id ?? null}
        subjectName={panels.inHistory?.name}
      />
      <MessageModal key={`message-${message?.key ?? 0}`} open={message !== null} clients={message?.clients ?? []} onClose={() => setMessage(null)} />
    </ListPage>
  );
}
