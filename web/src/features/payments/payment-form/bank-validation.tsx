import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { bankPreCheck } from '@recaudo/domain/bank-operations';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useState } from 'react';
import type { PaymentFormState } from './use-payment-form';
import { isDay, paymentPanelTexts, type BankValidationFacts, type PaymentFormValues, type PaymentShortcuts } from './values';

/** The payment as the bank validation needs it, from the panel's current values. */
function bankFacts(state: PaymentFormState, values: Pick<PaymentFormValues, 'payment_method_id' | 'reference' | 'amount_payment' | 'bank_id' | 'date_payment'>): BankValidationFacts {
  const bank = state.banks.data?.find((row) => row.id === values.bank_id);
  const client = state.chosenClient;
  return {
    client: client ? { id: client.id, name: client.name, phone: client.phone } : null,
    paymentMethodId: values.payment_method_id,
    usesBdv: Boolean(state.facts?.usesBankApi),
    reference: values.reference ?? '',
    amount: values.amount_payment ?? '',
    originBank: bank ? { code: bank.code, name: bank.name } : null,
    paymentDate: isDay(values.date_payment) ? values.date_payment.format('YYYY-MM-DD') : null,
  };
}

/**
 * The bank validation of spec 02 §2, beside the method fields, on a method flagged
 * is_mobile_payment_use_api_bdv: "Validar pago con BDV" opens the bank area's modal (handed in
 * by the app); a confirmed payment is marked verified and saved (usePaymentForm.applyBankValidation).
 * A client user validates their own Pago Móvil the same way and the payment is approved at once
 * (issue 33); without validating they report it for staff review.
 */
export function BankValidationSection({ state, modal }: { state: PaymentFormState; modal: PaymentShortcuts['bankValidationModal'] }) {
  const { form } = state;
  // It sits after the fields it needs and is enabled once they are filled (issue 51).
  const watched = {
    payment_method_id: Form.useWatch('payment_method_id', form) ?? null,
    reference: Form.useWatch('reference', form) ?? '',
    amount_payment: Form.useWatch('amount_payment', form) ?? null,
    bank_id: Form.useWatch('bank_id', form) ?? null,
    date_payment: Form.useWatch('date_payment', form) ?? null,
  };
  if (!state.facts?.usesBankApi || !modal) return null;
  return <BdvValidation facts={bankFacts(state, watched)} verified={state.bankVerified} modal={modal} onValidated={state.applyBankValidation} />;
}

/**
 * "Validar pago con BDV" for a payment's figures, enabled once they are filled, or the
 * verified tag: the bank area's modal (handed in by the app) on click. The payment's own method
 * fields and a Pago Móvil tender line both use it.
 */
export function BdvValidation({
  facts,
  verified,
  modal,
  onValidated,
}: {
  facts: BankValidationFacts;
  verified: boolean;
  modal: NonNullable<PaymentShortcuts['bankValidationModal']>;
  onValidated: (conciliationId: number) => void;
}) {
  const [opened, setOpened] = useState<BankValidationFacts | null>(null);
  const missing = bankPreCheck(facts);
  return (
    <Col xs={24} sm={12}>
      <Form.Item label=" " colon={false}>
        {verified ? (
          <Tag color="green" icon={<SafetyCertificateOutlined />}>
            {paymentPanelTexts.bdvVerified}
          </Tag>
        ) : (
          <Tooltip title={missing}>
            <Button icon={<SafetyCertificateOutlined />} disabled={missing !== null} onClick={() => setOpened(facts)}>
              {paymentPanelTexts.bdv}
            </Button>
          </Tooltip>
        )}
      </Form.Item>
      {opened &&
        modal({
          open: true,
          facts: opened,
          onClose: () => setOpened(null),
          onValidated: (conciliation) => {
            setOpened(null);
            onValidated(conciliation.id);
          },
        })}
    </Col>
  );
}
