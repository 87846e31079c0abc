import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { rangeLabel } from '@recaudo/domain/paging';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Table, { type TableProps } from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: ColumnsType<T>;
  rows: readonly T[] | undefined;
  rowKey: TableProps<T>['rowKey'];
  total: number;
  page: number;
  perPage: number;
  loading: boolean;
  /** A failed load empties the table and offers "Reintentar". */
  failed: boolean;
  onRetry: () => void;
  onPageChange: (page: number, perPage: number) => void;
  expandable?: TableProps<T>['expandable'];
  onChange?: TableProps<T>['onChange'];
  /** Row props, e.g. `(row) => ({ onClick: () => open(row) })` for lists whose rows open a detail. */
  onRow?: TableProps<T>['onRow'];
  /** Below the rows, e.g. a list's totals. */
  footer?: TableProps<T>['footer'];
  scrollX?: number;
}

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** The part of a TanStack list query the table reads. */
interface PagedQuery<T> {
  data?: { data: T[]; total: number };
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The table props that come from a list's query and its useListState:
 * `<DataTable label="Bancos" columns={columns} rowKey="id" {...pagedTableProps(banks, list)} />`.
 */
export function pagedTableProps<T>(
  query: PagedQuery<T>,
  list: { page: number; perPage: number; changePage: (page: number, perPage: number) => void },
) {
  return {
    rows: query.data?.data,
    total: query.data?.total ?? 0,
    page: list.page,
    perPage: list.perPage,
    loading: query.isFetching,
    failed: query.isError,
    onRetry: () => void query.refetch(),
    onPageChange: list.changePage,
  };
}

/**
 * The paged table of every list screen: server-side pages, size changer, pagination hidden on
 * a single page, counter "a-b de n" (spec 01 §9), and the failure state with a retry.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { label, columns, rows, rowKey, total, page, perPage, loading, failed, onRetry, onPageChange, expandable, onChange, onRow, footer, scrollX } = props;
  return (
    <Table<T>
      aria-label={label}
      columns={columns}
      dataSource={failed ? [] : (rows as T[] | undefined)}
      rowKey={rowKey}
      loading={loading}
      expandable={expandable}
      onChange={onChange}
      onRow={onRow}
      footer={footer}
      scroll={{ x: scrollX ?? 'max-content' }}
      locale={{
        emptyText: failed ? (
          <Empty description="No se pudieron cargar los datos.">
            <Button icon={<ReloadOutlined />} onClick={onRetry}>
              Reintentar
            </Button>
          </Empty>
        ) : (
          <Empty description="No se han encontrado datos" />
        ),
      }}
      pagination={{
        current: page,
        pageSize: perPage,
        total: failed ? 0 : total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        hideOnSinglePage: true,
        showTotal: (count, range) => rangeLabel(count, range),
        onChange: (nextPage, nextSize) => onPageChange(nextSize === perPage ? nextPage : 1, nextSize),
      }}
    />
  );
}
