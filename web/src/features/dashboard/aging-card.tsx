import { formatMoney } from '@recaudo/domain/format-money';
import { formatNumber } from '@recaudo/domain/format';
import { AGING_LABELS, agingCardTotal, type AgingBucket, type AgingCardBucket } from '@recaudo/domain/statement';
import Card from 'antd/es/card';
import Table from 'antd/es/table';
import { NoWrap } from '../../components/no-wrap';

const BUCKETS = Object.keys(AGING_LABELS) as AgingBucket[];
/** What a figure shows while the card waits for its call. */
const PENDING = '…';

/**
 * The staff dashboard's aging card (issue 33): per bucket of months owed, the addresses and what
 * they owe in $ and BS. Until the figures arrive it shows the same four buckets with "…", so the
 * card has its height from the first paint and nothing under it moves when they fill in.
 */
export function AgingCard({ buckets }: { buckets: AgingCardBucket[] | undefined }) {
  const total = buckets ? agingCardTotal(buckets) : null;
  const figure = (render: (row: AgingCardBucket) => string) => (_: unknown, row: AgingBucket | AgingCardBucket) => (typeof row === 'string' ? PENDING : <NoWrap>{render(row)}</NoWrap>);
  return (
    <Card title="Deuda por antigüedad" aria-busy={!buckets}>
      <Table<AgingBucket | AgingCardBucket>
        size="small"
        pagination={false}
        rowKey={(row) => (typeof row === 'string' ? row : row.bucket)}
        dataSource={buckets ?? BUCKETS}
        columns={[
          { title: 'Antigüedad', key: 'bucket', render: (_, row) => AGING_LABELS[typeof row === 'string' ? row : row.bucket] },
          { title: 'Direcciones', key: 'addresses', align: 'right', render: figure((row) => formatNumber(row.addresses)) },
          { title: 'Monto $', key: 'owed_usd', align: 'right', render: figure((row) => formatMoney(row.owed_usd, '$')) },
          { title: 'Monto BS', key: 'owed_bs', align: 'right', render: figure((row) => formatMoney(row.owed_bs)) },
          // The late-payment surcharge (issue 50), a column of its own beside the months' fees.
          { title: 'Recargo por mora $', key: 'surcharge_usd', align: 'right', render: figure((row) => formatMoney(row.surcharge_usd, '$')) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {total ? formatNumber(total.addresses) : PENDING}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {total ? formatMoney(total.owed_usd, '$') : PENDING}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {total ? formatMoney(total.owed_bs) : PENDING}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {total ? formatMoney(total.surcharge_usd, '$') : PENDING}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
