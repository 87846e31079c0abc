import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { rangeLabel } from '@recaudo/domain/paging';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import type { PaginationProps } from 'antd/es/pagination';
import Table, { type TableProps } from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import {
  cloneElement,
  isValidElement,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type Key,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useBreakpoint } from '../lib/use-viewport';
import { CardRows } from './card-rows';
import { ColumnCard } from './column-card';

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
  /** Checkboxes to pick rows (e.g. several payments to attach at once). */
  rowSelection?: TableProps<T>['rowSelection'];
  scrollX?: number;
  /** "middle" for the lists with many columns: tighter cells, so more of them fit beside each other. */
  size?: TableProps<T>['size'];
  /** The size changer's choices, when the spec gives the list its own (conciliations 15/25/50/100). */
  pageSizeOptions?: number[];
  /** What an empty table says, when the spec words it (bank movements). */
  emptyText?: string;
  /**
   * On a phone's width the rows show as cards: these (the client portal's, issue 33), or else
   * each column's title beside its value (ColumnCard). A list whose rows are picked stays a table.
   */
  card?: (row: T) => ReactNode;
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
export function pagedTableProps<T>(query: PagedQuery<T>, list: { page: number; perPage: number; changePage: (page: number, perPage: number) => void }) {
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

/** Where the bar sits: the table's visible box and the width of everything it scrolls over. */
interface BarBox {
  left: number;
  width: number;
  inner: number;
}

const sameBox = (a: BarBox | null, b: BarBox | null) =>
  a === b || (a !== null && b !== null && a.left === b.left && a.width === b.width && a.inner === b.inner);

/**
 * A horizontal scrollbar pinned to the bottom of the window while a table wider than the page
 * is on screen but its own scrollbar is below the window's edge, so the columns out of view are
 * reachable without first scrolling to the end of the list. It mirrors antd's scroll container
 * (`.ant-table-content`) both ways. antd's `sticky` option does the same but moves the header
 * into a second `<table>`, which screen readers then read as a table without column headers.
 */
export function StickyScrollbar({ host }: { host: RefObject<HTMLElement | null> }) {
  const { token } = theme.useToken();
  const bar = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<BarBox | null>(null);

  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const content = () => root.querySelector<HTMLElement>('.ant-table-content');
    let frame = 0;
    let watched: Element | null = null;
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => schedule());
    const measure = () => {
      frame = 0;
      const scroller = content();
      // The rows change with every page: the table inside is watched for its width.
      const table = scroller?.firstElementChild ?? null;
      if (resizes && table !== watched) {
        if (watched) resizes.unobserve(watched);
        if (table) resizes.observe(table);
        watched = table;
      }
      if (!scroller) return setBox(null);
      const rect = scroller.getBoundingClientRect();
      const wide = scroller.scrollWidth > scroller.clientWidth + 1;
      const shown = wide && rect.top < window.innerHeight && rect.bottom > window.innerHeight;
      const next = shown ? { left: rect.left, width: scroller.clientWidth, inner: scroller.scrollWidth } : null;
      setBox((current) => (sameBox(current, next) ? current : next));
    };
    function schedule() {
      if (!frame) frame = requestAnimationFrame(measure);
    }
    // Scroll events don't bubble: the capture sees the window's and the table's own.
    const onScroll = (event: Event) => {
      const scroller = content();
      if (!scroller || event.target !== scroller) schedule();
      else if (bar.current && bar.current.scrollLeft !== scroller.scrollLeft) bar.current.scrollLeft = scroller.scrollLeft;
    };
    resizes?.observe(root);
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resizes?.disconnect();
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [host]);

  // A bar that (re)appears starts where the table is scrolled.
  useLayoutEffect(() => {
    const scroller = host.current?.querySelector<HTMLElement>('.ant-table-content');
    if (box && bar.current && scroller) bar.current.scrollLeft = scroller.scrollLeft;
  }, [box, host]);

  if (!box) return null;
  return (
    <div
      ref={bar}
      aria-hidden
      data-testid="sticky-scrollbar"
      onScroll={(event) => {
        const scroller = host.current?.querySelector<HTMLElement>('.ant-table-content');
        const left = event.currentTarget.scrollLeft;
        if (scroller && scroller.scrollLeft !== left) scroller.scrollLeft = left;
      }}
      style={{
        position: 'fixed',
        bottom: 0,
        left: box.left,
        width: box.width,
        overflowX: 'scroll',
        overflowY: 'hidden',
        zIndex: 9,
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div style={{ width: box.inner, height: 1 }} />
    </div>
  );
}

/**
 * Row checkboxes named in Spanish for screen readers: antd writes "Select all" and "Select row N"
 * whatever the locale, unless the checkbox props carry their own label.
 */
export function spanishRowSelection<T>(rowSelection: TableProps<T>['rowSelection'], rows: readonly T[] | undefined): TableProps<T>['rowSelection'] {
  if (!rowSelection) return rowSelection;
  return {
    ...rowSelection,
    getTitleCheckboxProps: () => ({ 'aria-label': 'Seleccionar todas las filas', ...rowSelection.getTitleCheckboxProps?.() }),
    getCheckboxProps: (record) => ({ 'aria-label': `Seleccionar fila ${(rows?.indexOf(record) ?? -1) + 1}`, ...rowSelection.getCheckboxProps?.(record) }),
  };
}

/** What a pagination link carries besides its address: see crawlablePageItem. */
const inPlace = { rel: 'nofollow', tabIndex: -1, onClick: (event: MouseEvent) => event.preventDefault() };

/**
 * A page number, and the "•••" that jumps five pages, as a link with a real address (`?page=3`):
 * antd's are `<a>` without `href`, which Lighthouse counts as links crawlers can't follow (SEO 91
 * on /payments, issue 34; the jumps appear once a list has more than seven pages). The page
 * changes in place: the click is the item's, which antd handles; the link only keeps the browser
 * from leaving. It takes no tab stop of its own, as the item already has one. DataTable uses it,
 * and so must a table that pages with antd's own pagination (`pagination.itemRender`).
 */
export const crawlablePageItem: NonNullable<PaginationProps['itemRender']> = (page, type, original) => {
  if (type === 'page') {
    return (
      <a href={`?page=${page}`} {...inPlace}>
        {page}
      </a>
    );
  }
  if ((type === 'jump-prev' || type === 'jump-next') && isValidElement<AnchorHTMLAttributes<HTMLAnchorElement>>(original)) {
    return cloneElement(original, { href: `?page=${page}`, ...inPlace });
  }
  return original;
};

const sameItems = <T,>(a: readonly T[] | undefined, b: readonly T[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((item, index) => item === b[index]));

/**
 * `rows` as the same array while it holds the same rows: a list paged in the browser (Respaldos,
 * Operaciones Bancarias) slices a new array on every render, and each new array would render its
 * rows again in a deferred pass, the table showing it is loading meanwhile.
 */
function useSameRows<T>(rows: readonly T[] | undefined): readonly T[] | undefined {
  const [kept, setKept] = useState(rows);
  if (!sameItems(kept, rows)) {
    setKept(rows);
    return rows;
  }
  return kept;
}

/**
 * The paged table of every list screen: server-side pages, size changer, pagination hidden on
 * a single page, counter "a-b de n" (spec 01 §9), and the failure state with a retry. A table
 * wider than the page scrolls sideways, with its scrollbar kept in reach (StickyScrollbar).
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const {
    label,
    columns,
    rows,
    rowKey,
    total,
    page,
    perPage,
    loading,
    failed,
    onRetry,
    onPageChange,
    expandable,
    onChange,
    onRow,
    footer,
    scrollX,
    size,
    rowSelection,
  } = props;
  const { pageSizeOptions = PAGE_SIZE_OPTIONS, emptyText = 'No se han encontrado datos', card } = props;
  const host = useRef<HTMLDivElement>(null);
  const phone = useBreakpoint() === 'mobile';
  // The rows render in a pass of their own that yields to the browser: rendered with the rest of
  // the page when the list answered, they blocked a phone's main thread for a third of a second
  // (issue 34). Until they are in, the table shows it is loading.
  const sameRows = useSameRows(rows);
  const shownRows = useDeferredValue(sameRows);
  const rowsPending = shownRows !== sameRows;
  if (phone && !rowSelection) {
    const keyOf = (row: T) => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey as keyof T] as Key));
    return (
      <CardRows<T>
        label={label}
        rows={failed ? [] : shownRows}
        keyOf={keyOf}
        card={card ?? ((row, index) => <ColumnCard<T> row={row} index={index} columns={columns} expandable={expandable} onRow={onRow} />)}
        footer={footer}
        total={total}
        page={page}
        perPage={perPage}
        loading={loading || rowsPending}
        failed={failed}
        onRetry={onRetry}
        onPageChange={onPageChange}
        emptyText={emptyText}
      />
    );
  }
  return (
    <div ref={host}>
      <Table<T>
        aria-label={label}
        size={size}
        columns={columns}
        dataSource={failed ? [] : (shownRows as T[] | undefined)}
        rowKey={rowKey}
        loading={loading || rowsPending}
        expandable={expandable}
        onChange={onChange}
        onRow={onRow}
        footer={footer}
        rowSelection={spanishRowSelection(rowSelection, rows)}
        // As wide as its content up to the page's width, then the text wraps: with 'max-content'
        // one long e-mail or role name widened a whole list past 1366 px (issue 34).
        scroll={{ x: scrollX ?? true }}
        tableLayout={scrollX ? undefined : 'auto'}
        locale={{
          emptyText: failed ? (
            <Empty description="No se pudieron cargar los datos.">
              <Button icon={<ReloadOutlined />} onClick={onRetry}>
                Reintentar
              </Button>
            </Empty>
          ) : (
            <Empty description={emptyText} />
          ),
        }}
        pagination={{
          current: page,
          pageSize: perPage,
          total: failed ? 0 : total,
          showSizeChanger: true,
          pageSizeOptions,
          hideOnSinglePage: true,
          showTotal: (count, range) => rangeLabel(count, range),
          onChange: (nextPage, nextSize) => onPageChange(nextSize === perPage ? nextPage : 1, nextSize),
          itemRender: crawlablePageItem,
        }}
      />
      <StickyScrollbar host={host} />
    </div>
  );
}
