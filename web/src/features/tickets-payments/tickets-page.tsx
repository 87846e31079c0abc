import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { IDENTIFICATION_TYPES } from '@recaudo/domain/clients';
import { todayInCaracas } from '@recaudo/domain/dates';
import { formatDate } from '@recaudo/domain/format';
import { isTicketExpired } from '@recaudo/domain/tickets';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { ActiveSwitch } from '../../components/active-switch';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField, type FilterOption } from '../../components/filter-drawer';
import { HistoryPanel } from '../../components/history-panel';
import { ListPage } from '../../components/list-page';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useListState, type FilterValue } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { clientsFilterField } from '../../components/select-options';
import { useCan } from '../../lib/session';
import {
  TICKETS_EXPORT,
  findActivityFilterOptions,
  findPaymentMethodFilterOptions,
  findRegionFilterOptions,
  useChangeTicketStatus,
  useDeleteTicket,
  useTickets,
  type TicketRow,
} from './api';
import { TicketFormPanel } from './ticket-form-panel';

export const ticketTexts = { confirmDelete: '¿Seguro de eliminar el ticket de pago?' } as const;

const sortable = { sorter: true, sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[] };

/** A filter's chosen ids, one or a list, as the parent of the next cascade level. */
const ids = (value: FilterValue): number[] => (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).map(Number).filter(Boolean);

const identificationOptions: FilterOption[] = ([0, 1] as const).flatMap((type) =>
  Object.entries(IDENTIFICATION_TYPES[type]).map(([value, label]) => ({ value, label: `${value} - ${label}` })),
);

/**
 * Spec 02 §2: the series delivered to addresses matching these (type, client, location, activity)
 * or with a ticket of that serial; status of the series itself. Payment method is sent and
 * ignored by the server until payments exist.
 */
export const TICKET_FILTERS: FilterField[] = [
  {
    type: 'select',
    name: 'status',
    label: 'Estado del ticket',
    options: [
      { value: 1, label: 'Activo' },
      { value: 0, label: 'Inactivo' },
    ],
  },
  { type: 'select', name: 'type', label: 'Tipo de dirección', options: ([0, 1] as const).map((type) => ({ value: type, label: ADDRESS_TYPES[type] })) },
  clientsFilterField,
  { type: 'select', name: 'identification_type', label: 'Tipo de identificación', multiple: true, options: identificationOptions },
  {
    type: 'select',
    name: 'state',
    label: 'Estado',
    multiple: true,
    resets: ['municipality', 'parish', 'community'],
    fetcher: (search, _filters, signal) => findRegionFilterOptions('states', {}, search, signal),
  },
  {
    type: 'select',
    name: 'municipality',
    label: 'Municipio',
    multiple: true,
    resets: ['parish', 'community'],
    dependsOn: ['state'],
    fetcher: (search, filters, signal) => findRegionFilterOptions('municipalities', { state_id: ids(filters.state) }, search, signal),
  },
  {
    type: 'select',
    name: 'parish',
    label: 'Parroquia',
    multiple: true,
    resets: ['community'],
    dependsOn: ['municipality'],
    fetcher: (search, filters, signal) => findRegionFilterOptions('parishes', { municipality_id: ids(filters.municipality) }, search, signal),
  },
  {
    type: 'select',
    name: 'community',
    label: 'Comunidad',
    multiple: true,
    dependsOn: ['parish'],
    fetcher: (search, filters, signal) => findRegionFilterOptions('communities', { parish_id: ids(filters.parish) }, search, signal),
  },
  { type: 'select', name: 'economic_activity', label: 'Actividad económica', multiple: true, fetcher: (search, _filters, signal) => findActivityFilterOptions(search, signal) },
  { type: 'select', name: 'payment_method', label: 'Método de pago', multiple: true, fetcher: (search, _filters, signal) => findPaymentMethodFilterOptions(search, signal) },
  { type: 'text', name: 'serial', label: 'Serial' },
];

