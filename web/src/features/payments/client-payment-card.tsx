import { monthLabel } from '@recaudo/domain/addresses';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate } from '@recaudo/domain/format';
import { PAYMENT_STATUS } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { selfValidated } from './payment-details';
import { NoWrap } from '../../components/no-wrap';

const STATUS_COLORS = { 0: 'warning', 1: 'success', 2: 'error' } as const;

interface ClientPaymentCardProps {
  payment: PaymentRow;
  /** "Recibo": absent for a rejected payment, which has none. */
  onReceipt?: (payment: PaymentRow) => void;
  /** A Procesando payment the client may still change or withdraw. */
  onEdit?: (payment: PaymentRow) => void;
  onDelete?: (payment: PaymentRow) => void;
  /** Staff's notes on the payment (a rejection's reason), when it has any. */
  onNotes: (payment: PaymentRow) => void;
}

/**
 * A client's payment on a phone (issue 33): amount, date, months, status and the receipt, instead
 * of a table row that scrolls sideways.
 */
export function ClientPaymentCard({ payment, onReceipt, onEdit, onDelete, onNotes }: ClientPaymentCardProps) {
  return (
    <Card
      size="small"
      title={formatMoney(payment.amount_payment)}
      extra={<Tag color={STATUS_COLORS[payment.status]}>{PAYMENT_STATUS[payment.status]}</Tag>}
    >
      <Flex vertical gap={4}>
        <Typography.Text>
          <NoWrap>{formatDate(payment.date_payment)}</NoWrap> · {payment.address_payment.address}
        </Typography.Text>
        <Typography.Text type="secondary">Meses: {payment.months_payment.length ? payment.months_payment.map(monthLabel).join(', ') : 'ninguno'}</Typography.Text>
        {payment.number_correlative && <Typography.Text type="secondary">
            Recibo <NoWrap>N° {payment.number_correlative}</NoWrap>
          </Typography.Text>}
        {selfValidated(payment) && <Tag color="purple">Validado con el banco</Tag>}
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        {onReceipt && (
          <Button size="large" type="primary" onClick={() => onReceipt(payment)}>
            Descargar recibo
          </Button>
        )}
        {payment.notes?.trim() && (
          <Button size="large" onClick={() => onNotes(payment)}>
            Notas
          </Button>
        )}
        {onEdit && (
          <Button size="large" onClick={() => onEdit(payment)}>
            Editar
          </Button>
        )}
        {onDelete && (
          <Button size="large" danger onClick={() => onDelete(payment)}>
            Eliminar
          </Button>
        )}
      </Flex>
    </Card>
  );
}
