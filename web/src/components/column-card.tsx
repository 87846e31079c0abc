import Button from 'antd/es/button';
import Card from 'antd/es/card';
import type { ColumnType, ColumnsType, TableProps } from 'antd/es/table';
import { useId, useState, type ReactNode } from 'react';
import { ACTIONS_COLUMN_KEY } from './row-actions';

function valueAt(row: object, dataIndex: ColumnType<object>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key as string] : undefined), row);
}

/** What a column shows for a row, as its table cell would: its `render`, or the value at its `dataIndex`. */
function cellOf<T extends object>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex as ColumnType<object>['dataIndex']);
  if (!column.render) return value === null || value === undefined ? null : String(value);
  // The lists' cells render React nodes, never antd's older `{ children, props }` form.
  return column.render(value, row, index) as ReactNode;
}

export interface ColumnCardProps<T> {
  row: T;
  index: number;
  columns: ColumnsType<T>;
  expandable?: TableProps<T>['expandable'];
  onRow?: TableProps<T>['onRow'];
}

/**
 * A staff list's row on a phone: each column's title beside what its cell shows, the row's
 * actions (the "Acciones" column, ACTIONS_COLUMN_KEY) below and its expanded details behind "Ver
 * detalles". On a phone the table showed only the columns pinned to its right edge (Estatus and
 * Acciones), the rest scrolled out of view behind them.
 */
export function ColumnCard<T extends object>({ row, index, columns, expandable, onRow }: ColumnCardProps<T>) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  // The lists' columns are flat (no column groups).
  const leaves = (columns as ColumnType<T>[]).filter((column) => !column.hidden);
  const fields = leaves.filter((column) => column.key !== ACTIONS_COLUMN_KEY && column.title && typeof column.title !== 'function');
  const actions = leaves.find((column) => column.key === ACTIONS_COLUMN_KEY);
  const expandedRowRender = expandable?.expandedRowRender;
  const canExpand = expandedRowRender !== undefined && (expandable?.rowExpandable?.(row) ?? true);
  const rowProps = onRow?.(row, index);
  return (
    <Card size="small" hoverable={rowProps?.onClick !== undefined} onClick={rowProps?.onClick} style={rowProps?.style}>
      <dl className="column-card-fields">
        {fields.map((column, position) => (
          <div key={String(column.key ?? position)}>
            <dt>{column.title as ReactNode}</dt>
            <dd>{cellOf(column, row, index)}</dd>
          </div>
        ))}
      </dl>
      {(actions || canExpand) && (
        <div className="column-card-actions">
          {actions && cellOf(actions, row, index)}
          {canExpand && (
            <Button
              size="small"
              type="link"
              aria-expanded={expanded}
              aria-controls={expanded ? detailsId : undefined}
              onClick={() => setExpanded((open) => !open)}
            >
              {expanded ? 'Ocultar detalles' : 'Ver detalles'}
            </Button>
          )}
        </div>
      )}
      {canExpand && expanded && (
        <div id={detailsId} className="column-card-details">
          {expandedRowRender(row, index, 0, true)}
        </div>
      )}
    </Card>
  );
}
