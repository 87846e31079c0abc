import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import UnlockOutlined from '@ant-design/icons/UnlockOutlined';
import { CLIENT_TYPES, identificationLabel } from '@recaudo/domain/clients';
import { formatDate, formatPhone } from '@recaudo/domain/format';
import { PROTECTED_USER_ID, type AdminUserRow, type ClientUserRow } from '@recaudo/domain/users';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { ActiveSwitch } from '../../components/active-switch';
import { WrappedText } from '../../components/wrapped-text';
import { ACTIONS_COLUMN_KEY, deleteAction, editAction, RowActions, type RowAction } from '../../components/row-actions';
import { SCOPE_LABELS } from './admin-user-form-panel';
import { NoWrap } from '../../components/no-wrap';

/** What the row actions do with a row, one handler per action. */
interface UserRowHandlers<Row> {
  onEdit: (user: Row) => void;
  onResetTwoFactor: (user: Row) => void;
  onPayments: (user: Row) => void;
  onDelete: (user: Row) => void;
}

/**
 * The row actions of both tabs (spec 01 §2): Editar, then in "Más" Restablecer verificación en
 * dos pasos (issue 35) and Historial de pagos, as permitted, and Eliminar last.
 */
function userActions<Row>(user: Row, handlers: UserRowHandlers<Row>, allowed: { edit: boolean; resetTwoFactor: boolean; payments: boolean; delete: boolean }): RowAction[] {
  return [
    editAction(() => handlers.onEdit(user), allowed.edit),
    { label: 'Restablecer verificación en dos pasos', icon: <UnlockOutlined />, onClick: () => handlers.onResetTwoFactor(user), allowed: allowed.resetTwoFactor },
    { label: 'Historial de pagos', icon: <HistoryOutlined />, onClick: () => handlers.onPayments(user), allowed: allowed.payments },
    deleteAction(() => handlers.onDelete(user), allowed.delete),
  ];
}

export interface AdminColumnOptions {
  /** The logged-in user: nobody switches their own access. */
  selfId: number | null;
  canEdit: boolean;
  /** `edit_user` with `manage_security` (issue 46): another user's second factor is reset only with both. */
  canManageSecurity: boolean;
  canDelete: boolean;
  /** `payments` with `logs` (spec 01 §6). */
  canSeePayments: boolean;
  onToggle: (user: AdminUserRow, active: boolean) => Promise<unknown>;
  onEdit: (user: AdminUserRow) => void;
  onDelete: (user: AdminUserRow) => void;
  onPayments: (user: AdminUserRow) => void;
  /** Asks to clear the user's second factor; offered with `canManageSecurity`, never on oneself (the profile disables one's own). */
  onResetTwoFactor: (user: AdminUserRow) => void;
}

/** Names and e-mails wrap at a width, and a title on two lines (issue 34). */
const wrapped = (width: number) => (text: string) => <WrappedText width={width}>{text}</WrappedText>;
const twoLines = (text: string) => <WrappedText width={80}>{text}</WrappedText>;

const scopeOf = (user: AdminUserRow) => SCOPE_LABELS[user.only_user ? 'only_user' : user.all_users ? 'all_users' : 'multiple_users'];

