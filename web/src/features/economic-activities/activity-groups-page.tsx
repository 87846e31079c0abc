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
import { ACTIVITY_GROUPS_EXPORT, useActivityGroups, useDeleteActivityGroup, type ActivityGroupRow } from './api';
import { activityGroupColumns } from './activity-group-columns';
import { ActivityGroupFormPanel } from './activity-group-form-panel';

export const activityGroupTexts = { confirmDelete: '¿Seguro de eliminar el grupo de actividades?' } as const;

type Panel = { kind: 'form'; group: ActivityGroupRow | null } | { kind: 'delete'; group: ActivityGroupRow } | null;

/** Grupos de actividades (spec 03 §2): search, export, add/edit (Nombre), delete. */
export default function ActivityGroupsPage() {
  const list = useListState();
  const groups = useActivityGroups(list.params);
  const remove = useDeleteActivityGroup();
  const [panel, setPanel] = useState<Panel>(null);
  const canAdd = useCan('add_activity_group');
  const canEdit = useCan('edit_activity_group');
  const canDelete = useCan('delete_activity_group');
  const canExport = useCan('export_activity_groups');

  const columns = useMemo(
    () =>
      activityGroupColumns({
        canEdit,
        canDelete,
        onEdit: (group) => setPanel({ kind: 'form', group }),
        onDelete: (group) => setPanel({ kind: 'delete', group }),
      }),
    [canEdit, canDelete],
  );

  function confirmDelete(group: ActivityGroupRow) {
    remove.mutate(group.id, {
      onSuccess: () => {
        setPanel(null);
        list.restart();
      },
    });
  }

  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Grupos de actividades
      </Typography.Title>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={list.search} onChange={list.setSearch} />
        <Flex gap={8} wrap>
          <ExportButton {...ACTIVITY_GROUPS_EXPORT} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'form', group: null })}>
              Nuevo grupo
            </Button>
          )}
        </Flex>
      </Flex>
      <DataTable<ActivityGroupRow>
        label="Grupos de actividades"
        columns={columns}
        rows={groups.data?.data}
        rowKey="id"
        total={groups.data?.total ?? 0}
        page={list.page}
        perPage={list.perPage}
        loading={groups.isFetching}
        failed={groups.isError}
        onRetry={() => void groups.refetch()}
        onPageChange={list.changePage}
      />
      <ActivityGroupFormPanel open={panel?.kind === 'form'} group={panel?.kind === 'form' ? panel.group : null} onClose={() => setPanel(null)} />
      <ConfirmDelete
        open={panel?.kind === 'delete'}
        question={activityGroupTexts.confirmDelete}
        subject={panel?.kind === 'delete' ? panel.group.name : undefined}
        deleting={remove.isPending}
        onCancel={() => setPanel(null)}
        onConfirm={() => panel?.kind === 'delete' && confirmDelete(panel.group)}
      />
    </section>
  );
}
