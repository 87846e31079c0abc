import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { SerieSelect } from '../serie-select';
import type { PaymentFormState } from './use-payment-form';

/** Serie, Nº de chequera, the digital invoice switch and Nº de control: columns of the staff-only "Facturación" row. */
export function DocumentFields({ state }: { state: PaymentFormState }) {
  const { payment, rules, serieOptions, sendInvoice } = state;
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item
          label="Serie"
          name="serie_id"
          rules={rules.serie_id}
          required
          extra={payment?.number_correlative ? `Documento Nº ${payment.number_correlative}: la serie no cambia.` : undefined}
        >
          <SerieSelect disabled={Boolean(payment?.number_correlative)} options={serieOptions} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Nº de chequera" name="checkbook_number" rules={rules.checkbook_number}>
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Enviar factura digital" name="send_invoice" valuePropName="checked" extra="El número de control lo asigna el proveedor de facturas.">
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Nº de control" name="number" rules={rules.number} dependencies={['send_invoice']} required={!sendInvoice}>
          <Input
            maxLength={8}
            inputMode="numeric"
            autoComplete="off"
            disabled={sendInvoice}
            placeholder={sendInvoice ? 'Lo asigna la factura digital' : '8 dígitos'}
          />
        </Form.Item>
      </Col>
    </>
  );
}
