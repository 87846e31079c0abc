import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import type { RoleRow } from '@recaudo/domain/roles';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';

export interface RoleColumnOptions {
  canEdit: boolean;
  canDelete: boolean;
  /** The role whose status change is on its way, to show the switch as loading. */
  togglingId: number | null;
  onToggle: (role: RoleRow, active: boolean) => void;
  onEdit: (role: RoleRow) => void;
  onPermissions: (role: RoleRow) => void;
  onDelete: (role: RoleRow) => void;
}

export function roleColumns(options: RoleColumnOptions): ColumnsType<RoleRow> {
  const { canEdit, canDelete, togglingId, onToggle, onEdit, onPermissions, onDelete } = options;
  return [
    { title: 'Nombre', dataIndex: 'name', key: 'name' },
    { title: 'Tiempo de Expiración (minutos)', dataIndex: 'expired_session_time', key: 'expired_session_time', align: 'right' },
    { title: 'Usuarios', dataIndex: 'count_users', key: 'count_users', align: 'right' },
    {
      title: 'Estado',
      key: 'active',
      render: (_, role) => (
        <Switch
          aria-label={`Estado del rol ${role.name}`}
          checked={role.active}
          checkedChildren="Activo"
          unCheckedChildren="Inactivo"
          disabled={!canEdit}
          loading={togglingId === role.id}
          onChange={(active) => onToggle(role, active)}
        />
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, role) => (
        <Flex gap={4} wrap>
          {canEdit && (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(role)}>
              Editar
            </Button>
          )}
          <Button size="small" type="link" icon={<SafetyOutlined />} onClick={() => onPermissions(role)}>
            Permisos
          </Button>
          {canDelete && (
            <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => onDelete(role)}>
              Eliminar
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}
