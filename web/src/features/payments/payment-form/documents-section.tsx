import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { DOCUMENT_TYPES } from '@recaudo/domain/invoices';
import { paymentFieldLabels } from '@recaudo/domain/payments';
import { useEffect, useState } from 'react';
import { InvoiceBadge } from '../../../components/payment-documents/invoice-badge';
import { InvoiceViewer } from '../../../components/payment-documents/invoice-viewer';
import { useTenderSettings } from '../api';
import { SerieSelect } from '../serie-select';
import type { PaymentFormState } from './use-payment-form';

/** The issued document's badge and viewer, Serie, Nº de chequera, the document type (invoice or delivery note), the digital invoice switch and Nº de control: columns of the staff-only "Facturación" row. */
export function DocumentFields({ state }: { state: PaymentFormState }) {
  const { payment, form, rules, serieOptions, sendInvoice, locked } = state;
  const [viewing, setViewing] = useState(false);
  // A new payment goes to the office's printer unless the cashier says otherwise (issue 51).
  const printer = useTenderSettings(true).data?.invoice_printer ?? false;
  useEffect(() => {
    if (printer && !payment && !form.isFieldTouched('send_invoice')) form.setFieldValue('send_invoice', true);
  }, [printer, payment, form]);
  const documentType = payment?.type_document === '04' ? '04' : '01';
  return (
    <>
      {payment?.apply_invoice_factory && (
        <Col span={24}>
          <Form.Item label={`${DOCUMENT_TYPES[documentType]} digital`}>
            <Flex gap={8} align="center" wrap>
              <InvoiceBadge code={payment.status_invoice_factory} response={payment.factory_response} />
              {payment.status_invoice_factory === 200 && (
                <Button size="small" icon={<FileSearchOutlined />} onClick={() => setViewing(true)}>
                  Ver {DOCUMENT_TYPES[documentType].toLowerCase()}
                </Button>
              )}
            </Flex>
          </Form.Item>
          <InvoiceViewer payment={viewing ? payment : null} onClose={() => setViewing(false)} />
        </Col>
      )}
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
        <Form.Item label={paymentFieldLabels.checkbook_number} name="checkbook_number" rules={rules.checkbook_number}>
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          label="Documento"
          name="type_document"
          extra={payment?.number_correlative ? 'El tipo no cambia: el documento ya tiene número.' : 'La nota de entrega no admite notas de crédito, débito ni retención.'}
        >
          <Select
            disabled={Boolean(payment?.number_correlative)}
            options={(['01', '04'] as const).map((type) => ({ value: type, label: DOCUMENT_TYPES[type] }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label={paymentFieldLabels.send_invoice} name="send_invoice" valuePropName="checked" rules={rules.send_invoice} dependencies={['months_payment']} extra="El número de control lo asigna el proveedor de facturas.">
          <Switch disabled={locked} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label={paymentFieldLabels.number} name="number" rules={rules.number} dependencies={['send_invoice']} required={!sendInvoice}>
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
