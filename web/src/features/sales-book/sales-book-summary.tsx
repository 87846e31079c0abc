import { formatMoney } from '@recaudo/domain/format-money';
import { SALES_BOOK_RATES, type SalesBookTotals } from '@recaudo/domain/sales-book';
import Descriptions from 'antd/es/descriptions';
import { NoWrap } from '../../components/no-wrap';

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The summary at the end of the book: the documents counted, the sums per rate, the débito fiscal, what clients withheld and the IGTF. */
export function SalesBookSummary({ totals }: { totals: SalesBookTotals }) {
  const items = [
    {
      key: 'documents',
      label: 'Documentos',
      span: 2,
      children: [
        counted(totals.invoices, 'factura', 'facturas'),
        counted(totals.debit_notes, 'nota de débito', 'notas de débito'),
        `${counted(totals.credit_notes, 'nota de crédito', 'notas de crédito')} (${counted(totals.cancelled, 'anulado', 'anulados')})`,
        counted(totals.vouchers, 'comprobante de retención de otro período', 'comprobantes de retención de otros períodos'),
      ].join(', '),
    },
    { key: 'total', label: 'Total ventas con IVA', children: <NoWrap>{formatMoney(totals.total)}</NoWrap> },
    { key: 'exempt', label: 'Ventas internas exentas', children: <NoWrap>{formatMoney(totals.exempt)}</NoWrap> },
    ...SALES_BOOK_RATES.map(({ key, label }) => ({
      key,
      label,
      children: `Base ${formatMoney(totals[key].base)} · IVA ${formatMoney(totals[key].iva)}`,
    })),
    { key: 'iva', label: 'Total débito fiscal', children: <NoWrap>{formatMoney(totals.iva)}</NoWrap> },
    { key: 'withheld', label: 'IVA retenido por los compradores', children: <NoWrap>{formatMoney(totals.withheld)}</NoWrap> },
    { key: 'igtf', label: 'IGTF percibido', children: <NoWrap>{formatMoney(totals.igtf)}</NoWrap> },
  ];
  return <Descriptions title="Resumen del período" bordered size="small" column={{ xs: 1, md: 2 }} items={items} style={{ marginTop: 16 }} />;
}
