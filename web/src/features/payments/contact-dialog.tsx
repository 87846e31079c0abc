import { updateContactInfoSchema } from '@recaudo/domain/clients';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { PhoneListInput } from '../../components/phone-list-input';
import { applyServerErrors, zodRule } from '../../lib/form';
import { clientOptionLabel, type ClientOption } from '../../components/select-options';
import { useUpdateContact } from './api';

const FORM_ID = 'payment-contact-form';
const rules = { email: [zodRule(updateContactInfoSchema.shape.email)], phone: [zodRule(updateContactInfoSchema.shape.phone)] };

interface ContactValues {
  email: string;
  phone: string[];
}

export interface ContactDialogProps {
  open: boolean;
  client: ClientOption | null;
  onCancel: () => void;
  /** After the server saved the contact: the panel goes on with the submit it held back. */
  onSaved: (contact: ContactValues) => void;
}

/**
 * "Actualizar datos de contacto" of the payment panel (spec 02 §2, §5 Client contact update):
 * e-mail required and valid, at least one phone of the allowed prefixes. It opens when the chosen
 * client lacks an e-mail or a phone, before the payment is sent.
 */
export function ContactDialog({ open, client, onCancel, onSaved }: ContactDialogProps) {
  const update = useUpdateContact();
  return (
    <Modal
      title="Actualizar datos de contacto"
      open={open}
      onCancel={onCancel}
      destroyOnHidden
      okText="Guardar"
      cancelText="Cancelar"
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: update.isPending }}
      cancelButtonProps={{ disabled: update.isPending }}
    >
      {client && <ContactForm client={client} update={update} onSaved={onSaved} />}
    </Modal>
  );
}

function ContactForm({
  client,
  update,
  onSaved,
}: {
  client: ClientOption;
  update: ReturnType<typeof useUpdateContact>;
  onSaved: ContactDialogProps['onSaved'];
}) {
  const [form] = Form.useForm<ContactValues>();
  function submit(values: ContactValues) {
    const contact = { email: values.email.trim(), phone: values.phone };
    update.mutate({ id: client.id, ...contact }, { onSuccess: () => onSaved(contact), onError: (error) => applyServerErrors(form, error) });
  }
  return (
    <Form<ContactValues>
      name={FORM_ID}
      form={form}
      layout="vertical"
      onFinish={submit}
      disabled={update.isPending}
      initialValues={{ email: client.email ?? '', phone: client.phone }}
    >
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title={`${clientOptionLabel(client)} necesita correo y al menos un teléfono para recibir sus comprobantes.`}
      />
      <Form.Item label="Correo" name="email" rules={rules.email} required>
        <Input inputMode="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Teléfonos" name="phone" rules={rules.phone} required>
        <PhoneListInput />
      </Form.Item>
    </Form>
  );
}
