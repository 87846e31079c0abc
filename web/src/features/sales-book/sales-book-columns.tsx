import { formatDate } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { SALES_BOOK_RATES, SALES_BOOK_TYPES, type SalesBookRow } from '@recaudo/domain/sales-book';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';

/** One line that never wraps: dates, numbers and amounts read badly broken at their hyphens. */
const line = (text: ReactNode) => <div style={{ whiteSpace: 'nowrap' }}>{text}</div>;

type AmountKey = { [K in keyof SalesBookRow]: SalesBookRow[K] extends string ? K : never }[keyof SalesBookRow];

const amount = (title: string, key: AmountKey) => ({
  title,
  dataIndex: key,
  key,
  align: 'right' as const,
  // Most of a book's cells are zero (two of its rates are never charged): they stay quiet beside the amounts.
  render: (value: string) => line(Number(value) === 0 ? <Typography.Text type="secondary">{formatMoney(value)}</Typography.Text> : formatMoney(value)),
});

const RATE_COLUMNS = { reduced: ['base_reduced', 'iva_reduced'], general: ['base_general', 'iva_general'], additional: ['base_additional', 'iva_additional'] } as const;

/**
 * The book's columns as the law lists them (providers.md §7): the document, then the amounts,
 * the three VAT rates grouped under their name, the withholding with its voucher and the IGTF.
 */
export const salesBookColumns: ColumnsType<SalesBookRow> = [
  { title: 'Fecha', dataIndex: 'date', key: 'date', render: (value: string) => line(formatDate(value)) },
  { title: 'RIF / Cédula', dataIndex: 'identification', key: 'identification', render: (value: string) => line(value) },
  { title: 'Nombre o razón social', dataIndex: 'name', key: 'name' },
  {
    title: 'Documento',
    key: 'document',
    render: (_: unknown, row) => (
      <>
        {line(SALES_BOOK_TYPES[row.type_document])}
        {line(
          <>
            {row.number}
            {row.transaction === 'anulacion' && (
              <>
                {' '}
                <Tag color="red">Anulada</Tag>
              </>
            )}
          </>,
        )}
      </>
    ),
  },
  { title: 'Nº control', dataIndex: 'control_number', key: 'control_number', render: (value: string | null) => line(value ?? '') },
  { title: 'Factura afectada', dataIndex: 'affected_invoice', key: 'affected_invoice', render: (value: string | null) => line(value ?? '') },
  amount('Total con IVA', 'total'),
  amount('Ventas exentas', 'exempt'),
  ...SALES_BOOK_RATES.map(({ key, label }) => ({
    title: label,
    key,
    children: [amount('Base', RATE_COLUMNS[key][0]), amount('IVA', RATE_COLUMNS[key][1])],
  })),
  {
    title: 'IVA retenido',
    key: 'withholding',
    children: [
      amount('Monto', 'withheld'),
      {
        title: 'Comprobante',
        key: 'voucher',
        render: (_: unknown, row: SalesBookRow) =>
          row.voucher_number ? (
            <>
              {line(row.voucher_number)}
              {line(formatDate(row.voucher_date))}
            </>
          ) : (
            ''
          ),
      },
    ],
  },
  amount('IGTF', 'igtf'),
];
