import { MESSAGE_EMAIL_PATTERN } from '@recaudo/domain/clients';
import { afterCaracasToday } from '@recaudo/domain/dates';
import { documentNoun, invoiceMessages } from '@recaudo/domain/invoices';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { applyServerErrors } from '../../lib/form';
import { useApplyRetention, useCancelInvoice, useSendInvoiceMail } from './api';

export const documentLabel = (payment: PaymentRow) =>
  `Factura ${payment.number_correlative ? `Nº ${payment.number_correlative}` : `#${payment.id}`}${payment.number ? ` · Control ${payment.number}` : ''} de ${payment.client.name}`;

const required = {
  validator: async (_rule: unknown, value: unknown) =>
    (typeof value === 'string' ? value.trim() : value) ? undefined : Promise.reject(new Error(invoiceMessages.required)),
};

interface DialogProps {
  payment: PaymentRow | null;
  onClose: () => void;
}

/** Enviar por correo (spec 02 §5): at least one address; invalid ones are dropped and shown. */
export function SendMailModal({ payment, onClose }: DialogProps) {
  const [form] = Form.useForm<{ items: string[] }>();
  const send = useSendInvoiceMail();
  const [dropped, setDropped] = useState<string[]>([]);
  const close = () => {
    setDropped([]);
    onClose();
  };
  return (
    <Modal
      title={payment ? `Enviar ${documentNoun(payment.type_document)} por correo` : undefined}
      open={payment !== null}
      onCancel={close}
      destroyOnHidden
      okText="Enviar"
      cancelText="Cancelar"
      okButtonProps={{ loading: send.isPending, htmlType: 'submit', form: 'invoice-mail-form' }}
    >
      {payment && (
        <Form
          form={form}
          name="invoice-mail-form"
          layout="vertical"
          initialValues={{ items: payment.client.email ? [payment.client.email] : [] }}
          onFinish={(values) => {
            const invalid = values.items.filter((item) => !MESSAGE_EMAIL_PATTERN.test(item.trim()));
            setDropped(invalid);
            const valid = values.items.filter((item) => MESSAGE_EMAIL_PATTERN.test(item.trim()));
            if (!valid.length) {
              form.setFields([{ name: 'items', errors: [invoiceMessages.noEmails] }]);
              return;
            }
            send.mutate({ id: payment.id, items: valid }, { onSuccess: close, onError: (error) => applyServerErrors(form, error) });
          }}
        >
          <Typography.Paragraph>{documentLabel(payment)}</Typography.Paragraph>
          <Form.Item
            label="Correos"
            name="items"
            rules={[
              { validator: async (_rule, value: string[] | undefined) => (value?.length ? undefined : Promise.reject(new Error(invoiceMessages.noEmails))) },
            ]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',', ' ', ';']} placeholder="Escribe un correo y pulsa Enter" />
          </Form.Item>
          {dropped.length > 0 && <Alert type="warning" showIcon title={`Correos no válidos descartados: ${dropped.join(', ')}`} />}
        </Form>
      )}
    </Modal>
  );
}

/** Aplicar retención (spec 02 §5): the voucher's number and date, not in the future. */
export function RetentionModal({ payment, onClose }: DialogProps) {
  const [form] = Form.useForm<{ number: string; date: Dayjs | null }>();
  const apply = useApplyRetention();
  return (
    <Modal
      title="Aplicar retención"
      open={payment !== null}
      onCancel={onClose}
      destroyOnHidden
      okText="Aplicar"
      cancelText="Cancelar"
      okButtonProps={{ loading: apply.isPending, htmlType: 'submit', form: 'invoice-retention-form' }}
    >
      {payment && (
        <Form
          form={form}
          name="invoice-retention-form"
          layout="vertical"
          onFinish={(values) =>
            apply.mutate(
              { id: payment.id, number: values.number.trim(), date: values.date!.format('YYYY-MM-DD') },
              { onSuccess: onClose, onError: (error) => applyServerErrors(form, error) },
            )
          }
        >
          <Typography.Paragraph>{documentLabel(payment)}</Typography.Paragraph>
          <Form.Item label="Nº de comprobante" name="number" rules={[required]}>
            <Input maxLength={20} autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item
            label="Fecha del comprobante"
            name="date"
            rules={[
              required,
              {
                validator: async (_rule, value: Dayjs | null) =>
                  value && afterCaracasToday(value) ? Promise.reject(new Error(invoiceMessages.futureDate)) : undefined,
              },
            ]}
          >
            <DatePicker style={{ width: '100%' }} format="DD-MM-YYYY" disabledDate={afterCaracasToday} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Anular factura: the reason is required ('Necesitas completar el campo'). */
export function CancelModal({ payment, onClose }: DialogProps) {
  const [form] = Form.useForm<{ notes: string }>();
  const cancel = useCancelInvoice();
  return (
    <Modal
      title={payment ? `Anular ${documentNoun(payment.type_document)}` : undefined}
      open={payment !== null}
      onCancel={onClose}
      destroyOnHidden
      okText="Si"
      cancelText="No"
      okButtonProps={{ danger: true, loading: cancel.isPending, htmlType: 'submit', form: 'invoice-cancel-form' }}
    >
      {payment && (
        <Form
          form={form}
          name="invoice-cancel-form"
          layout="vertical"
          onFinish={(values) =>
            cancel.mutate({ id: payment.id, notes: values.notes.trim() }, { onSuccess: onClose, onError: (error) => applyServerErrors(form, error) })
          }
        >
          <Typography.Paragraph>{documentLabel(payment)}</Typography.Paragraph>
          <Form.Item label="Motivo de la anulación" name="notes" rules={[required]}>
            <Input.TextArea rows={3} maxLength={500} autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
