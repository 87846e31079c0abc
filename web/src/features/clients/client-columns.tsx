import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { identificationLabel, type ClientRow } from '@recaudo/domain/clients';
import { EMPTY_TEXT, formatDate, formatPhone, textOrEmpty } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { Link } from 'react-router';
import { ActiveSwitch } from '../../components/active-switch';

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
    { title: 'Nombre', dataIndex: 'name', key: 'name', ...sortable, render: (_, client) => <Link to={clientDetailPath(client.id)}>{client.name}</Link> },
    { title: 'Identificación', key: 'identification', ...sortable, render: (_, client) => <span style={{ whiteSpace: 'nowrap' }}>{identificationLabel(client)}</span> },
    { title: 'Correo', dataIndex: 'email', key: 'email', ...sortable, render: (email: string | null) => textOrEmpty(email) },
    { title: 'Teléfonos', key: 'phone', render: (_, client) => <PhoneLines phones={client.phone} /> },
    {
      title: 'Estatus',
      key: 'active',
      ...sortable,
      render: (_, client) => (
        <ActiveSwitch active={client.active} label={`Estatus de ${client.name}`} canEdit={canEdit} onChange={(active) => onToggle(client, active)} />
      ),
    },
    { title: 'Fecha de creación', dataIndex: 'created_at', key: 'created_at', ...sortable, render: (value: string) => formatDate(value) },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      render: (_, client) => (
        <Flex gap={2}>
          <Tooltip title="Ver detalle">
            <Button size="small" type="text" aria-label="Ver detalle" icon={<EyeOutlined />} onClick={() => onOpen(client)} />
          </Tooltip>
          {canEdit && (
            <Tooltip title="Editar">
              <Button size="small" type="text" aria-label="Editar" icon={<EditOutlined />} onClick={() => onEdit(client)} />
            </Tooltip>
          )}
          <Tooltip title="Enviar mensaje">
            <Button size="small" type="text" aria-label="Enviar mensaje" icon={<MailOutlined />} onClick={() => onMessage(client)} />
          </Tooltip>
          {canSeeHistory && (
            <Tooltip title="Historial de cambios">
              <Button size="small" type="text" aria-label="Historial de cambios" icon={<HistoryOutlined />} onClick={() => onHistory(client)} />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title="Eliminar">
              <Button size="small" type="text" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => onDelete(client)} />
            </Tooltip>
          )}
        </Flex>
      ),
    },
  ];
}
