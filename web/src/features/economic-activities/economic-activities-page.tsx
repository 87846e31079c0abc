import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useCan } from '../../lib/session';
import { ECONOMIC_ACTIVITIES_EXPORT, useDeleteEconomicActivity, useEconomicActivities, type EconomicActivityRow } from './api';
import { ActivityClientsModal } from './activity-clients-modal';
import { economicActivityColumns } from './economic-activity-columns';
import { EconomicActivityFormPanel } from './economic-activity-form-panel';

export const economicActivityTexts = { confirmDelete: '¿Seguro de eliminar la actividad económica?' } as const;

type Panel =
  | { kind: 'form'; activity: EconomicActivityRow | null }
  | { kind: 'delete'; activity: EconomicActivityRow }
  | { kind: 'clients'; activity: EconomicActivityRow }
  | null;

/** Actividades Económicas (spec 03 §2): search, xlsx export, add/edit panel, delete and "Ver clientes". */
export default function EconomicActivitiesPage() {
  const list = useListState();
  const activities = useEconomicActivities(list.params);
  const remove = useDeleteEconomicActivity();
  const [panel, setPanel] = useState<Panel>(null);
  const canAdd = useCan('add_economic_activity');
  const canEdit = useCan('edit_economic_activity');
  const canDelete = useCan('delete_economic_activity');
  const canExport = useCan('export_economic_activities');
  const canSeeClients = useCan('clients');

  const columns = useMemo(
    () =>
      economicActivityColumns({
        canEdit,
        canDelete,
        canSeeClients,
        onClients: (activity) => setPanel({ kind: 'clients', activity }),
        onEdit: (activity) => setPanel({ kind: 'form', activity }),
        onDelete: (activity) => setPanel({ kind: 'delete', activity }),
      }),
    [canEdit, canDelete, canSeeClients],
  );

  function confirmDelete(activity: EconomicActivityRow) {
    remove.mutate(activity.id, {
      onSuccess: () => {
        setPanel(null);
        list.restart();
      },
    });
  }

  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Actividades Económicas
      </Typography.Title>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={list.search} onChange={list.setSearch} />
        <Flex gap={8} wrap>
          <ExportButton {...ECONOMIC_ACTIVITIES_EXPORT} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'form', activity: null })}>
              Nueva actividad
            </Button>
          )}
        </Flex>
      </Flex>
      <DataTable<EconomicActivityRow>
        label="Actividades económicas"
        columns={columns}
        rows={activities.data?.data}
        rowKey="id"
        total={activities.data?.total ?? 0}
        page={list.page}
        perPage={list.perPage}
        loading={activities.isFetching}
        failed={activities.isError}
        onRetry={() => void activities.refetch()}
        onPageChange={list.changePage}
      />
      <EconomicActivityFormPanel
        open={panel?.kind === 'form'}
        activity={panel?.kind === 'form' ? panel.activity : null}
        onClose={() => setPanel(null)}
      />
      <ActivityClientsModal activity={panel?.kind === 'clients' ? panel.activity : null} onClose={() => setPanel(null)} />
      <ConfirmDelete
        open={panel?.kind === 'delete'}
        question={economicActivityTexts.confirmDelete}
        subject={panel?.kind === 'delete' ? panel.activity.name : undefined}
        deleting={remove.isPending}
        onCancel={() => setPanel(null)}
        onConfirm={() => panel?.kind === 'delete' && confirmDelete(panel.activity)}
      />
    </section>
  );
}
