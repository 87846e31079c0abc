import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import { formatDateTime, formatDuration, textOrEmpty } from '@recaudo/domain/format';
import { browserLabel } from '@recaudo/domain/user-agents';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { ACTIONS_COLUMN_KEY } from '../../components/row-actions';
import type { LoginSession } from './api';
import { NoWrap } from '../../components/no-wrap';

export interface LoginColumnOptions {
  /** `logins`: the "Cerrar sesión" action on active sessions. */
  canClose: boolean;
  closingId: number | null;
  onClose: (session: LoginSession) => void;
}

export function loginColumns({ canClose, closingId, onClose }: LoginColumnOptions): ColumnsType<LoginSession> {
  return [
    {
      title: 'Usuario',
      key: 'user',
      render: (_, session) => (
        <>
          <div>{session.user.name}</div>
          <Typography.Text type="secondary">{session.user.email}</Typography.Text>
        </>
      ),
    },
    { title: 'IP', key: 'ip', sorter: true, render: (_, session) => textOrEmpty(session.ip) },
    {
      title: 'Navegador',
      key: 'user_agent',
      render: (_, session) => (
        <Typography.Text ellipsis={{ tooltip: session.user_agent }} style={{ maxWidth: 180 }}>
          {browserLabel(session.user_agent)}
        </Typography.Text>
      ),
    },
    { title: 'Inicio', key: 'start', sorter: true, render: (_, session) => <NoWrap>{formatDateTime(session.start)}</NoWrap> },
    { title: 'Fin', key: 'end', render: (_, session) => <NoWrap>{formatDateTime(session.end)}</NoWrap> },
    { title: 'Tiempo total', key: 'total_time_session', render: (_, session) => formatDuration(session.total_time_session) },
    {
      title: 'Estatus',
      key: 'active',
      render: (_, session) => (session.active ? <Badge status="success" text="Activa" /> : <Badge status="default" text="Cerrada" />),
    },
    {
      title: 'Acciones',
      key: ACTIONS_COLUMN_KEY,
      render: (_, session) =>
        canClose && session.active ? (
          <Button size="small" type="link" danger icon={<LogoutOutlined />} loading={closingId === session.id} onClick={() => onClose(session)}>
            Cerrar sesión
          </Button>
        ) : null,
    },
  ];
}
