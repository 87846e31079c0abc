import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import type { PaymentFormState } from './use-payment-form';
import { isDay, paymentPanelTexts, type BankValidationFacts, type PaymentFormValues, type PaymentShortcuts } from './values';

/** The payment as the bank validation needs it, read when the cashier opens the modal. */
function bankFacts(state: PaymentFormState): BankValidationFacts {
  const values = state.form.getFieldsValue(true) as PaymentFormValues;
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
  const [facts, setFacts] = useState<BankValidationFacts | null>(null);
  if (!state.facts?.usesBankApi || !modal) return null;
  return (
    <Col xs={24} sm={12}>
      <Form.Item label=" " colon={false}>
        {state.bankVerified ? (
          <Tag color="green" icon={<SafetyCertificateOutlined />}>
            {paymentPanelTexts.bdvVerified}
          </Tag>
        ) : (
          <Button icon={<SafetyCertificateOutlined />} onClick={() => setFacts(bankFacts(state))}>
            {paymentPanelTexts.bdv}
          </Button>
        )}
      </Form.Item>
      {facts &&
        modal({
          open: true,
          facts,
          onClose: () => setFacts(null),
          onValidated: (conciliation) => {
            setFacts(null);
            state.applyBankValidation(conciliation.id);
          },
        })}
    </Col>
  );
}
