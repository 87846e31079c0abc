import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { ADMIN_ROLE_ID, roleMessages, type RoleRow } from '@recaudo/domain/roles';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { ActiveSwitch } from '../../components/active-switch';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';

export interface RoleColumnOptions {
  canEdit: boolean;
  canDelete: boolean;
  onToggle: (role: RoleRow, active: boolean) => Promise<unknown>;
  onEdit: (role: RoleRow) => void;
  onPermissions: (role: RoleRow) => void;
  onDelete: (role: RoleRow) => void;
}

export function roleColumns(options: RoleColumnOptions): ColumnsType<RoleRow> {
  const { canEdit, canDelete, onToggle, onEdit, onPermissions, onDelete } = options;
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
          <ActiveSwitch
            active={role.active}
            label={`Estado del rol ${role.name}`}
            canEdit={canEdit && role.id !== ADMIN_ROLE_ID}
            onChange={(active) => onToggle(role, active)}
            offConfirmation={{ question: roleMessages.confirmDeactivate, consequence: roleMessages.usersLoseAccess(role.count_users) }}
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
