import { CONCILIATION_ERROR_CODES, conciliationErrorLabels } from '@recaudo/domain/bank-operations';
import { formatMoney } from '@recaudo/domain/format-money';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import type { ConciliationStatistics } from './api';

/** The cards above the conciliations list: attempts, conciliated, amount and failures by code of the filtered range. */
export function ConciliationStatisticsCards({ statistics, loading }: { statistics: ConciliationStatistics | undefined; loading: boolean }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      <Col xs={12} md={6}>
        <Card size="small" loading={loading}>
          <Statistic title="Intentos" value={statistics?.attempts ?? 0} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small" loading={loading}>
          <Statistic title="Conciliados" value={statistics?.conciliated ?? 0} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small" loading={loading}>
          <Statistic title="Monto conciliado" value={formatMoney(statistics?.amount_conciliated ?? '0')} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small" loading={loading} title={`Fallidos: ${statistics?.failed ?? 0}`}>
          {CONCILIATION_ERROR_CODES.map((code) => (
            <Tag key={code} color={statistics?.failures_by_code[code] ? 'red' : 'default'} style={{ marginBottom: 4 }}>
              {conciliationErrorLabels[code]}: {statistics?.failures_by_code[code] ?? 0}
            </Tag>
          ))}
        </Card>
      </Col>
    </Row>
  );
}
