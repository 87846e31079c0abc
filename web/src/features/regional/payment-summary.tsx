import { formatMoney } from '@recaudo/domain/format-money';
import type { PaymentSummary } from '@recaudo/domain/regional';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import type { RegionalRow } from './api';
import { NoWrap } from '../../components/no-wrap';

function SummaryCard({ title, summary, solvents }: { title: string; summary: PaymentSummary; solvents: number }) {
  return (
    <Card size="small" title={title} style={{ width: 340 }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'count', label: 'Cantidad de pagos', children: summary.count_payments },
          { key: 'bill', label: 'Monto facturado', children: <NoWrap>{formatMoney(summary.amount_bill, 'BS')}</NoWrap> },
          { key: 'payment', label: 'Monto pagado', children: <NoWrap>{formatMoney(summary.amount_payment, 'BS')}</NoWrap> },
          { key: 'dollar-bill', label: 'Monto facturado ($)', children: <NoWrap>{formatMoney(summary.dollar_amount_bill, '$')}</NoWrap> },
          { key: 'dollar-payment', label: 'Monto pagado ($)', children: <NoWrap>{formatMoney(summary.dollar_amount_payment, '$')}</NoWrap> },
          { key: 'solvents', label: 'Clientes solventes', children: solvents },
        ]}
      />
    </Card>
  );
}

/** The expanded row of a regional table: residential and commercial cards (communities: residential only). */
export function PaymentSummaryCards({ row, commercial }: { row: RegionalRow; commercial: boolean }) {
  return (
    // Fixed-width cards: percentage columns would stretch a max-content table without end.
    <Flex gap={16} wrap role="group" aria-label="Resumen de pagos">
      <SummaryCard title="Residencial" summary={row.payments_residential} solvents={row.count_clients_solvents_residential} />
      {commercial && <SummaryCard title="Comercial" summary={row.payments_comercial} solvents={row.count_clients_solvents_comercial} />}
    </Flex>
  );
}