/** The colour printed on the tickets: a swatch and its hex code. */
export function ColorSwatch({ color }: { color: string }) {
  return (
    <Flex gap={8} align="center">
      <span aria-hidden style={{ display: 'inline-block', width: 18, height: 18, borderRadius: 4, background: color, border: '1px solid rgba(128, 128, 128, 0.5)' }} />
      <Typography.Text type="secondary">{color.toUpperCase()}</Typography.Text>
    </Flex>
  );
}

/** Spec 02 §4: the expiry day red when before today (Caracas), else green. */
export function ExpiryDate({ date, today }: { date: string; today: string }) {
  const expired = isTicketExpired(date, today);
  return (
    <Tag color={expired ? 'red' : 'green'} title={expired ? 'Vencido' : 'Vigente'} data-expired={expired}>
      {formatDate(date)}
    </Tag>
  );
}

/**
 * Tickets de Pago (spec 02 §2): series of physical tickets with their colour, status switch
 * (optimistic), delivered count and expiry date; search, filters, export, add/edit, history, delete.
 */
export default function TicketsPage() {
  const list = useListState();
  const tickets = useTickets(list.params);
  const toggle = useChangeTicketStatus();
  const remove = useDeleteTicket();
  const panels = useRecordPanels<TicketRow>();
  const { openForm, openDelete, openHistory } = panels;
  const canAdd = useCan('add_tickets_payment');
  const canEdit = useCan('edit_tickets_payment');
  const canDelete = useCan('delete_tickets_payment');
  const canExport = useCan('export_tickets_payments');
  const canSeeHistory = useCan('logs');
  const today = todayInCaracas();
  const { mutateAsync: changeStatus } = toggle;

  const columns = useMemo<ColumnsType<TicketRow>>(
    () => [
      { title: 'Nombre', dataIndex: 'name', key: 'name', ...sortable },
      { title: 'Color', key: 'color', render: (_, row) => <ColorSwatch color={row.color} /> },
      {
        title: 'Estado',
        key: 'status',
        ...sortable,
        render: (_, row) => (
          <ActiveSwitch active={row.status} label={`Estado de ${row.name}`} canEdit={canEdit} onChange={(status) => changeStatus({ id: row.id, status })} />
        ),
      },
      { title: 'Tickets entregados', dataIndex: 'count_tickets_delivered', key: 'count_tickets_delivered', align: 'right', ...sortable },
      { title: 'Fecha de vencimiento', key: 'validity_date', ...sortable, render: (_, row) => <ExpiryDate date={row.validity_date} today={today} /> },
      ...actionsColumn<TicketRow>(
        (row) => [
          editAction(() => openForm(row), canEdit),
          { label: 'Historial', icon: <HistoryOutlined />, onClick: () => openHistory(row), allowed: canSeeHistory },
          deleteAction(() => openDelete(row), canDelete),
        ],
        canEdit || canSeeHistory || canDelete,
        { labelOf: (row) => row.name },
      ),
    ],
    [canEdit, canDelete, canSeeHistory, changeStatus, openForm, openDelete, openHistory, today],
  );

  return (
    <ListPage
      title="Tickets de Pago"
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={TICKET_FILTERS} />
        </>
      }
      actions={
        <>
          <ExportButton {...TICKETS_EXPORT} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              Nuevo ticket
            </Button>
          )}
        </>
      }
    >
      <DataTable<TicketRow> label="Tickets de Pago" columns={columns} rowKey="id" {...pagedTableProps(tickets, list)} onChange={list.onTableChange} />
      <TicketFormPanel key={panels.formKey} open={panels.formOpen} ticket={panels.formRecord} onClose={panels.close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={ticketTexts.confirmDelete}
        subject={panels.toDelete?.name}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
      <HistoryPanel open={panels.inHistory !== null} onClose={panels.close} subjectType="tickets_payments" subjectId={panels.inHistory?.id ?? null} subjectName={panels.inHistory?.name} />
    </ListPage>
  );
}
