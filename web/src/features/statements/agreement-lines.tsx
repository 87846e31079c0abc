import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate } from '@recaudo/domain/format';
import { AGREEMENT_STATUS_LABELS, installmentName, type StatementAgreement } from '@recaudo/domain/payment-agreements';
import Typography from 'antd/es/typography';
import { InstallmentStatusTag } from '../../components/agreement-status';
import { NoWrap } from '../../components/no-wrap';

/** An address's payment agreement in its statement (issue 50): its state, debt and what was paid, then each installment as a line that fits a phone. */
export function AgreementLines({ address, agreement }: { address: string; agreement: StatementAgreement | null | undefined }) {
  if (!agreement) return null;
  return (
    <section aria-label={`Convenio de pago de ${address}`} style={{ marginTop: 12 }}>
      <Typography.Text strong>
        Convenio de pago ({AGREEMENT_STATUS_LABELS[agreement.status]}): pagado <NoWrap>{formatMoney(agreement.paid_usd, '$')}</NoWrap> de{' '}
        <NoWrap>{formatMoney(agreement.debt_usd, '$')}</NoWrap>
      </Typography.Text>
      <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
        {agreement.installments.map((installment) => (
          <li key={installment.number} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', padding: '4px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
            <span style={{ minWidth: 96 }}>{installmentName(installment.number)}</span>
            <NoWrap>vence {formatDate(installment.due_date)}</NoWrap>
            <NoWrap>
              {formatMoney(installment.paid_usd, '$')} de {formatMoney(installment.amount_usd, '$')}
            </NoWrap>
            <InstallmentStatusTag status={installment.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
