import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { conciliationErrorLabels, originBankText } from '@recaudo/domain/bank-operations';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatDateTime, textOrEmpty } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { ACTIONS_COLUMN_KEY } from '../../components/row-actions';
import type { Conciliation } from './api';
import { NoWrap } from '../../components/no-wrap';

export const clientText = (conciliation: Conciliation) =>
  conciliation.client ? `${conciliation.client.name} (${conciliation.client.identification_type}-${conciliation.client.identification})` : textOrEmpty(null);

export const statusTag = (conciliation: Conciliation) =>
  conciliation.success ? (
    <Tag color="green">Conciliado</Tag>
  ) : (
    // A long error wraps inside its column instead of widening the list.
    <Tag color="red" style={{ whiteSpace: 'normal' }}>
      {conciliation.error_code ? conciliationErrorLabels[conciliation.error_code] : 'Fallido'}
    </Tag>
  );

/**
 * Text that wraps at `width`, and titles on two lines: with every column as wide as its longest
 * value (a bank's full name, an error) the list was 374 px wider than the window at 1366 px (issue 34).
 */
const Wrap = ({ width, children }: { width: number; children: ReactNode }) => <div style={{ maxWidth: width, whiteSpace: 'normal' }}>{children}</div>;

export function conciliationColumns(onView: (conciliation: Conciliation) => void): ColumnsType<Conciliation> {
  return [
    { title: <Wrap width={80}>Fecha de proceso</Wrap>, key: 'processed_at', render: (_, row) => <Wrap width={90}>{formatDateTime(row.processed_at)}</Wrap> },
    { title: 'Cliente', key: 'client', render: (_, row) => <Wrap width={180}>{clientText(row)}</Wrap> },
    { title: 'Referencia', key: 'reference', dataIndex: 'reference' },
    { title: <Wrap width={60}>Fecha de pago</Wrap>, key: 'payment_date', render: (_, row) => <NoWrap>{formatDate(row.payment_date || null)}</NoWrap> },
    { title: 'Monto', key: 'amount', align: 'right', render: (_, row) => <NoWrap>{formatMoney(row.amount)}</NoWrap> },
    { title: <Wrap width={70}>Banco de origen</Wrap>, key: 'origin_bank', render: (_, row) => <Wrap width={160}>{originBankText(row)}</Wrap> },
    { title: 'Estatus', key: 'success', render: (_, row) => <Wrap width={140}>{statusTag(row)}</Wrap> },
    { title: 'Pago', key: 'payment_id', render: (_, row) => (row.payment_id === null ? textOrEmpty(null) : `#${row.payment_id}`) },
    {
      title: 'Acciones',
      key: ACTIONS_COLUMN_KEY,
      render: (_, row) => (
        <Tooltip title="Ver detalles">
          <Button type="link" size="small" icon={<EyeOutlined />} aria-label={`Ver detalles de la conciliación ${row.reference}`} onClick={() => onView(row)} />
        </Tooltip>
      ),
    },
  ];
}
