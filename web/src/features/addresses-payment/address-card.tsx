import { ADDRESS_TYPES, type AddressRow } from '@recaudo/domain/addresses';
import { formatMoney } from '@recaudo/domain/format-money';
import { monthName } from '@recaudo/domain/months';
import { rowOwedUsd } from '@recaudo/domain/tariffs';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { addressDebt, balanceText } from './address-debt';
import { NoWrap } from '../../components/no-wrap';

interface AddressCardProps {
  address: AddressRow;
  /** "Pagar": the payment form on the address's debt (handed in by the app). */
  onPay?: (address: AddressRow) => void;
  onStatement?: (address: AddressRow) => void;
  onEdit?: (address: AddressRow) => void;
  onDelete?: (address: AddressRow) => void;
  /** Today's dollar rate, for the debt in BS beside the $ (null until known). */
  debtRate?: string | null;
}

/**
 * A client's address on a phone (issue 33): the address, the months it owes and what they come to
 * in $ and in BS at today's rate, or the month it is paid through, with "Pagar", "Estado de cuenta", "Editar" and "Eliminar".
 */
export function AddressCard({ address, onPay, onStatement, onEdit, onDelete, debtRate = null }: AddressCardProps) {
  const owes = address.months_to_pay > 0;
  const owedUsd = rowOwedUsd(address);
  const owedBs = addressDebt(address, debtRate);
  const balance = balanceText(address.balance_usd, debtRate);
  return (
    <Card size="small" title={address.address} extra={<Tag>{ADDRESS_TYPES[address.type]}</Tag>} styles={{ title: { whiteSpace: 'normal' } }}>
      <Flex vertical gap={4}>
        <span>
          Meses por pagar: <Tag color={owes ? 'red' : 'green'}>{address.months_to_pay}</Tag>
        </span>
        {owes ? (
          <Typography.Text strong type="danger">
            Debe <NoWrap>{formatMoney(owedUsd, '$')}</NoWrap>
            {owedBs !== null && (
              <>
                {' · '}
                <NoWrap>{formatMoney(owedBs)}</NoWrap>
              </>
            )}
          </Typography.Text>
        ) : (
          address.solvent_to_date && <Typography.Text type="success">Pagado hasta {monthName(address.solvent_to_date)}</Typography.Text>
        )}
        {balance && <Typography.Text type="success">Saldo a favor {balance}</Typography.Text>}
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        {owes && onPay && (
          <Button type="primary" size="large" onClick={() => onPay(address)}>
            Pagar
          </Button>
        )}
        {onStatement && (
          <Button size="large" onClick={() => onStatement(address)}>
            Estado de cuenta
          </Button>
        )}
        {onEdit && (
          <Button size="large" onClick={() => onEdit(address)}>
            Editar
          </Button>
        )}
        {onDelete && (
          <Button size="large" danger onClick={() => onDelete(address)}>
            Eliminar
          </Button>
        )}
      </Flex>
    </Card>
  );
}
