import { debtTotal } from '@recaudo/domain/amounts';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate } from '@recaudo/domain/format';
import { installmentLeft, installmentName, installmentsProgress, nextInstallment, type PaymentAgreement } from '@recaudo/domain/payment-agreements';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { NoWrap } from '../../components/no-wrap';
import { useOptionList } from '../../components/option-list';
import { findExchangeRates } from '../../components/select-options';
import { useAgreementDetails, useAgreements } from './api';

/** What «Pagar» opens: the payment form on the agreement's next installment. */
export type PayAgreement = (agreement: { id: number; address_payment_id: number }) => void;

/** One current agreement of the client: the next installment, its due date, its amount in $ and BS at today's rate, and whether it is overdue. */
export function MyAgreementCard({ agreement, address, rate, onPay }: { agreement: PaymentAgreement; address: string; rate: string | null; onPay: PayAgreement }) {
  const next = nextInstallment(agreement.installments);
  if (!next) return null;
  const left = installmentLeft(next);
  const overdue = next.status === 'overdue';
  const numbered = agreement.installments.filter((installment) => installment.number > 0).length;
  return (
    <Card
      title="Mi convenio"
      extra={<Tag color={overdue ? 'error' : 'success'}>{overdue ? 'Vencida' : 'Al día'}</Tag>}
      styles={{ title: { whiteSpace: 'normal' } }}
    >
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">{address}</Typography.Text>
        <Typography.Text strong>
          Próxima: {installmentName(next.number)}
          {next.number > 0 && ` de ${numbered}`} · vence <NoWrap>{formatDate(next.due_date)}</NoWrap>
        </Typography.Text>
        <Typography.Text>
          <NoWrap>{formatMoney(left, '$')}</NoWrap>
          {rate !== null && (
            <>
              {' · '}
              <NoWrap>{formatMoney(debtTotal(1, left, rate))}</NoWrap>
            </>
          )}
        </Typography.Text>
        <Typography.Text type="secondary">
          {installmentsProgress(agreement.installments)} · pagado <NoWrap>{formatMoney(agreement.paid_usd, '$')}</NoWrap> de{' '}
          <NoWrap>{formatMoney(agreement.debt_usd, '$')}</NoWrap>
        </Typography.Text>
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        <Button
          type="primary"
          size="large"
          onClick={() => onPay({ id: agreement.id, address_payment_id: agreement.address_payment_id })}
          aria-label={`Pagar ${installmentName(next.number).toLowerCase()} del convenio de ${address}`}
        >
          Pagar
        </Button>
      </Flex>
    </Card>
  );
}

/** «Mi convenio» on the client's home (issue 50): a card for each current agreement; nothing without one. */
export function MyAgreements({ onPay }: { onPay: PayAgreement }) {
  const list = useAgreements('own');
  const current = (list.data ?? []).filter((row) => row.status === 'current');
  const details = useAgreementDetails(current.map((row) => row.id));
  const rates = useOptionList('rates', findExchangeRates);
  const rate = rates.data?.dollar_rate ?? null;
  if (!current.length) return null;
  return (
    <Flex vertical gap={12}>
      {current.map((row, index) => {
        const agreement = details[index]?.data;
        return agreement ? <MyAgreementCard key={row.id} agreement={agreement} address={row.address} rate={rate} onPay={onPay} /> : null;
      })}
    </Flex>
  );
}
