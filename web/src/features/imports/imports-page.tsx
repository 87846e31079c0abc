import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { formatDateTime } from '@recaudo/domain/format';
import { IMPORT_COUNT_LABELS, IMPORT_MODE_LABELS, IMPORT_STATUS_LABELS, type ImportChange, type ImportCounts, type ImportRowError } from '@recaudo/domain/imports';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Progress from 'antd/es/progress';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { useListState } from '../../components/use-list-state';
import { downloadErrors, downloadTemplate, isWorking, useCancelImport, useImport, useImports, useStartImport, type ImportView } from './api';
import { NoWrap } from '../../components/no-wrap';

const STATUS_COLORS: Record<ImportView['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };
const COUNT_KEYS = Object.keys(IMPORT_COUNT_LABELS) as (keyof ImportCounts)[];

const errorColumns: ColumnsType<ImportRowError> = [
  { title: 'Fila', dataIndex: 'row', key: 'row', width: 70 },
  { title: 'Columna', dataIndex: 'column', key: 'column', width: 190 },
  { title: 'Error', dataIndex: 'message', key: 'message' },
];
const changeColumns: ColumnsType<ImportChange> = [
  { title: 'Fila', dataIndex: 'row', key: 'row', width: 70 },
  { title: 'Columna', dataIndex: 'column', key: 'column', width: 160 },
  { title: 'En el sistema', dataIndex: 'from', key: 'from' },
  { title: 'En el archivo', dataIndex: 'to', key: 'to' },
];

/** "2 min 5 s" left at the pace so far. */
function timeLeft(seconds: number | null): string {
  if (seconds === null) return 'calculando el tiempo restante…';
  const minutes = Math.floor(seconds / 60);
  return `quedan ${minutes ? `${minutes} min ` : ''}${seconds % 60} s`;
}

function Counts({ view }: { view: ImportView }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 4 }}
      bordered
      items={COUNT_KEYS.map((key) => ({ key, label: IMPORT_COUNT_LABELS[key], children: view.counts[key].toLocaleString('es-VE') }))}
    />
  );
}

