import { percentageTone, type DashboardAdmin, type PeriodCard } from '@recaudo/domain/dashboard';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatNumber } from '@recaudo/domain/format';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Popover from 'antd/es/popover';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useCountUp } from './use-count-up';
import { NoWrap } from '../../components/no-wrap';

const TONE_COLORS = { up: 'green', down: 'red', flat: 'gold' } as const;
const PERIODS = [
  { key: 'day', title: 'Pagos de hoy', previous: 'frente a ayer' },
  { key: 'month', title: 'Pagos del mes', previous: 'frente al mes anterior' },
  { key: 'year', title: 'Pagos del año', previous: 'frente al año anterior' },
] as const;

function Amounts({ card }: { card: PeriodCard }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'bs', label: 'Monto BS', children: <NoWrap>{formatMoney(card.current.amount_payment)}</NoWrap> },
        { key: 'usd', label: 'Monto $', children: <NoWrap>{formatMoney(card.current.dollar_amount_payment, '$')}</NoWrap> },
      ]}
    />
  );
}

function PeriodStat({ title, previous, card }: { title: string; previous: string; card: PeriodCard }) {
  const count = useCountUp(card.current.count_payments);
  const tone = percentageTone(card.percentage);
  const sign = tone === 'up' ? '+' : '';
  return (
    <Popover title={title} content={<Amounts card={card} />}>
      <Card hoverable role="group" aria-label={title} tabIndex={0}>
        <Typography.Text type="secondary">{title}</Typography.Text>
        <div style={{ fontSize: 32, fontWeight: 600, lineHeight: 1.3 }} data-testid={`count-${title}`}>
          {formatNumber(Math.round(count))}
        </div>
        <Tag color={TONE_COLORS[tone]}>
          {sign}
          {card.percentage.replace('.', ',')} %
        </Tag>
        <Typography.Text type="secondary"> {previous}</Typography.Text>
      </Card>
    </Popover>
  );
}

/**
 * The three cards (spec 03): payments today, this month, this year; count, % change, BS and $ in a
 * popover. Until the figures arrive the same three cards wait with a skeleton of their size, so
 * nothing under them moves when they fill in (one skeleton for all three pushed the page down on
 * a phone).
 */
export function PeriodCards({ payments }: { payments: DashboardAdmin['payments'] | undefined }) {
  return (
    <Row gutter={[16, 16]}>
      {PERIODS.map((period) => (
        <Col key={period.key} xs={24} md={8}>
          {payments ? (
            <PeriodStat title={period.title} previous={period.previous} card={payments[period.key]} />
          ) : (
            <Card role="group" aria-label={period.title} aria-busy>
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            </Card>
          )}
        </Col>
      ))}
    </Row>
  );
}
