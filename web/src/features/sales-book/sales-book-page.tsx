import { dayjs } from '@recaudo/domain/dates';
import { currentMonth } from '@recaudo/domain/months';
import DatePicker from 'antd/es/date-picker';
import Segmented from 'antd/es/segmented';
import { useState } from 'react';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { ListPage } from '../../components/list-page';
import { useListState } from '../../components/use-list-state';
import { SALES_BOOK_EXPORT_PATH, useSalesBook } from './api';
import { salesBookColumns } from './sales-book-columns';
import { SalesBookSummary } from './sales-book-summary';

type Half = 'month' | '1' | '2';

const HALF_OPTIONS: { label: string; value: Half }[] = [
  { label: 'Mes completo', value: 'month' },
  { label: '1ª quincena (1 al 15)', value: '1' },
  { label: '2ª quincena (16 al fin)', value: '2' },
];

/**
 * /sales-book, Libro de Ventas (issue 49): a month, or one of its halves, of the documents the
 * printer issued, with the totals per rate below the table and the summary of the period; the
 * file in Excel, PDF or CSV with the same rows, totals and summary. Needs `sales_book`.
 */
export default function SalesBookPage() {
  const [period, setPeriod] = useState(currentMonth());
  const [half, setHalf] = useState<Half>('month');
  const list = useListState();
  const book = { period, ...(half === 'month' ? {} : { half }) };
  const answer = useSalesBook({ ...book, page: list.page, per_page: list.perPage });
  const totals = answer.data?.totals;

  return (
    <ListPage
      title="Libro de Ventas"
      toolbar={
        <>
          <DatePicker
            picker="month"
            aria-label="Período"
            format="MM-YYYY"
            allowClear={false}
            value={dayjs(`${period}-01`)}
            onChange={(value) => {
              if (!value) return;
              setPeriod(value.format('YYYY-MM'));
              list.changePage(1, list.perPage);
            }}
          />
          <Segmented<Half>
            aria-label="Quincena"
            options={HALF_OPTIONS}
            value={half}
            onChange={(value) => {
              setHalf(value);
              list.changePage(1, list.perPage);
            }}
          />
        </>
      }
      actions={<ExportButton path={SALES_BOOK_EXPORT_PATH} formats={['xlsx', 'pdf', 'csv']} params={book} allowed />}
    >
      <DataTable
        label="Libro de Ventas"
        columns={salesBookColumns}
        rowKey="id"
        size="middle"
        emptyText="No hay documentos emitidos en este período."
        {...pagedTableProps(answer, list)}
      />
      {totals && <SalesBookSummary totals={totals} />}
    </ListPage>
  );
}