/** The import being watched: its progress while it runs, its counts, first errors and changes after. */
function ImportReport({ view, onCommit, committing }: { view: ImportView; onCommit: (onlyValid: boolean) => void; committing: boolean }) {
  const cancel = useCancelImport();
  const [onlyValid, setOnlyValid] = useState(false);
  const working = isWorking(view);
  const percent = view.rows_total ? Math.floor((view.rows_done / view.rows_total) * 100) : 0;
  const inError = view.counts.rows_in_error > 0;
  const reviewed = view.mode === 'dry_run' && view.status === 'done';
  return (
    <Card
      size="small"
      title={`${IMPORT_MODE_LABELS[view.mode]} de «${view.file_name}»`}
      extra={<Tag color={STATUS_COLORS[view.status]}>{IMPORT_STATUS_LABELS[view.status]}</Tag>}
      style={{ marginBottom: 16 }}
    >
      <Flex vertical gap={12}>
        {working && (
          <Flex gap={12} align="center" wrap>
            <Progress percent={percent} style={{ flex: '1 1 320px', margin: 0 }} aria-label="Avance de la importación" />
            <Typography.Text>
              {view.rows_done.toLocaleString('es-VE')} de {view.rows_total.toLocaleString('es-VE')} filas · {view.status === 'queued' ? 'en cola, espera a la importación en curso' : timeLeft(view.seconds_left)}
            </Typography.Text>
            <Button danger loading={cancel.isPending} onClick={() => cancel.mutate(view.id)}>
              Cancelar
            </Button>
          </Flex>
        )}
        {view.status === 'failed' && <Alert type="error" showIcon title={view.failure ?? 'La importación falló.'} />}
        <Counts view={view} />
        {reviewed && !inError && <Alert type="success" showIcon title="El archivo no tiene errores: puedes importarlo." />}
        {inError && (
          <>
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              Primeros errores
            </Typography.Title>
            <Table<ImportRowError> size="small" columns={errorColumns} dataSource={view.errors} rowKey={(error) => `${error.row}-${error.column}-${error.message}`} pagination={{ pageSize: 5, showSizeChanger: false }} />
            <div>
              <Button icon={<DownloadOutlined />} onClick={() => void downloadErrors(view.id)}>
                Descargar errores
              </Button>
            </div>
          </>
        )}
        {view.changes.length > 0 && (
          <>
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              Clientes que cambiarían
            </Typography.Title>
            <Table<ImportChange> size="small" columns={changeColumns} dataSource={view.changes} rowKey={(change) => `${change.row}-${change.column}`} pagination={{ pageSize: 5, showSizeChanger: false }} />
          </>
        )}
        {reviewed && (
          <Flex gap={12} align="center" wrap>
            {inError && (
              <Checkbox checked={onlyValid} onChange={(event) => setOnlyValid(event.target.checked)}>
                Importar solo las filas válidas
              </Checkbox>
            )}
            <Button type="primary" disabled={inError && !onlyValid} loading={committing} onClick={() => onCommit(onlyValid)}>
              Importar
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

/**
 * Importar clientes y direcciones (issue 48): the templates, a file dropped and reviewed first (a
 * dry run writes nothing), its counts and first errors, the errors file, the commit with its
 * progress and cancellation, and the history of imports.
 */
export default function ImportsPage() {
  const [file, setFile] = useState<File | null>(null);
  const [watched, setWatched] = useState<number | null>(null);
  const start = useStartImport();
  const current = useImport(watched);
  const list = useListState();
  const history = useImports(list.params, isWorking(current.data));

  const send = (mode: 'dry_run' | 'commit', onlyValid = false) => {
    if (!file) return;
    start.mutate({ file, mode, onlyValid }, { onSuccess: (answer) => setWatched(answer.data.id) });
  };

  const columns = useMemo<ColumnsType<ImportView>>(
    () => [
      { title: 'Fecha', dataIndex: 'created_at', key: 'created_at', width: 150, render: (value: string) => <NoWrap>{formatDateTime(value)}</NoWrap> },
      { title: 'Usuario', key: 'user', render: (_, row) => row.user?.name ?? '—' },
      { title: 'Archivo', dataIndex: 'file_name', key: 'file_name' },
      { title: 'Modo', dataIndex: 'mode', key: 'mode', render: (mode: ImportView['mode']) => IMPORT_MODE_LABELS[mode] },
      { title: 'Estado', dataIndex: 'status', key: 'status', render: (status: ImportView['status']) => <Tag color={STATUS_COLORS[status]}>{IMPORT_STATUS_LABELS[status]}</Tag> },
      { title: 'Filas', key: 'rows', align: 'right', render: (_, row) => `${row.rows_done} / ${row.rows_total}` },
      {
        title: 'Clientes (nuevos / act.)',
        key: 'clients',
        align: 'right',
        render: (_, row) => `${row.counts.clients_created} / ${row.counts.clients_updated}`,
      },
      {
        title: 'Direcciones (nuevas / act.)',
        key: 'addresses',
        align: 'right',
        render: (_, row) => `${row.counts.addresses_created} / ${row.counts.addresses_updated}`,
      },
      { title: 'Errores', key: 'errors', align: 'right', render: (_, row) => row.counts.rows_in_error },
      { title: 'SHA-256', dataIndex: 'file_hash', key: 'file_hash', render: (hash: string) => <Typography.Text code title={hash}>{hash.slice(0, 12)}</Typography.Text> },
      {
        title: 'Acciones',
        key: 'actions',
        render: (_, row) => (
          <Button size="small" onClick={() => setWatched(row.id)}>
            Ver
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <ListPage
      title="Importar clientes y direcciones"
      actions={
        <>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate('xlsx')}>
            Plantilla XLSX
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate('csv')}>
            Plantilla CSV
          </Button>
        </>
      }
    >
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex vertical gap={12}>
          <Upload.Dragger
            accept=".xlsx,.csv"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'import-file', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Arrastra aquí el archivo XLSX o CSV, o haz clic para elegirlo</p>
            <p className="ant-upload-hint">
              Una fila por dirección de pago. También se importan los XLSX que exportan Clientes y Direcciones de Pagos. Primero se revisa el archivo sin guardar nada.
            </p>
          </Upload.Dragger>
          <div>
            <Button type="primary" disabled={!file} loading={start.isPending} onClick={() => send('dry_run')}>
              Revisar archivo
            </Button>
          </div>
        </Flex>
      </Card>
      {current.data && <ImportReport view={current.data} committing={start.isPending} onCommit={(onlyValid) => send('commit', onlyValid)} />}
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        Historial de importaciones
      </Typography.Title>
      <DataTable<ImportView>
        label="Historial de importaciones"
        columns={columns}
        rowKey="id"
        rows={history.data?.data}
        total={history.data?.total ?? 0}
        page={list.page}
        perPage={list.perPage}
        loading={history.isFetching && !isWorking(current.data)}
        failed={history.isError}
        onRetry={() => void history.refetch()}
        onPageChange={list.changePage}
      />
    </ListPage>
  );
}
