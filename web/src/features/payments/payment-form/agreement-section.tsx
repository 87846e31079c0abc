import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate } from '@recaudo/domain/format';
import { installmentLeft, installmentName } from '@recaudo/domain/payment-agreements';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Typography from 'antd/es/typography';
import { NoWrap } from '../../../components/no-wrap';
import type { PaymentFormState } from './use-payment-form';

/** The agreement a payment pays as a checkbox: ticked holds the agreement's id, unticked null. */
function AgreementToggle({ value, onChange, agreementId, label }: { value?: number | null; onChange?: (value: number | null) => void; agreementId: number; label: string }) {
  return (
    <Checkbox checked={value === agreementId} onChange={(event) => onChange?.(event.target.checked ? agreementId : null)}>
      {label}
    </Checkbox>
  );
}

/**
 * «Pagar la cuota del convenio» (issue 50): on an address with a current agreement, a new payment
 * may pay its next installment instead of months; ticked, the amount is what that installment still
 * owes at the payment's rate and the months follow the installments on the server.
 */
export function AgreementSection({ state }: { state: PaymentFormState }) {
  const { agreement, installment, paysAgreement, amounts, locked } = state;
  if (!agreement || !installment) return null;
  const left = installmentLeft(installment);
  const name = installmentName(installment.number);
  return (
    <>
      <Form.Item name="payment_agreement_id" style={{ marginBottom: 8 }}>
        <AgreementToggle agreementId={agreement.id} label={`Pagar la ${name.toLowerCase()} del convenio de pago`} />
      </Form.Item>
      {paysAgreement && (
        <Typography.Paragraph role="status" disabled={locked}>
          Se paga la {name.toLowerCase()} del convenio, vence <NoWrap>{formatDate(installment.due_date)}</NoWrap>: <NoWrap>{formatMoney(left, '$')}</NoWrap>
          {amounts && (
            <>
              {' · '}
              <NoWrap>{formatMoney(amounts.amount_payment)}</NoWrap>
            </>
          )}
          . Los meses del convenio se cubren del más antiguo al más reciente.
        </Typography.Paragraph>
      )}
    </>
  );
}
