import { formatDate, formatDateTime } from '@recaudo/domain/format';
import { formatRate, RATE_CURRENCY_LABELS, RATE_SOURCE_LABELS, type ExchangeRateRow } from '@recaudo/domain/exchange-rates';
import Card from 'antd/es/card';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { useRateChart, useRateHistory } from './api';
import { RatesChart } from './rates-chart';
import { NoWrap } from '../../components/no-wrap';

const columns: ColumnsType<ExchangeRateRow> = [
  { title: 'Fecha valor', dataIndex: 'value_date', key: 'value_date', render: (value: string) => <NoWrap>{formatDate(value)}</NoWrap> },
  { title: 'Moneda', dataIndex: 'currency', key: 'currency', render: (value: ExchangeRateRow['currency']) => RATE_CURRENCY_LABELS[value] },
  { title: 'Tasa (BS)', dataIndex: 'rate', key: 'rate', align: 'right', render: (value: string) => formatRate(value) },
  {
    title: 'Fuente',
    dataIndex: 'source',
    key: 'source',
    render: (value: ExchangeRateRow['source']) => <Tag color={value === 'bcv' ? 'blue' : 'orange'}>{RATE_SOURCE_LABELS[value]}</Tag>,
  },
  { title: 'Motivo', dataIndex: 'reason', key: 'reason', render: (value: string | null) => value ?? '' },
  { title: 'Usuario', key: 'user', render: (_, row) => row.user?.name ?? '' },
  { title: 'Registrada', dataIndex: 'created_at', key: 'created_at', render: (value: string) => <NoWrap>{formatDateTime(value)}</NoWrap> },
];

/** The rates Recaudo has known (issue 47): a chart of both by value date and the table with each one's source. */
export function RateHistory() {
  const [page, setPage] = useState({ page: 1, perPage: 10 });
  const history = useRateHistory(page.page, page.perPage);
  const chart = useRateChart();
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="rate-history-title" style={{ marginTop: 24 }}>
      <Typography.Title level={4} id="rate-history-title">
        Historial de tasas
      </Typography.Title>
      <Card style={{ marginBottom: 16 }}>{chart.data ? <RatesChart rows={chart.data} textColor={token.colorText} /> : null}</Card>
      <DataTable<ExchangeRateRow>
        label="Historial de tasas"
        columns={columns}
        rows={history.data?.data}
        rowKey="id"
        total={history.data?.total ?? 0}
        page={page.page}
        perPage={page.perPage}
        loading={history.isFetching}
        failed={history.isError}
        onRetry={() => void history.refetch()}
        onPageChange={(next, perPage) => setPage({ page: next, perPage })}
      />
    </section>
  );
}
