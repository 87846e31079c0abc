import { clientMessages, identificationLabel, MESSAGE_EMAIL_PATTERN, MESSAGE_PHONE_PATTERN, sendMessageSchema, type ClientOption } from '@recaudo/domain/clients';
import { messages } from '@recaudo/domain/validation';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { EMPTY_SELECT_TEXT, SELECT_SEARCH_DEBOUNCE_MS } from '../../components/filter-drawer';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useClientOptions, useSendMessage, type MessageInput } from './api';

type MessageType = MessageInput['type'];

interface MessageFormValues {
  type: MessageType;
  /** Typed addresses, and chosen clients as `client:<id>`. */
  items: string[];
  title?: string;
  message: string;
}

const CLIENT_PREFIX = 'client:';
const FORM_ID = 'message-form';
const fields = sendMessageSchema.shape;
const rules = {
  type: [zodRule(fields.type)],
  items: [zodRule(fields.items)],
  title: [{ required: true, whitespace: true, message: messages.required('Título') }, zodRule(fields.title)],
  message: [zodRule(fields.message)],
};
const typeOptions = [
  { value: 'email', label: 'Correo' },
  { value: 'phone', label: 'Teléfono' },
];

/** A typed phone as the server sends it: 0 plus the 10 digits (+58 and a leading 0 tolerated). */
export function messagePhone(text: string): string {
  const digits = text.replace(/\D/g, '').replace(/^58(?=\d{10}$)/, '').replace(/^0/, '');
  return `0${digits}`;
}

/**
 * Splits typed items by the spec's patterns (spec 01 §5 Message form): e-mails must look like
 * an address, phones 41x/42x (x in 2, 4, 6) or 273 plus 7 digits. Chosen clients are ids and
 * always kept (the server takes their e-mail or first phone).
 */
export function splitRecipients(type: MessageType, items: readonly string[]): { items: (string | number)[]; dropped: string[] } {
  const kept: (string | number)[] = [];
  const dropped: string[] = [];
  for (const raw of items) {
    if (raw.startsWith(CLIENT_PREFIX)) {
      kept.push(Number(raw.slice(CLIENT_PREFIX.length)));
      continue;
    }
    const text = raw.trim();
    if (!text) continue;
    if (type === 'email') {
      if (MESSAGE_EMAIL_PATTERN.test(text.toLowerCase())) kept.push(text.toLowerCase());
      else dropped.push(text);
    } else {
      const phone = messagePhone(text);
      if (MESSAGE_PHONE_PATTERN.test(phone)) kept.push(phone);
      else dropped.push(text);
    }
  }
  return { items: [...new Set(kept)], dropped };
}

const clientLabel = (client: ClientOption) => `${client.name} (${identificationLabel(client)})`;

export interface MessageModalProps {
  open: boolean;
  onClose: () => void;
  /** Clients already chosen as recipients (e.g. "Enviar mensaje" from a row). */
  clients?: readonly ClientOption[];
}

/**
 * "Enviar mensaje" (spec 01 §2, §5): type Correo or Teléfono, recipients typed or chosen among
 * the clients, title (e-mail only) and message. Typed recipients off the type's pattern are
 * listed and left out; on success the form is cleared and the modal closes.
 */
export function MessageModal({ open, onClose, clients = [] }: MessageModalProps) {
  const [form] = Form.useForm<MessageFormValues>();
  const send = useSendMessage();
  const type = (Form.useWatch('type', form) ?? 'email') as MessageType;
  const items = (Form.useWatch('items', form) ?? []) as string[];
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SELECT_SEARCH_DEBOUNCE_MS);
  const options = useClientOptions(debounced, undefined, open);
  // Labels of chosen clients, so a choice stays readable when a new search leaves it out.
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(clients.map((client) => [`${CLIENT_PREFIX}${client.id}`, clientLabel(client)])),
  );
  const { dropped } = splitRecipients(type, items);

  const loaded = (options.data ?? []).map((client) => ({ value: `${CLIENT_PREFIX}${client.id}`, label: clientLabel(client) }));
  const known = new Set(loaded.map((option) => option.value));
  const extra = Object.entries(chosen)
    .filter(([value]) => !known.has(value))
    .map(([value, label]) => ({ value, label }));

  function close() {
    form.resetFields();
    setSearch('');
    onClose();
  }

  function submit(values: MessageFormValues) {
    const recipients = splitRecipients(values.type, values.items ?? []);
    if (recipients.items.length === 0) {
      form.setFields([{ name: 'items', errors: [clientMessages.noValidRecipients] }]);
      return;
    }
    const input: MessageInput = {
      type: values.type,
      title: values.type === 'email' ? (values.title?.trim() ?? null) : null,
      message: values.message.trim(),
      items: recipients.items,
    };
    send.mutate(input, { onSuccess: close, onError: (error) => applyServerErrors(form, error) });
  }

  return (
    <Modal
      open={open}
      title="Enviar mensaje"
      onCancel={close}
      closable={!send.isPending}
      mask={{ closable: !send.isPending }}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} disabled={send.isPending}>
          Cerrar
        </Button>,
        <Button key="send" type="primary" htmlType="submit" form={FORM_ID} loading={send.isPending}>
          Enviar
        </Button>,
      ]}
    >
      <Form<MessageFormValues>
        name={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ type: 'email', items: clients.map((client) => `${CLIENT_PREFIX}${client.id}`), title: '', message: '' }}
        disabled={send.isPending}
      >
        <Form.Item label="Tipo" name="type" rules={rules.type} required>
          <Radio.Group options={typeOptions} optionType="button" buttonStyle="solid" />
        </Form.Item>
        <Form.Item
          label="Destinatarios"
          name="items"
          rules={rules.items}
          required
          extra={type === 'email' ? 'Escribe correos o busca clientes por nombre o identificación.' : 'Escribe teléfonos (0414…) o busca clientes por nombre o identificación.'}
        >
          <Select<string[]>
            mode="tags"
            tokenSeparators={[',', ';', ' ']}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            options={[...extra, ...loaded]}
            notFoundContent={options.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
            onChange={(_value, option) => {
              const picked = (Array.isArray(option) ? option : option ? [option] : []) as { value?: string; label?: string }[];
              const labelled = picked.filter((item) => item.value?.startsWith(CLIENT_PREFIX) && item.label);
              if (labelled.length) setChosen((current) => ({ ...current, ...Object.fromEntries(labelled.map((item) => [item.value!, item.label!])) }));
              setSearch('');
            }}
            placeholder="Destinatarios"
          />
        </Form.Item>
        {dropped.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: -8, marginBottom: 16 }}
            title={`${dropped.length === 1 ? 'Se omitirá 1 destinatario' : `Se omitirán ${dropped.length} destinatarios`} con formato inválido`}
            description={dropped.join(', ')}
          />
        )}
        {type === 'email' && (
          <Form.Item label="Título" name="title" rules={rules.title} required>
            <Input maxLength={200} />
          </Form.Item>
        )}
        <Form.Item label="Mensaje" name="message" rules={rules.message} required>
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