/** The administrators tab: Rol and Cierres de caja sort on the server; user 1 has no action menu. */
export function adminUserColumns(options: AdminColumnOptions): ColumnsType<AdminUserRow> {
  const { selfId, canEdit, canManageSecurity, canDelete, canSeePayments, onToggle } = options;
  return [
    { title: 'Nombre', dataIndex: 'name', key: 'name', sorter: true, render: wrapped(160) },
    { title: 'Correo', dataIndex: 'email', key: 'email', sorter: true, render: wrapped(180) },
    { title: 'Rol', key: 'role.name', sorter: true, render: (_, user) => user.role.name },
    { title: 'Alcance', key: 'scope', render: (_, user) => scopeOf(user) },
    { title: 'Serie', key: 'serie', render: (_, user) => (user.use_all_series ? 'Todas' : (user.correlative?.serie ?? '—')) },
    { title: twoLines('Cierres de caja'), dataIndex: 'count_closed_boxs', key: 'count_closed_boxs', sorter: true, align: 'right' },
    { title: twoLines('Fecha de creación'), key: 'created_at', sorter: true, render: (_, user) => <NoWrap>{formatDate(user.created_at)}</NoWrap> },
    {
      title: 'Acceso',
      key: 'active',
      fixed: 'right',
      render: (_, user) => (
        <ActiveSwitch
          active={user.active}
          label={`Acceso de ${user.name}`}
          // Spec 01 §6: user 1 and oneself can't have access toggled.
          canEdit={canEdit && user.id !== PROTECTED_USER_ID && user.id !== selfId}
          onChange={(active) => onToggle(user, active)}
        />
      ),
    },
    {
      title: 'Acciones',
      key: ACTIONS_COLUMN_KEY,
      fixed: 'right',
      render: (_, user) =>
        // Spec 01 §2: user 1 has no actions.
        user.id === PROTECTED_USER_ID ? null : (
          <RowActions label={user.name} actions={userActions(user, options, { edit: canEdit, resetTwoFactor: canManageSecurity && user.id !== selfId, payments: canSeePayments, delete: canDelete && user.id !== selfId })} />
        ),
    },
  ];
}

export interface ClientColumnOptions {
  canEdit: boolean;
  canManageSecurity: boolean;
  canDelete: boolean;
  /** The client detail needs the clients permission. */
  canOpenClient: boolean;
  canSeePayments: boolean;
  onToggle: (user: ClientUserRow, active: boolean) => Promise<unknown>;
  onEdit: (user: ClientUserRow) => void;
  onDelete: (user: ClientUserRow) => void;
  onPayments: (user: ClientUserRow) => void;
  /** Client users may enable two-factor login too. */
  onResetTwoFactor: (user: ClientUserRow) => void;
}

/** Spec 01 §2 Client users list: Nombre, Email, Identificación, Cliente, Tipo, Teléfono, Acceso, Acciones. */
export function clientUserColumns(options: ClientColumnOptions): ColumnsType<ClientUserRow> {
  const { canEdit, canManageSecurity, canDelete, canOpenClient, canSeePayments, onToggle } = options;
  return [
    { title: 'Nombre', dataIndex: 'name', key: 'name', sorter: true, render: wrapped(130) },
    { title: 'Email', dataIndex: 'email', key: 'email', sorter: true, render: wrapped(160) },
    {
      title: 'Identificación',
      key: 'identification',
      render: (_, user) => (canOpenClient ? <Link to={`/client-detail/${user.client_id}`}>{identificationLabel(user.client)}</Link> : identificationLabel(user.client)),
    },
    { title: 'Cliente', key: 'client.name', sorter: true, render: (_, user) => <WrappedText width={130}>{user.client.name}</WrappedText> },
    { title: 'Tipo', key: 'type', render: (_, user) => CLIENT_TYPES[user.client.type === 1 ? 1 : 0] },
    { title: 'Teléfono', key: 'phone', render: (_, user) => <NoWrap>{formatPhone(user.client.phone[0])}</NoWrap> },
    {
      title: 'Acceso',
      key: 'active',
      fixed: 'right',
      render: (_, user) => <ActiveSwitch active={user.active} label={`Acceso de ${user.name}`} canEdit={canEdit} onChange={(active) => onToggle(user, active)} />,
    },
    {
      title: 'Acciones',
      key: ACTIONS_COLUMN_KEY,
      fixed: 'right',
      render: (_, user) => <RowActions label={user.name} actions={userActions(user, options, { edit: canEdit, resetTwoFactor: canManageSecurity, payments: canSeePayments, delete: canDelete })} />,
    },
  ];
}
