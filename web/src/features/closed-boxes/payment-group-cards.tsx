import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import CloseCircleOutlined from '@ant-design/icons/CloseCircleOutlined';
import { closedBoxMessages, type PaymentGroup } from '@recaudo/domain/closed-boxes';
import { formatMoney } from '@recaudo/domain/format-money';
import { CURRENCY_SYMBOLS } from '@recaudo/domain/tenders';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import { useCan } from '../../lib/session';
import { useChangeGroupStatus, type ClosedBoxListRow } from './api';
import { UnverifyButton } from './verification-history';
import { NoWrap } from '../../components/no-wrap';

const groupTitle = (group: PaymentGroup) =>
  [group.name, group.terminal && `Terminal ${group.terminal}`, group.lot_number && `Lote ${group.lot_number}`].filter(Boolean).join(' · ');

/**
 * A closing's expanded row (spec 02 §2): one card per payment group (method / terminal / lot, of
 * the payments' tender lines: issue 49) with its count, what its lines brought in a foreign
 * currency, and its amounts and tax base in BS; green when verified, red when not. 'Aprobar
 * Pagos' / 'Rechazar Pagos' change the group's payments and its verification. A verified group's
 * payments stay as verified, so its card offers only 'Quitar verificación' (issue 31), with a
 * reason, to another user than who verified it (issue 46).
 */
export function PaymentGroupCards({ closing, canEdit }: { closing: ClosedBoxListRow; canEdit: boolean }) {
  const canAdd = useCan('add_closed_box') || canEdit;
  const change = useChangeGroupStatus();
  if (!closing.payments.length)
    return <Empty description={canAdd ? closedBoxMessages.noPaymentsInRow : closedBoxMessages.noPayments} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Flex gap={12} wrap>
      {closing.payments.map((group) => {
        const key = { id: closing.id, payment_method_id: group.payment_method_id, terminal: group.terminal, lot_number: group.lot_number };
        const color = group.verified ? '#52c41a' : '#ff4d4f';
        return (
          <Card
            key={`${group.payment_method_id}-${group.terminal}-${group.lot_number}-${group.currency}`}
            size="small"
            title={groupTitle(group)}
            data-verified={group.verified}
            aria-label={`Grupo ${groupTitle(group)} ${group.verified ? 'verificado' : 'sin verificar'}`}
            style={{ width: 300, borderColor: color, borderWidth: 2, background: group.verified ? 'rgba(82, 196, 26, 0.08)' : 'rgba(255, 77, 79, 0.08)' }}
            actions={
              !canEdit
                ? undefined
                : group.verified
                  ? [
                      <UnverifyButton key="unverify" closing={closing} group={{ payment_method_id: group.payment_method_id, terminal: group.terminal, lot_number: group.lot_number }} />,
                    ]
                  : [
                      <Popconfirm
                        key="approve"
                        title="Aprobar Pagos"
                        description={closedBoxMessages.changeConfirm}
                        okText="Si"
                        cancelText="No"
                        onConfirm={() => change.mutateAsync({ ...key, status: 1 })}
                      >
                        <Button type="link" icon={<CheckCircleOutlined />} style={{ color: '#389e0d' }}>
                          Aprobar Pagos
                        </Button>
                      </Popconfirm>,
                      <Popconfirm
                        key="reject"
                        title="Rechazar Pagos"
                        description={closedBoxMessages.changeConfirm}
                        okText="Si"
                        cancelText="No"
                        onConfirm={() => change.mutateAsync({ ...key, status: 2 })}
                      >
                        <Button type="link" danger icon={<CloseCircleOutlined />}>
                          Rechazar Pagos
                        </Button>
                      </Popconfirm>,
                    ]
            }
          >
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="Pagos">{group.count_payments}</Descriptions.Item>
              {group.currency !== 'VES' && (
                <Descriptions.Item label={`Cobrado (${CURRENCY_SYMBOLS[group.currency]})`}>
                  {formatMoney(group.amount_currency, CURRENCY_SYMBOLS[group.currency])}
                </Descriptions.Item>
              )}
              <Descriptions.Item label="Monto facturado"><NoWrap>{formatMoney(group.amount_bill)}</NoWrap></Descriptions.Item>
              <Descriptions.Item label="Monto pagado"><NoWrap>{formatMoney(group.amount_payment)}</NoWrap></Descriptions.Item>
              <Descriptions.Item label="Base imponible"><NoWrap>{formatMoney(group.tax_base_bs)}</NoWrap></Descriptions.Item>
              {group.terminal && <Descriptions.Item label="Comisión terminal"><NoWrap>{formatMoney(group.commission)}</NoWrap></Descriptions.Item>}
            </Descriptions>
          </Card>
        );
      })}
    </Flex>
  );
}
