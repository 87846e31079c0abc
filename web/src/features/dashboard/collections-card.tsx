import type { DashboardCollections } from '@recaudo/domain/dashboard';
import { formatMoney } from '@recaudo/domain/format-money';
import { CURRENCY_LABELS, CURRENCY_SYMBOLS } from '@recaudo/domain/tenders';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';

const FIGURE = { fontSize: 24, fontWeight: 600, lineHeight: 1.3 } as const;

/**
 * 'Cobros por moneda' (issue 49): what the approved payments of the chart's month or year brought
 * in each currency (with its bolívar value and the change given in it) and the IGTF collected.
 */
export function CollectionsCard({ collections, period }: { collections: DashboardCollections | undefined; period: string }) {
  return (
    <Card title="Cobros por moneda" extra={<Typography.Text type="secondary">{period}</Typography.Text>}>
      {collections ? (
        <Row gutter={[16, 16]}>
          {collections.currencies.map((line) => (
            <Col key={line.currency} xs={24} sm={12} lg={6}>
              <Flex vertical component="section" aria-label={CURRENCY_LABELS[line.currency]}>
                <Typography.Text type="secondary">{CURRENCY_LABELS[line.currency]}</Typography.Text>
                <div style={FIGURE}>{formatMoney(line.amount, CURRENCY_SYMBOLS[line.currency])}</div>
                {line.currency !== 'VES' && <Typography.Text type="secondary">Equivale a {formatMoney(line.amount_ves)}</Typography.Text>}
                <Typography.Text type="secondary">Vuelto entregado: {formatMoney(line.change, CURRENCY_SYMBOLS[line.currency])}</Typography.Text>
              </Flex>
            </Col>
          ))}
          <Col xs={24} sm={12} lg={6}>
            <section aria-label="IGTF cobrado">
              <Typography.Text type="secondary">IGTF cobrado</Typography.Text>
              <div style={FIGURE}>{formatMoney(collections.igtf)}</div>
            </section>
          </Col>
        </Row>
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}
