import {
  CLIENT_TYPES,
  clientTypeField,
  createClientSchema,
  GENDERS,
  genderField,
  IDENTIFICATION_TYPES,
  identificationField,
  identificationTypeField,
  phoneList,
  updateClientSchema,
  type ClientRow,
  type ClientType,
} from '@recaudo/domain/clients';
import { BUSINESS_TIME_ZONE, caracas, dayjs } from '@recaudo/domain/dates';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { Dayjs } from 'dayjs';
import { PhoneListInput } from '../../components/phone-list-input';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useSaveClient, type ClientInput } from './api';

/** What the panel's inputs hold; `toClientInput` turns it into the API's payload. */
export interface ClientFormValues {
  type: ClientType;
  name: string;
  identification_type?: string;
  identification: string;
  email: string;
  phone: string[];
  gender: 'M' | 'F' | null;
  birth_date: Dayjs | null;
  address: string | null;
  notes: string | null;
}

const DATE_FORMAT = 'DD-MM-YYYY';
const isDay = (value: unknown): value is Dayjs => dayjs.isDayjs(value);
const dayToWire = (value: unknown) => (isDay(value) ? value.format('YYYY-MM-DD') : value);
const fields = updateClientSchema.shape;

// Rules come from the zod fields the server validates with, so the messages match (DESIGN §6).
const rules = {
  type: [zodRule(clientTypeField)],
  name: [zodRule(fields.name)],
  identification_type: [zodRule(identificationTypeField)],
  identification: [zodRule(identificationField)],
  email: [zodRule(fields.email)],
  phone: [zodRule(phoneList)],
  gender: [zodRule(genderField)],
  birth_date: [zodRule(fields.birth_date, dayToWire)],
  address: [zodRule(fields.address)],
  notes: [zodRule(createClientSchema.in.shape.notes)],
};

const typeOptions = ([0, 1] as const).map((type) => ({ value: type, label: CLIENT_TYPES[type] }));
const identificationOptions = (type: ClientType) =>
  Object.entries(IDENTIFICATION_TYPES[type]).map(([value, label]) => ({ value, label: `${value} - ${label}` }));
const genderOptions = Object.entries(GENDERS).map(([value, label]) => ({ value, label }));

function initialValues(client: ClientRow | null, defaultType: ClientType): ClientFormValues {
  // Every key is present so a 422 on any field lands on it (applyServerErrors).
  return {
    type: client?.type ?? defaultType,
    name: client?.name ?? '',
    identification_type: client?.identification_type,
    identification: client?.identification ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? [],
    gender: client?.gender ?? null,
    birth_date: client?.birth_date ? dayjs.tz(client.birth_date, BUSINESS_TIME_ZONE) : null,
    address: client?.address ?? null,
    notes: null,
  };
}

const trimmedOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The form's values as clients/store and clients/update take them; a business keeps no gender nor birth date. */
export function toClientInput(values: ClientFormValues, creating: boolean): ClientInput {
  const person = values.type === 0;
  return {
    type: values.type,
    name: values.name.trim(),
    identification_type: values.identification_type ?? '',
    identification: values.identification.trim(),
    email: values.email.trim(),
    phone: values.phone,
    gender: person ? (values.gender ?? null) : null,
    birth_date: person && isDay(values.birth_date) ? values.birth_date.format('YYYY-MM-DD') : null,
    address: trimmedOrNull(values.address),
    ...(creating ? { notes: trimmedOrNull(values.notes) } : {}),
  };
}

interface ClientFormPanelProps {
  open: boolean;
  /** The client being edited; null adds a new one. */
  client: ClientRow | null;
  /** The type a new client starts with (the list's type selector). */
  defaultType?: ClientType;
  onClose: () => void;
  /** After a save, with the client's id and what was sent (the payment panel selects a new client). */
  onSaved?: (id: number, input: ClientInput) => void;
}

/**
 * Add or edit a client (spec 01 §5 Client form): the type is chosen only at creation and
 * changing it clears the identification; gender and birth date only for a person (type 0);
 * notes only at creation. Server 422 errors land on the fields (the toast is already shown).
 */
export function ClientFormPanel({ open, client, defaultType = 0, onClose, onSaved }: ClientFormPanelProps) {
  const formId = 'client-form';
  const [form] = Form.useForm<ClientFormValues>();
  const save = useSaveClient();
  const type = (Form.useWatch('type', form) ?? client?.type ?? defaultType) as ClientType;
  const creating = client === null;
  const today = caracas().endOf('day');

  function submit(values: ClientFormValues) {
    const input = toClientInput(values, creating);
    save.mutate(
      { ...input, id: client?.id },
      {
        onSuccess: (answer) => {
          const id = client?.id ?? (answer.data as { id: number } | null)?.id;
          if (id !== undefined) onSaved?.(id, input);
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  }

  function onValuesChange(changed: Partial<ClientFormValues>) {
    // Spec 01 §5: changing the client type clears the identification type and number.
    if ('type' in changed) form.setFieldsValue({ identification_type: undefined, identification: '' });
  }

  return (
    <SidePanel title={creating ? 'Nuevo cliente' : 'Editar cliente'} open={open} onClose={onClose} formId={formId} submitting={save.isPending} size={480}>
      <PanelForm<ClientFormValues>
        name={formId}
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={onValuesChange}
        initialValues={initialValues(client, defaultType)}
        disabled={save.isPending}
      >
        <Form.Item label="Tipo de cliente" name="type" rules={rules.type} required extra={creating ? undefined : 'El tipo de cliente no se puede cambiar.'}>
          <Radio.Group options={typeOptions} optionType="button" buttonStyle="solid" disabled={!creating} />
        </Form.Item>
        <Form.Item label={type === 0 ? 'Nombre' : 'Nombre o razón social'} name="name" rules={rules.name} required>
          <Input autoFocus maxLength={255} />
        </Form.Item>
        <Form.Item label="Tipo de identificación" name="identification_type" rules={rules.identification_type} required>
          <Select options={identificationOptions(type)} placeholder="Seleccionar" />
        </Form.Item>
        <Form.Item label="Identificación" name="identification" rules={rules.identification} required>
          <Input inputMode="numeric" maxLength={20} />
        </Form.Item>
        <Form.Item label="Correo" name="email" rules={rules.email} required>
          <Input inputMode="email" maxLength={255} />
        </Form.Item>
        <Form.Item label="Teléfonos" name="phone" rules={rules.phone} required>
          <PhoneListInput />
        </Form.Item>
        {type === 0 && (
          <>
            <Form.Item label="Género" name="gender" rules={rules.gender}>
              <Select options={genderOptions} allowClear placeholder="Seleccionar" />
            </Form.Item>
            <Form.Item label="Fecha de nacimiento" name="birth_date" rules={rules.birth_date}>
              <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={(day) => day.isAfter(today)} />
            </Form.Item>
          </>
        )}
        <Form.Item label="Dirección" name="address" rules={rules.address}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {creating && (
          <Form.Item label="Notas" name="notes" rules={rules.notes}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        )}
      </PanelForm>
    </SidePanel>
  );
}
