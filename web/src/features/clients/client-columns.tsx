import EyeOutlined from '@ant-design/icons/EyeOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { identificationLabel, type ClientRow } from '@recaudo/domain/clients';
import { EMPTY_TEXT, formatDate, formatPhone, textOrEmpty } from '@recaudo/domain/format';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { ActiveSwitch } from '../../components/active-switch';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';
import { NoWrap } from '../../components/no-wrap';

export interface ClientColumnOptions {
  canEdit: boolean;
  canDelete: boolean;
  /** `logs`: the "Historial de cambios" action. */
  canSeeHistory: boolean;
  onToggle: (client: ClientRow, active: boolean) => Promise<unknown>;
  onOpen: (client: ClientRow) => void;
  onEdit: (client: ClientRow) => void;
  onMessage: (client: ClientRow) => void;
  onHistory: (client: ClientRow) => void;
  onDelete: (client: ClientRow) => void;
}

export const clientDetailPath = (id: number) => `/client-detail/${id}`;

/** The phones one under the other, formatted +58 (###)-#######. */
export function PhoneLines({ phones }: { phones: readonly string[] }) {
  if (phones.length === 0) return <>{EMPTY_TEXT}</>;
  return (
    <Flex vertical>
      {phones.map((phone) => (
        <span key={phone} style={{ whiteSpace: 'nowrap' }}>
          {formatPhone(phone)}
        </span>
      ))}
    </Flex>
  );
}

const sortable = { sorter: true, sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[] };

export function clientColumns(options: ClientColumnOptions): ColumnsType<ClientRow> {
  const { canEdit, canDelete, canSeeHistory, onToggle, onOpen, onEdit, onMessage, onHistory, onDelete } = options;
  return [
    {
      title: 'Nombre',
      dataIndex: 'name',
      key: 'name',
      ...sortable,
      render: (_, client) => (
        <div style={{ maxWidth: 170 }}>
          <Link to={clientDetailPath(client.id)}>{client.name}</Link>
        </div>
      ),
    },
    { title: 'Identificación', key: 'identification', ...sortable, render: (_, client) => <NoWrap>{identificationLabel(client)}</NoWrap> },
    {
      // Correo and Teléfonos in one column: side by side they made the row 182 px wider than the window (issue 34).
      title: 'Contacto',
      key: 'email',
      render: (_, client) => (
        <Flex vertical style={{ maxWidth: 200 }}>
          <span style={{ overflowWrap: 'anywhere' }}>{textOrEmpty(client.email)}</span>
          <PhoneLines phones={client.phone} />
        </Flex>
      ),
    },
    {
      title: 'Estatus',
      key: 'active',
      ...sortable,
      render: (_, client) => (
        <ActiveSwitch active={client.active} label={`Estatus de ${client.name}`} canEdit={canEdit} onChange={(active) => onToggle(client, active)} />
      ),
    },
    {
      title: <div style={{ maxWidth: 80, whiteSpace: 'normal' }}>Fecha de creación</div>,
      dataIndex: 'created_at',
      key: 'created_at',
      ...sortable,
      render: (value: string) => <NoWrap>{formatDate(value)}</NoWrap>,
    },
    ...actionsColumn<ClientRow>(
      (client) => [
        { label: 'Ver detalle', icon: <EyeOutlined />, onClick: () => onOpen(client), primary: true },
        editAction(() => onEdit(client), canEdit),
        // Sending needs edit_client on the server (issue 31), like editing.
        { label: 'Enviar mensaje', icon: <MailOutlined />, onClick: () => onMessage(client), allowed: canEdit },
        { label: 'Historial de cambios', icon: <HistoryOutlined />, onClick: () => onHistory(client), allowed: canSeeHistory },
        deleteAction(() => onDelete(client), canDelete),
      ],
      true,
      { fixed: 'right', labelOf: (client) => client.name },
    ),
  ];
}
