import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Tooltip from 'antd/es/tooltip';
import type { PaymentFormState } from './use-payment-form';
import { paymentPanelTexts } from './values';

/** The bank validation of spec 02 §2, beside the method fields; the modal comes with its own issue, the seam is this section. */
export function BankValidationSection({ state }: { state: PaymentFormState }) {
  const { shown, facts } = state;
  if (!shown.bank && !facts?.usesBankApi) return null;
  return (
    <Col xs={24} sm={12}>
      <Form.Item label=" " colon={false}>
        <Tooltip title={paymentPanelTexts.bdvSoon}>
          <Button icon={<SafetyCertificateOutlined />} disabled>
            {paymentPanelTexts.bdv}
          </Button>
        </Tooltip>
      </Form.Item>
    </Col>
  );
}
