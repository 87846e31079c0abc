import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { rangeLabel } from '@recaudo/domain/paging';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import { startTransition, useEffect, useState, type Key, type ReactNode } from 'react';
import type { DataTableProps } from './data-table';

/** The table's own paging and state props, with the card that stands for a row. */
export type CardRowsProps<T> = Pick<DataTableProps<T>, 'label' | 'rows' | 'total' | 'page' | 'perPage' | 'loading' | 'failed' | 'onRetry' | 'onPageChange' | 'footer'> & {
  keyOf: (row: T) => Key;
  card: (row: T, index: number) => ReactNode;
  emptyText: string;
};

/** The cards a list draws in its first commit, and how many more each later task draws. */
const FIRST_CARDS = 3;
const MORE_CARDS = 2;

/**
 * How many of `rows` to draw: the first few at once, the rest a couple at a time, each in a
 * transition of its own task. Ten cards with their actions were one commit of about 50 ms on a
 * phone's processor (Lighthouse's mobile preset counts it four times); the first three fill a
 * phone's screen, and the rest are drawn below it before a thumb can scroll there.
 */
function useCardsDrawn<T>(rows: readonly T[] | undefined): number {
  const [drawn, setDrawn] = useState({ rows, count: FIRST_CARDS });
  if (drawn.rows !== rows) setDrawn({ rows, count: FIRST_CARDS });
  const total = rows?.length ?? 0;
  useEffect(() => {
    if (drawn.count >= total) return;
    const next = setTimeout(() => startTransition(() => setDrawn((current) => ({ ...current, count: current.count + MORE_CARDS }))));
    return () => clearTimeout(next);
  }, [drawn.count, total]);
  return drawn.rows === rows ? drawn.count : FIRST_CARDS;
}

/**
 * A list's rows as cards, one under the other, with the table's paging: what a phone shows instead
 * of a table that scrolls sideways (issue 33). Each card shows what matters of its row.
 */
export function CardRows<T>({ label, rows, keyOf, card, total, page, perPage, loading, failed, onRetry, onPageChange, emptyText, footer }: CardRowsProps<T>) {
  const drawn = useCardsDrawn(rows);
  let content: ReactNode;
  if (failed) {
    content = (
      <Empty description="No se pudieron cargar los datos.">
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          Reintentar
        </Button>
      </Empty>
    );
  } else if (!rows) {
    content = loading ? <Skeleton active /> : <Empty description={emptyText} />;
  } else if (!rows.length) {
    content = <Empty description={emptyText} />;
  } else {
    content = (
      <ul aria-label={label} aria-busy={loading || drawn < rows.length} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
        {rows.slice(0, drawn).map((row, index) => (
          <li key={keyOf(row)}>{card(row, index)}</li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-label={label}>
      {content}
      {rows?.length && footer ? <div style={{ marginTop: 12 }}>{footer(rows)}</div> : null}
      <Pagination
        style={{ marginTop: 12, justifyContent: 'center' }}
        simple
        current={page}
        pageSize={perPage}
        total={failed ? 0 : total}
        hideOnSinglePage
        showTotal={(count, range) => rangeLabel(count, range)}
        onChange={(nextPage, nextSize) => onPageChange(nextSize === perPage ? nextPage : 1, nextSize)}
      />
    </section>
  );
}
