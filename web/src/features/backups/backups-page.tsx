import CloudDownloadOutlined from '@ant-design/icons/CloudDownloadOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { backupMessages, formatSize } from '@recaudo/domain/backups';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { actionsColumn, deleteAction } from '../../components/row-actions';
import { useListState } from '../../components/use-list-state';
import { downloadBackup, useBackups, useCreateBackup, useDeleteBackup, type BackupRow } from './api';

/**
 * Respaldos (spec 03 §2): the backups with name and size, Descargar and Eliminar per row,
 * Crear respaldo (the list shows it running until the server answers) and a reload button.
 */
export default function BackupsPage() {
  const list = useListState();
  const backups = useBackups();
  const create = useCreateBackup();
  const remove = useDeleteBackup();
  const [toDelete, setToDelete] = useState<BackupRow | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const columns = useMemo<ColumnsType<BackupRow>>(
    () => [
      { title: 'Nombre', dataIndex: 'name', key: 'name', render: (name: string) => name.slice(name.lastIndexOf('/') + 1) },
      { title: 'Tamaño', dataIndex: 'size', key: 'size', width: 140, align: 'right', render: (size: number) => formatSize(size) },
      ...actionsColumn<BackupRow>(
        (backup) => [
          {
            label: downloading === backup.name ? 'Descargando…' : 'Descargar',
            icon: <CloudDownloadOutlined />,
            disabled: downloading !== null,
            primary: true,
            onClick: () => {
              setDownloading(backup.name);
              void downloadBackup(backup.name)
                .catch(() => undefined)
                .finally(() => setDownloading(null));
            },
          },
          deleteAction(() => setToDelete(backup), true),
        ],
        true,
      ),
    ],
    [downloading],
  );

  const rows = backups.data ?? [];
  return (
    <ListPage
      title="Respaldos"
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void backups.refetch()} loading={backups.isFetching && !create.isPending}>
            Recargar
          </Button>
          <Button type="primary" icon={<DatabaseOutlined />} loading={create.isPending} onClick={() => create.mutate(undefined)}>
            {create.isPending ? backupMessages.creating : 'Crear respaldo'}
          </Button>
        </>
      }
    >
      {create.isPending && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={backupMessages.creating}
          description="Se copian todas las tablas y los archivos subidos; puede tardar unos minutos en una base de datos grande. Puede seguir usando el sistema."
        />
      )}
      <DataTable<BackupRow>
        label="Respaldos"
        columns={columns}
        rowKey="name"
        rows={rows.slice((list.page - 1) * list.perPage, list.page * list.perPage)}
        total={rows.length}
        page={list.page}
        perPage={list.perPage}
        loading={backups.isFetching}
        failed={backups.isError}
        onRetry={() => void backups.refetch()}
        onPageChange={list.changePage}
      />
      <ConfirmDelete
        open={toDelete !== null}
        question={backupMessages.confirmDelete}
        subject={toDelete?.name}
        deleting={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.name, { onSuccess: () => setToDelete(null) })}
      />
    </ListPage>
  );
}
