import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { conciliationErrorLabels, originBankText } from '@recaudo/domain/bank-operations';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatDateTime, textOrEmpty } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { Conciliation } from './api';

export const clientText = (conciliation: Conciliation) =>
  conciliation.client ? `${conciliation.client.name} (${conciliation.client.identification_type}-${conciliation.client.identification})` : textOrEmpty(null);

export const statusTag = (conciliation: Conciliation) =>
  conciliation.success ? <Tag color="green">Conciliado</Tag> : <Tag color="red">{conciliation.error_code ? conciliationErrorLabels[conciliation.error_code] : 'Fallido'}</Tag>;

export function conciliationColumns(onView: (conciliation: Conciliation) => void): ColumnsType<Conciliation> {
  return [
    { title: 'Fecha de proceso', key: 'processed_at', render: (_, row) => formatDateTime(row.processed_at) },
    { title: 'Cliente', key: 'client', render: (_, row) => clientText(row) },
    { title: 'Referencia', key: 'reference', dataIndex: 'reference' },
    { title: 'Fecha de pago', key: 'payment_date', render: (_, row) => formatDate(row.payment_date || null) },
    { title: 'Monto', key: 'amount', align: 'right', render: (_, row) => formatMoney(row.amount) },
    { title: 'Banco de origen', key: 'origin_bank', render: (_, row) => originBankText(row) },
    { title: 'Estatus', key: 'success', render: (_, row) => statusTag(row) },
    { title: 'Pago', key: 'payment_id', render: (_, row) => (row.payment_id === null ? textOrEmpty(null) : `#${row.payment_id}`) },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, row) => (
        <Tooltip title="Ver detalles">
          <Button type="link" size="small" icon={<EyeOutlined />} aria-label={`Ver detalles de la conciliación ${row.reference}`} onClick={() => onView(row)} />
        </Tooltip>
      ),
    },
  ];
}
