import { PAYMENT_STATUS, type PaymentStatus } from '@recaudo/domain/payments';
import Alert from 'antd/es/alert';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { EMPTY_SELECT_TEXT } from '../../../components/filter-drawer';
import { methodOptions } from './tender-section';
import type { PaymentFormState } from './use-payment-form';
import { paymentPanelTexts } from './values';

/** Estatus, Método de pago and the fields the method asks for (spec 02 §5): columns of the "Datos del pago" row. */
export function MethodFields({ state }: { state: PaymentFormState }) {
  const { staff, editing, rules, methods, banks, shown, facts, locked } = state;
  return (
    <>
      {staff ? (
        <Col xs={24} sm={12}>
          <Form.Item label="Estatus" name="status" rules={rules.status} required extra={editing ? paymentPanelTexts.statusByActions : undefined}>
            <Select<PaymentStatus>
              disabled={editing}
              options={(editing ? ([0, 1, 2] as const) : ([1, 0] as const)).map((status) => ({ value: status, label: PAYMENT_STATUS[status] }))}
            />
          </Form.Item>
        </Col>
      ) : (
        <Col span={24}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={facts?.usesBankApi ? paymentPanelTexts.clientStatusBdv : paymentPanelTexts.clientStatus}
          />
        </Col>
      )}
      <Col xs={24} sm={12}>
        <Form.Item label="Método de pago" name="payment_method_id" rules={rules.payment_method_id} required>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            disabled={locked}
            placeholder="Seleccionar"
            loading={methods.isFetching}
            notFoundContent={EMPTY_SELECT_TEXT}
            options={methodOptions(state)}
          />
        </Form.Item>
      </Col>
      {shown.reference && (
        <Col xs={24} sm={12}>
          <Form.Item label="Referencia" name="reference" rules={rules.reference} dependencies={['payment_method_id']} required>
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
        </Col>
      )}
      {shown.terminal && (
        <>
          <Col xs={24} sm={12}>
            <Form.Item label="Terminal" name="terminal" rules={rules.terminal} dependencies={['payment_method_id']} required>
              <Input maxLength={50} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Lote" name="lot_number" rules={rules.lot_number} dependencies={['payment_method_id']} required>
              <Input maxLength={50} autoComplete="off" />
            </Form.Item>
          </Col>
        </>
      )}
      {shown.bank && (
        <Col xs={24} sm={12}>
          <Form.Item label="Banco de origen" name="bank_id" rules={rules.bank_id} dependencies={['payment_method_id']} required={facts?.usesBankApi}>
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Seleccionar"
              notFoundContent={EMPTY_SELECT_TEXT}
              options={(banks.data ?? []).map((bank) => ({ value: bank.id, label: `${bank.code} - ${bank.name}` }))}
            />
          </Form.Item>
        </Col>
      )}
    </>
  );
}
