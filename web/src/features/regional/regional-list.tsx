import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { RegionalUnit } from '@recaudo/domain/regional';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { DateRangeInput, FilterControls, todayPair, type FilterField, type FilterOption } from '../../components/filter-drawer';
import { HistoryPanel } from '../../components/history-panel';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { useListState, type ListFilters } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useCan } from '../../lib/session';
import { findUnitSelects, useChangeUnitStatus, useDeleteUnit, useUnits, type RegionalRow } from './api';
import { PaymentSummaryCards } from './payment-summary';
import { regionalColumns } from './regional-columns';
import { RegionalFormPanel } from './regional-form-panel';
import { UNITS } from './units';

const idOf = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? Number(value) || undefined : undefined);
const options = (rows: { id: number; name: string }[]): FilterOption[] => rows.map((row) => ({ value: row.id, label: row.name }));

const stateFilter: FilterField = {
  type: 'select',
  name: 'state_id',
  label: 'Estado',
  resets: ['municipality_id', 'parish_id'],
  fetcher: (search, _filters, signal) => findUnitSelects('states', {}, search, signal).then(options),
};
const municipalityFilter: FilterField = {
  type: 'select',
  name: 'municipality_id',
  label: 'Municipio',
  resets: ['parish_id'],
  dependsOn: ['state_id'],
  fetcher: (search, filters: ListFilters, signal) => findUnitSelects('municipalities', { state_id: idOf(filters.state_id) }, search, signal).then(options),
};
const parishFilter: FilterField = {
  type: 'select',
  name: 'parish_id',
  label: 'Parroquia',
  dependsOn: ['municipality_id'],
  fetcher: (search, filters: ListFilters, signal) => findUnitSelects('parishes', { municipality_id: idOf(filters.municipality_id) }, search, signal).then(options),
};
const statusFilter: FilterField = {
  type: 'select',
  name: 'active',
  label: 'Estatus',
  options: [
    { value: 1, label: 'Activo' },
    { value: 0, label: 'Inactivo' },
  ],
};

/** Spec 03 §2: each list can be filtered by its parents. */
const FILTERS: Record<RegionalUnit, FilterField[]> = {
  states: [statusFilter],
  municipalities: [stateFilter, statusFilter],
  parishes: [stateFilter, municipalityFilter, statusFilter],
  communities: [stateFilter, municipalityFilter, parishFilter, statusFilter],
};

/**
 * Estados, Municipios, Parroquias and Comunidades (spec 03 §2): paged sortable table with
 * search, parent filters, the payments date range (today by default), active toggles,
 * expandable payment summaries, add/edit panel, delete confirmation, history and export.
 */
export function RegionalList({ unit }: { unit: RegionalUnit }) {
  const config = UNITS[unit];
  const navigate = useNavigate();
  const [payments, setPayments] = useState<[string, string] | null>(todayPair);
  const list = useListState({ fixedFilters: { dates: payments } });
  const units = useUnits(unit, list.params);
  const toggle = useChangeUnitStatus(unit);
  const remove = useDeleteUnit(unit);
  const panels = useRecordPanels<RegionalRow>();
  const { openForm, openDelete, openHistory } = panels;
  const canAdd = useCan(config.permissions.add);
  const canEdit = useCan(config.permissions.edit);
  const canDelete = useCan(config.permissions.remove);
  const canExport = useCan(config.permissions.export);
  const canSeeClients = useCan('clients');
  const canSeeHistory = useCan('logs');

  const columns = useMemo(
    () =>
      regionalColumns(unit, {
        canEdit,
        canDelete,
        canSeeClients,
        canSeeHistory,
        onToggle: (row, active) => toggle.mutateAsync({ id: row.id, active }),
        onEdit: openForm,
        onDelete: openDelete,
        onHistory: openHistory,
        onClients: (path) => void navigate(path),
      }),
    // The mutation object changes every render; its mutateAsync is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [unit, canEdit, canDelete, canSeeClients, canSeeHistory, toggle.mutateAsync, openForm, openDelete, openHistory, navigate],
  );

  return (
    <ListPage
      title={config.title}
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={FILTERS[unit]} />
          <Flex gap={6} align="center">
            <Typography.Text type="secondary">
              <label htmlFor="payments-range">Pagos:</label>
            </Typography.Text>
            <div style={{ width: 240 }}>
              <DateRangeInput id="payments-range" label="Fecha de pagos" value={payments} onChange={setPayments} />
            </div>
          </Flex>
        </>
      }
      actions={
        <>
          <ExportButton path={`${unit}/export`} formats={['csv', 'xlsx']} params={{ ...list.exportParams, payments: 1 }} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              {config.addLabel}
            </Button>
          )}
        </>
      }
    >
      <DataTable<RegionalRow>
        label={config.title}
        columns={columns}
        rowKey="id"
        size="middle"
        {...pagedTableProps(units, list)}
        onChange={list.onTableChange}
        expandable={{ expandedRowRender: (row) => <PaymentSummaryCards row={row} commercial={config.commercial} /> }}
      />
      <RegionalFormPanel key={panels.formKey} unit={unit} open={panels.formOpen} row={panels.formRecord} onClose={panels.close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={config.deleteQuestion}
        subject={panels.toDelete?.name}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
      <HistoryPanel
        open={panels.inHistory !== null}
        onClose={panels.close}
        subjectType={unit}
        subjectId={panels.inHistory?.id ?? null}
        subjectName={panels.inHistory?.name}
      />
    </ListPage>
  );
}
