import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useCan } from '../../lib/session';
import { ECONOMIC_ACTIVITIES_EXPORT, useDeleteEconomicActivity, useEconomicActivities, type EconomicActivityRow } from './api';
import { ActivityClientsModal } from './activity-clients-modal';
import { economicActivityColumns } from './economic-activity-columns';
import { EconomicActivityFormPanel } from './economic-activity-form-panel';

export const economicActivityTexts = { confirmDelete: '¿Seguro de eliminar la actividad económica?' } as const;

/** Actividades Económicas (spec 03 §2): search, xlsx export, add/edit panel, delete and "Ver clientes". */
export default function EconomicActivitiesPage() {
  const list = useListState();
  const activities = useEconomicActivities(list.params);
  const remove = useDeleteEconomicActivity();
  const panels = useRecordPanels<EconomicActivityRow>();
  const { openForm, openDelete } = panels;
  const [clientsOf, setClientsOf] = useState<EconomicActivityRow | null>(null);
  const canAdd = useCan('add_economic_activity');
  const canEdit = useCan('edit_economic_activity');
  const canDelete = useCan('delete_economic_activity');
  const canExport = useCan('export_economic_activities');
  const canSeeClients = useCan('clients');

  const columns = useMemo(
    () => economicActivityColumns({ canEdit, canDelete, canSeeClients, onClients: setClientsOf, onEdit: openForm, onDelete: openDelete }),
    [canEdit, canDelete, canSeeClients, openForm, openDelete],
  );

  return (
    <ListPage
      title="Actividades Económicas"
      toolbar={<SearchBox value={list.search} onChange={list.setSearch} />}
      actions={
        <>
          <ExportButton {...ECONOMIC_ACTIVITIES_EXPORT} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              Nueva actividad
            </Button>
          )}
        </>
      }
    >
      <DataTable<EconomicActivityRow> label="Actividades económicas" columns={columns} rowKey="id" {...pagedTableProps(activities, list)} />
      <EconomicActivityFormPanel key={panels.formKey} open={panels.formOpen} activity={panels.formRecord} onClose={panels.close} />
      <ActivityClientsModal activity={clientsOf} onClose={() => setClientsOf(null)} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={economicActivityTexts.confirmDelete}
        subject={panels.toDelete?.name}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
    </ListPage>
  );
}
