import { formatMoney } from '@recaudo/domain/format-money';
import { formatNumber } from '@recaudo/domain/format';
import { AGING_LABELS, agingCardTotal, type AgingCardBucket } from '@recaudo/domain/statement';
import Card from 'antd/es/card';
import Table from 'antd/es/table';

/** The staff dashboard's aging card (issue 33): per bucket of months owed, the addresses and what they owe in $ and BS. */
export function AgingCard({ buckets }: { buckets: AgingCardBucket[] }) {
  const total = agingCardTotal(buckets);
  return (
    <Card title="Deuda por antigüedad">
      <Table<AgingCardBucket>
        size="small"
        pagination={false}
        rowKey="bucket"
        dataSource={buckets}
        columns={[
          { title: 'Antigüedad', key: 'bucket', render: (_, row) => AGING_LABELS[row.bucket] },
          { title: 'Direcciones', key: 'addresses', align: 'right', render: (_, row) => formatNumber(row.addresses) },
          { title: 'Monto $', key: 'owed_usd', align: 'right', render: (_, row) => formatMoney(row.owed_usd, '$') },
          { title: 'Monto BS', key: 'owed_bs', align: 'right', render: (_, row) => formatMoney(row.owed_bs) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {formatNumber(total.addresses)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {formatMoney(total.owed_usd, '$')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {formatMoney(total.owed_bs)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
