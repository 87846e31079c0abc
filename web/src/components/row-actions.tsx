import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';

export interface RowAction {
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** False hides the action (the user lacks its permission). */
  allowed?: boolean;
  /** Why a disabled action can't be used. */
  tooltip?: string;
}

/** "Editar" for a row, shown with the edit permission. */
export const editAction = (onClick: () => void, allowed: boolean): RowAction => ({
  label: 'Editar',
  icon: <EditOutlined />,
  onClick,
  allowed,
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

/** The link buttons of a table row's "Acciones" column: `<RowActions actions={[editAction(…), deleteAction(…)]} />`. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Flex gap={4} wrap>
      {actions
        .filter((action) => action.allowed !== false)
        .map((action) => {
          const button = (
            <Button
              key={action.label}
              size="small"
              type="link"
              danger={action.danger}
              disabled={action.disabled}
              icon={action.icon}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          );
          return action.tooltip ? (
            <Tooltip key={action.label} title={action.tooltip}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
    </Flex>
  );
}

/**
 * The "Acciones" column, or no column when the user may do none of them:
 * `[...columns, ...actionsColumn<Row>((row) => [editAction(…), deleteAction(…)], canEdit || canDelete)]`.
 */
export function actionsColumn<T>(actionsFor: (row: T) => RowAction[], visible: boolean): ColumnsType<T> {
  return visible ? [{ title: 'Acciones', key: 'actions', render: (_: unknown, row: T) => <RowActions actions={actionsFor(row)} /> }] : [];
}
