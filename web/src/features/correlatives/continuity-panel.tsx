import {
  CONTINUITY_STATUS,
  CONTINUITY_TYPES,
  continuityMessages,
  type ContinuityRow,
  type ContinuityStatus,
  type ContinuitySummary,
  type ContinuityType,
} from '@recaudo/domain/correlatives';
import { formatDate } from '@recaudo/domain/format';
import { DOCUMENT_TYPES } from '@recaudo/domain/invoices';
import { DEFAULT_PAGE_SIZE } from '@recaudo/domain/paging';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { useCan } from '../../lib/session';
import { continuityExportPath, useContinuity } from './api';
import { NoWrap } from '../../components/no-wrap';

const STATUS_COLORS: Record<ContinuityStatus, string> = {
  issued: 'green',
  cancelled: 'red',
  queued: 'blue',
  printer_error: 'orange',
  not_sent: 'default',
  payment_rejected: 'volcano',
  missing: 'red',
};

const TAB_LABELS: Record<ContinuityType, string> = { '01': 'Facturas', '02': 'Notas de crédito', '03': 'Notas de débito', '04': 'Notas de entrega' };

const columns: ColumnsType<ContinuityRow> = [
  {
    title: 'Número',
    key: 'number',
    render: (_, row) => (row.number_to && row.number_to !== row.number ? `${row.number} a ${row.number_to}` : row.number),
  },
  { title: 'Nº de control', dataIndex: 'control_number', key: 'control_number', render: (value: string | null) => value ?? '—' },
  { title: 'Fecha', dataIndex: 'date', key: 'date', render: (value: string | null) => (value ? <NoWrap>{formatDate(value)}</NoWrap> : '—') },
  {
    title: 'Estado',
    key: 'status',
    render: (_, row) => (
      <Flex gap={4} wrap>
        <Tag color={STATUS_COLORS[row.status]}>{CONTINUITY_STATUS[row.status]}</Tag>
        {row.duplicate && <Tag color="red">Duplicado</Tag>}
      </Flex>
    ),
  },
  { title: 'Pago', dataIndex: 'payment_id', key: 'payment_id', align: 'right', render: (value: number | null) => value ?? '—' },
];

/** What an auditor reads first: clean, empty, or each gap and duplicate spelled out. */
function Findings({ summary }: { summary: ContinuitySummary }) {
  if (summary.count === 0) return <Alert type="info" showIcon title={continuityMessages.empty} />;
  const problems = [
    ...summary.gaps.map((gap) => continuityMessages.gap(gap.from, gap.to)),
    ...summary.duplicates.map((duplicate) => continuityMessages.duplicate(duplicate.number, duplicate.times)),
  ];
  if (problems.length === 0) return <Alert type="success" showIcon title={continuityMessages.clean} />;
  const shownGaps = summary.gaps.length;
  const unlisted = summary.missing - summary.gaps.reduce((sum, gap) => sum + Number(gap.to) - Number(gap.from) + 1, 0);
  return (
    <Alert
      type="error"
      showIcon
      title={`Revisa la numeración: ${summary.missing} ${summary.missing === 1 ? 'número falta' : 'números faltan'} y ${summary.duplicates.length} ${summary.duplicates.length === 1 ? 'número se repite' : 'números se repiten'}`}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
          {unlisted > 0 && <li>{`Y ${unlisted} números más en saltos después de los ${shownGaps} primeros (exporta el reporte para verlos todos).`}</li>}
        </ul>
      }
    />
  );
}

export interface ContinuityPanelProps {
  serie: { id: number; serie: string } | null;
  onClose: () => void;
}

/** "Continuidad" of a series (issue 35): per document type, the summary and every number, gaps shown in place. */
export function ContinuityPanel({ serie, onClose }: ContinuityPanelProps) {
  const [type, setType] = useState<ContinuityType>('01');
  const [paging, setPaging] = useState({ page: 1, perPage: DEFAULT_PAGE_SIZE });
  const report = useContinuity(serie?.id ?? null, { type_document: type, page: paging.page, per_page: paging.perPage });
  const canExport = useCan('export_correlatives');
  const summary = report.data?.summary.find((row) => row.type_document === type);

  return (
    <Drawer
      title={serie ? `Continuidad de la serie ${serie.serie}` : 'Continuidad'}
      open={serie !== null}
      onClose={onClose}
      size={880}
      destroyOnHidden
      extra={serie && <ExportButton path={continuityExportPath(serie.id)} formats={['xlsx', 'pdf']} params={{ type_document: type }} allowed={canExport} />}
    >
      <Tabs
        activeKey={type}
        onChange={(key) => {
          setType(key as ContinuityType);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
        items={CONTINUITY_TYPES.map((key) => ({ key, label: TAB_LABELS[key] }))}
      />
      {summary && (
        <Flex vertical gap={12} style={{ marginBottom: 12 }}>
          <Findings summary={summary} />
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'first', label: 'Primer número', children: summary.first ?? '—' },
              { key: 'last', label: 'Último número', children: summary.last ?? '—' },
              { key: 'counter', label: 'Contador de la serie', children: summary.counter },
              { key: 'count', label: 'Documentos', children: summary.count },
              { key: 'cancelled', label: 'Anulados', children: summary.cancelled },
              { key: 'type', label: 'Tipo', children: DOCUMENT_TYPES[type] },
            ]}
          />
        </Flex>
      )}
      <DataTable<ContinuityRow>
        label={`Numeración de ${TAB_LABELS[type].toLowerCase()}`}
        columns={columns}
        rowKey={(row) => `${row.status}-${row.number}-${row.payment_id ?? 0}-${row.document_id ?? 0}`}
        rows={report.data?.documents.data}
        total={report.data?.documents.total ?? 0}
        page={paging.page}
        perPage={paging.perPage}
        loading={report.isFetching}
        failed={report.isError}
        onRetry={() => void report.refetch()}
        onPageChange={(page, perPage) => setPaging({ page, perPage })}
      />
    </Drawer>
  );
}
