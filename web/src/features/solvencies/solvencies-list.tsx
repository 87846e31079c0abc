import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { solvencyMessages, type SolvencyRow } from '@recaudo/domain/solvencies';
import Button from 'antd/es/button';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField } from '../../components/filter-drawer';
import { HistoryPanel } from '../../components/history-panel';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { clientsFilterField, usersFilterField } from '../../components/select-options';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useCan } from '../../lib/session';
import { SOLVENCIES_EXPORT_PATH, downloadSolvency, useDeleteSolvency, useSendSolvencyMail, useSolvencies } from './api';
import { NewSolvencyModal } from './new-solvency-modal';
import { solvencyColumns } from './solvency-columns';

const typeFilter: FilterField = {
  type: 'select',
  name: 'type',
  label: 'Tipo',
  options: ([0, 1] as const).map((type) => ({ value: type, label: ADDRESS_TYPES[type] })),
};
const datesFilter: FilterField = { type: 'date-range', name: 'dates', label: 'Fecha' };

export interface SolvenciesListProps {
  title?: string;
  /** The client detail's tab 5: only this client's certificates; 'Nueva Solvencia' starts on the client. */
  clientId?: number;
}

/**
 * Solvencias (staff, spec 02 §2): identification, client, address, created date, solvent-until;
 * filters clients, date, users and type; 'Nueva Solvencia' (add_solvency); Eliminar
 * (delete_solvency), Descargar, Enviar por correo, Historial de cambios (logs); export csv/xlsx
 * (export_clients). The server applies the user's data scope.
 */
export function SolvenciesList({ title, clientId }: SolvenciesListProps) {
  const list = useListState({ fixedFilters: clientId ? { client_id: clientId } : undefined });
  const solvencies = useSolvencies(list.params);
  const remove = useDeleteSolvency();
  const sendMail = useSendSolvencyMail();
  const { mutate: mail } = sendMail;
  const panels = useRecordPanels<SolvencyRow>();
  const [creating, setCreating] = useState(false);
  const canAdd = useCan('add_solvency');
  const canDelete = useCan('delete_solvency');
  const canHistory = useCan('logs');
  const canOpenClient = useCan('clients');
  const canExport = useCan('export_clients');
  const mailing = sendMail.isPending ? (sendMail.variables ?? null) : null;
  const { openDelete, openHistory, close } = panels;
  const fields = useMemo(() => (clientId ? [datesFilter, usersFilterField, typeFilter] : [clientsFilterField, datesFilter, usersFilterField, typeFilter]), [clientId]);
  const columns = useMemo(
    () =>
      solvencyColumns({
        showClient: !clientId,
        canOpenClient,
        canDelete,
        canSeeHistory: canHistory,
        mailing,
        onDownload: (row) => void downloadSolvency(row.hash),
        onMail: (row) => mail(row.hash),
        onDelete: openDelete,
        onHistory: openHistory,
      }),
    [clientId, canOpenClient, canDelete, canHistory, mailing, mail, openDelete, openHistory],
  );

  return (
    <ListPage
      title={title}
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={fields} />
        </>
      }
      actions={
        <>
          <ExportButton path={SOLVENCIES_EXPORT_PATH} formats={['csv', 'xlsx']} params={list.exportParams} allowed={canExport} fileName={solvencyMessages.exportName} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              Nueva Solvencia
            </Button>
          )}
        </>
      }
    >
      <DataTable<SolvencyRow> label="Solvencias" columns={columns} rowKey="id" {...pagedTableProps(solvencies, list)} onChange={list.onTableChange} />
      <NewSolvencyModal open={creating} onClose={() => setCreating(false)} clientId={clientId} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={solvencyMessages.deleteConfirm}
        subject={panels.toDelete ? `${panels.toDelete.client.name} · ${panels.toDelete.address_payment.address}` : undefined}
        deleting={remove.isPending}
        onCancel={close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
      <HistoryPanel
        open={panels.inHistory !== null}
        onClose={close}
        subjectType="solvencies"
        subjectId={panels.inHistory?.id ?? null}
        subjectName={panels.inHistory ? `${panels.inHistory.client.name} · ${panels.inHistory.address_payment.address}` : undefined}
      />
    </ListPage>
  );
}
