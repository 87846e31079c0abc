import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { bankMessages, CONCILIATION_ERROR_CODES, conciliationErrorLabels } from '@recaudo/domain/bank-operations';
import Button from 'antd/es/button';
import { useEffect, useMemo, useState } from 'react';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField } from '../../components/filter-drawer';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { clientOptionLabel, findClientOptions } from '../../components/select-options';
import { useListState } from '../../components/use-list-state';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { CONCILIATION_PAGE_SIZE, CONCILIATIONS_EXPORT_PATH, useConciliations, useConciliationStatistics, type Conciliation } from './api';
import { conciliationColumns } from './conciliation-columns';
import { ConciliationDetailsModal } from './conciliation-details-modal';
import { ConciliationStatisticsCards } from './conciliation-statistics';

export const CONCILIATION_PAGE_SIZES = [15, 25, 50, 100];

const filterFields: FilterField[] = [
  {
    type: 'select',
    name: 'client_id',
    label: 'Cliente',
    fetcher: (search, _filters, signal) => findClientOptions(search, signal).then((clients) => clients.map((client) => ({ value: client.id, label: clientOptionLabel(client) }))),
  },
  {
    type: 'select',
    name: 'success',
    label: 'Estatus',
    options: [
      { value: '1', label: 'Conciliado' },
      { value: '0', label: 'Fallido' },
    ],
  },
  { type: 'text', name: 'reference', label: 'Referencia' },
  { type: 'date-range', name: 'dates', label: 'Fechas' },
  { type: 'select', name: 'error_code', label: 'Código de error', options: CONCILIATION_ERROR_CODES.map((code) => ({ value: code, label: conciliationErrorLabels[code] })) },
];

/**
 * /conciliations, Conciliaciones Bancarias (spec 02 §2): every validation attempt with its
 * statistics, filters (all empty at first), refresh, export and the details modal.
 */
export default function ConciliationsPage() {
  const list = useListState({ initialPerPage: CONCILIATION_PAGE_SIZE });
  const conciliations = useConciliations(list.params);
  const statistics = useConciliationStatistics(list.params);
  const canExport = useCan('export_conciliations');
  const [viewing, setViewing] = useState<number | null>(null);
  const columns = useMemo(() => conciliationColumns((row: Conciliation) => setViewing(row.id)), []);

  useEffect(() => {
    if (conciliations.isError) notify.error(bankMessages.conciliationsFailed);
  }, [conciliations.isError]);

  return (
    <ListPage
      title="Conciliaciones Bancarias"
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={filterFields} />
          <Button
            icon={<ReloadOutlined />}
            loading={conciliations.isFetching}
            onClick={() => {
              void conciliations.refetch();
              void statistics.refetch();
            }}
          >
            Actualizar
          </Button>
        </>
      }
      actions={<ExportButton path={CONCILIATIONS_EXPORT_PATH} formats={['csv', 'xlsx', 'pdf']} params={list.exportParams} allowed={canExport} />}
    >
      <ConciliationStatisticsCards statistics={statistics.data} loading={statistics.isLoading} />
      <DataTable<Conciliation>
        label="Conciliaciones bancarias"
        columns={columns}
        rowKey="id"
        size="middle"
        {...pagedTableProps(conciliations, list)}
        pageSizeOptions={CONCILIATION_PAGE_SIZES}
      />
      <ConciliationDetailsModal id={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
