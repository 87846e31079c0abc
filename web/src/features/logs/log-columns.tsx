import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { formatDateTime } from '@recaudo/domain/format';
import { logEventLabel, logModuleLabel } from '@recaudo/domain/logs';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { ACTIONS_COLUMN_KEY } from '../../components/row-actions';
import type { LogEntry } from './api';
import { NoWrap } from '../../components/no-wrap';

const EVENT_COLORS: Record<string, string> = { created: 'green', updated: 'blue', deleted: 'red', logout: 'orange' };

export function logColumns({ onOpen }: { onOpen: (log: LogEntry) => void }): ColumnsType<LogEntry> {
  return [
    { title: 'Fecha', key: 'created_at', sorter: true, render: (_, log) => <NoWrap>{formatDateTime(log.created_at)}</NoWrap> },
    { title: 'Módulo', key: 'log_name', sorter: true, render: (_, log) => logModuleLabel(log.log_name) },
    {
      title: 'Evento',
      key: 'description',
      sorter: true,
      render: (_, log) => <Tag color={log.error_message ? 'red' : EVENT_COLORS[log.description]}>{logEventLabel(log.description)}</Tag>,
    },
    { title: 'Usuario', key: 'causer', render: (_, log) => log.causer?.name ?? 'Sistema' },
    { title: 'Registro', key: 'subject', render: (_, log) => (log.subject_id ? `${logModuleLabel(log.subject_type ?? '')} #${log.subject_id}` : 'VACIO') },
    {
      title: 'Acciones',
      key: ACTIONS_COLUMN_KEY,
      render: (_, log) => (
        <Button
          size="small"
          type="link"
          icon={<EyeOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(log);
          }}
        >
          Ver detalles
        </Button>
      ),
    },
  ];
}
