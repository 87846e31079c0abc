import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import type { MenuProps } from 'antd/es/menu';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import type { MouseEvent, ReactNode } from 'react';

export interface RowAction {
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  /** Destructive (Anular, Eliminar, Rechazar): in red, last of the "Más" menu, never a button of its own. */
  danger?: boolean;
  /** Shown but unusable on this row (its state doesn't allow it): keeps its place on every row. */
  disabled?: boolean;
  /** False hides the action on every row (the user lacks its permission). */
  allowed?: boolean;
  /** Why a disabled action can't be used. */
  tooltip?: string;
  /** A link target: a plain click still runs `onClick`, a modified click opens a new tab. */
  href?: string;
  /** One of the row's (at most two) labeled buttons; every other action goes into "Más". */
  primary?: boolean;
}

/** Most labeled buttons a row shows before "Más" (issue 34: a row reads at a glance). */
export const MAX_PRIMARY_ACTIONS = 2;
export const MORE_LABEL = 'Más';
/** The key of the "Acciones" column, by which a phone's card (ColumnCard) puts it under the fields. */
export const ACTIONS_COLUMN_KEY = 'actions';

/** "Editar" for a row, shown with the edit permission: a primary button. */
export const editAction = (onClick: () => void, allowed: boolean): RowAction => ({
  label: 'Editar',
  icon: <EditOutlined />,
  onClick,
  allowed,
  primary: true,
});

/** "Eliminar" for a row, shown with the delete permission; `refusal` disables it and says why. */
export const deleteAction = (onClick: () => void, allowed: boolean, refusal?: string): RowAction => ({
  label: 'Eliminar',
  icon: <DeleteOutlined />,
  onClick,
  allowed,
  danger: true,
  disabled: refusal !== undefined,
  tooltip: refusal,
});

/** A plain click on a link action stays in the app; a modified click is the browser's (new tab). */
function follow(action: RowAction, event: MouseEvent) {
  if (action.href && (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)) return;
  if (action.href) event.preventDefault();
  action.onClick();
}

/**
 * Splits a row's permitted actions into its labeled buttons (the first `primary` ones, at most
 * two, never destructive) and the "Más" menu (the rest in their order, destructive ones last).
 * The split reads only `allowed` and `primary`, the same on every row of a list, so each action
 * keeps its place from row to row; a row's state only disables one.
 */
export function splitRowActions(actions: readonly RowAction[]): { buttons: RowAction[]; menu: RowAction[] } {
  const permitted = actions.filter((action) => action.allowed !== false);
  const buttons = permitted.filter((action) => action.primary && !action.danger).slice(0, MAX_PRIMARY_ACTIONS);
  const rest = permitted.filter((action) => !buttons.includes(action));
  return { buttons, menu: [...rest.filter((action) => !action.danger), ...rest.filter((action) => action.danger)] };
}

function ActionButton({ action }: { action: RowAction }) {
  const button = (
    <Button size="small" type="link" disabled={action.disabled} icon={action.icon} href={action.href} onClick={(event) => follow(action, event)}>
      {action.label}
    </Button>
  );
  return action.tooltip ? <Tooltip title={action.tooltip}>{button}</Tooltip> : button;
}

function menuLabel(action: RowAction) {
  const text = action.href ? (
    <a href={action.href} onClick={(event) => follow(action, event)}>
      {action.label}
    </a>
  ) : (
    action.label
  );
  return action.tooltip ? (
    <Tooltip title={action.tooltip} placement="left">
      <span>{text}</span>
    </Tooltip>
  ) : (
    text
  );
}

/**
 * The actions of a table row, the same on every staff list: up to two labeled buttons, then a
 * "Más" menu with the rest, destructive ones last and in red.
 * `<RowActions label={row.name} actions={[editAction(…), deleteAction(…)]} />`.
 */
export function RowActions({ actions, label }: { actions: readonly RowAction[]; /** Names the row in the menu button's accessible name. */ label?: string }) {
  const { buttons, menu } = splitRowActions(actions);
  const byKey = new Map(menu.map((action, index) => [String(index), action]));
  const items: MenuProps['items'] = menu.map((action, index) => ({
    key: String(index),
    label: menuLabel(action),
    icon: action.icon,
    danger: action.danger,
    disabled: action.disabled,
  }));
  return (
    <Flex gap={4} align="center" wrap={false}>
      {buttons.map((action) => (
        <ActionButton key={action.label} action={action} />
      ))}
      {menu.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key, domEvent }) => {
              const action = byKey.get(key);
              // A link item runs through its anchor (modified clicks open a tab).
              if (action && !action.href) action.onClick();
              domEvent.stopPropagation();
            },
          }}
        >
          <Button size="small" aria-label={label ? `${MORE_LABEL} acciones de ${label}` : `${MORE_LABEL} acciones`}>
            {MORE_LABEL} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}

/**
 * The "Acciones" column, or no column when the user may do none of them:
 * `[...columns, ...actionsColumn<Row>((row) => [editAction(…), deleteAction(…)], canEdit || canDelete)]`.
 * `labelOf` names a row for the "Más" button's accessible name ("Más acciones de Miranda").
 */
export function actionsColumn<T>(
  actionsFor: (row: T) => RowAction[],
  visible: boolean,
  options: { fixed?: 'right'; labelOf?: (row: T) => string; /** For a table with a fixed layout. */ width?: number } = {},
): ColumnsType<T> {
  if (!visible) return [];
  return [
    {
      title: 'Acciones',
      key: ACTIONS_COLUMN_KEY,
      fixed: options.fixed,
      width: options.width,
      render: (_: unknown, row: T) => <RowActions actions={actionsFor(row)} label={options.labelOf?.(row)} />,
    },
  ];
}
