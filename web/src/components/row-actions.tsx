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
  /** A link target: a plain click still runs `onClick`, a modified click opens a new tab. */
  href?: string;
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

/**
 * The buttons of a table row's "Acciones" column: `<RowActions actions={[editAction(…), deleteAction(…)]} />`.
 * `compact` shows icons only, each named by its label (tooltip and aria-label), for wide tables.
 */
export function RowActions({ actions, compact = false }: { actions: readonly RowAction[]; compact?: boolean }) {
  return (
    <Flex gap={compact ? 2 : 4} wrap={!compact}>
      {actions
        .filter((action) => action.allowed !== false)
        .map((action) => {
          const button = (
            <Button
              key={action.label}
              size="small"
              type={compact ? 'text' : 'link'}
              danger={action.danger}
              disabled={action.disabled}
              icon={action.icon}
              href={action.href}
              aria-label={compact ? action.label : undefined}
              onClick={(event) => {
                if (action.href && (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)) return;
                if (action.href) event.preventDefault();
                action.onClick();
              }}
            >
              {compact ? null : action.label}
            </Button>
          );
          const tip = action.tooltip ?? (compact ? action.label : undefined);
          return tip ? (
            <Tooltip key={action.label} title={tip}>
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
export function actionsColumn<T>(
  actionsFor: (row: T) => RowAction[],
  visible: boolean,
  options: { compact?: boolean; fixed?: 'right' } = {},
): ColumnsType<T> {
  if (!visible) return [];
  return [
    {
      title: 'Acciones',
      key: 'actions',
      fixed: options.fixed,
      render: (_: unknown, row: T) => <RowActions actions={actionsFor(row)} compact={options.compact} />,
    },
  ];
}
