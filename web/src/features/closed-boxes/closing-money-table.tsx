import type { ClosingCurrencyTotals, ClosingMoney } from '@recaudo/domain/closed-boxes';
import { formatMoney } from '@recaudo/domain/format-money';
import { CURRENCY_LABELS, CURRENCY_SYMBOLS } from '@recaudo/domain/tenders';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { NoWrap } from '../../components/no-wrap';

/** A difference in red when the drawer is short, green when it holds more, plain when it balances. */
function Difference({ line }: { line: ClosingCurrencyTotals }) {
  if (line.difference === null) return <Typography.Text type="secondary">Sin contar</Typography.Text>;
  const value = Number(line.difference);
  return (
    <Typography.Text strong type={value < 0 ? 'danger' : value > 0 ? 'success' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(line.difference, CURRENCY_SYMBOLS[line.currency])}
    </Typography.Text>
  );
}

/**
 * A closing's money per currency (issue 49): what its payments' lines brought, the change given,
 * the cash that should be in the drawer, what was counted and the difference; and the IGTF collected.
 */
export function ClosingMoneyTable({ money }: { money: ClosingMoney }) {
  const amountIn = (line: ClosingCurrencyTotals, value: string | null) =>
    value === null ? '—' : <NoWrap>{formatMoney(value, CURRENCY_SYMBOLS[line.currency])}</NoWrap>;
  return (
    <section aria-label="Dinero por moneda" style={{ marginBottom: 16 }}>
      <Table<ClosingCurrencyTotals>
        size="small"
        bordered
        pagination={false}
        rowKey="currency"
        dataSource={money.currencies}
        locale={{ emptyText: 'Sin cobros en este cierre.' }}
        columns={[
          { key: 'currency', title: 'Moneda', render: (_, line) => CURRENCY_LABELS[line.currency] },
          { key: 'tendered', title: 'Cobrado', align: 'right', render: (_, line) => amountIn(line, line.tendered) },
          { key: 'change', title: 'Vuelto entregado', align: 'right', render: (_, line) => amountIn(line, line.change) },
          { key: 'expected', title: 'Efectivo esperado', align: 'right', render: (_, line) => amountIn(line, line.cash_expected) },
          { key: 'counted', title: 'Efectivo contado', align: 'right', render: (_, line) => amountIn(line, line.cash_counted) },
          { key: 'difference', title: 'Diferencia', align: 'right', render: (_, line) => <Difference line={line} /> },
        ]}
        footer={() => (
          <Typography.Text>
            IGTF cobrado:{' '}
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(money.igtf)}
            </Typography.Text>
          </Typography.Text>
        )}
      />
    </section>
  );
}
