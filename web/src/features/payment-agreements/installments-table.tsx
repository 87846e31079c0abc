import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate } from '@recaudo/domain/format';
import { installmentName, type AgreementInstallment } from '@recaudo/domain/payment-agreements';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import { InstallmentStatusTag } from '../../components/agreement-status';
import { NoWrap } from '../../components/no-wrap';

/** A schedule's row: the installments of an agreement, or of one being prepared (nothing paid yet). */
export type ScheduleRow = Pick<AgreementInstallment, 'number' | 'due_date' | 'amount_usd'> & Partial<Pick<AgreementInstallment, 'paid_usd' | 'status'>>;

const columns = (withPayments: boolean): ColumnsType<ScheduleRow> => [
  { key: 'number', title: 'Número', render: (_, row) => installmentName(row.number) },
  { key: 'due_date', title: 'Vence', render: (_, row) => <NoWrap>{formatDate(row.due_date)}</NoWrap> },
  { key: 'amount_usd', title: 'Monto', align: 'right', render: (_, row) => <NoWrap>{formatMoney(row.amount_usd, '$')}</NoWrap> },
  ...(withPayments
    ? ([
        { key: 'paid_usd', title: 'Pagado', align: 'right', render: (_, row) => <NoWrap>{formatMoney(row.paid_usd ?? '0', '$')}</NoWrap> },
        {
          key: 'status',
          title: 'Estado',
          render: (_, row) => row.status && <InstallmentStatusTag status={row.status} />,
        },
      ] satisfies ColumnsType<ScheduleRow>)
    : []),
];

/** An agreement's installments (número, vence, monto, and once signed pagado and estado), the down payment first. */
export function InstallmentsTable({ rows, label, withPayments = true }: { rows: ScheduleRow[]; label: string; withPayments?: boolean }) {
  return (
    <Table<ScheduleRow>
      aria-label={label}
      size="small"
      rowKey="number"
      columns={columns(withPayments)}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
