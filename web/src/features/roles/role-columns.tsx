import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { ADMIN_ROLE_ID, roleMessages, type RoleRow } from '@recaudo/domain/roles';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';

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
    { title: 'Verificación en dos pasos', key: 'require_2fa', render: (_, role) => (role.require_2fa ? 'Exigida' : 'Opcional') },
    {
      title: 'Estado',
      key: 'active',
      render: (_, role) => {
        const toggle = (
          <Switch
            aria-label={`Estado del rol ${role.name}`}
            checked={role.active}
            checkedChildren="Activo"
            unCheckedChildren="Inactivo"
            disabled={!canEdit || role.id === ADMIN_ROLE_ID}
            loading={togglingId === role.id}
            onChange={(active) => onToggle(role, active)}
          />
        );
        return role.id === ADMIN_ROLE_ID ? <Tooltip title={roleMessages.adminCannotBeDisabled}>{toggle}</Tooltip> : toggle;
      },
    },
    // Permisos is always offered: without edit_role the tree opens read-only.
    ...actionsColumn<RoleRow>(
      (role) => [
        editAction(() => onEdit(role), canEdit),
        { label: 'Permisos', icon: <SafetyOutlined />, onClick: () => onPermissions(role), primary: true },
        deleteAction(() => onDelete(role), canDelete, role.id === ADMIN_ROLE_ID ? roleMessages.protectedRole : undefined),
      ],
      true,
    ),
  ];
}
