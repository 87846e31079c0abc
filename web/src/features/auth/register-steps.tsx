import { GENDERS, IDENTIFICATION_TYPES, identificationField, phoneItem, type ClientType } from '@recaudo/domain/clients';
import { caracas } from '@recaudo/domain/dates';
import { newPasswordField } from '@recaudo/domain/passwords';
import { dateNotAfterToday, emailField, messages, requiredText } from '@recaudo/domain/validation';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { Dayjs } from 'dayjs';
import { PhoneInput } from '../../components/phone-input';
import { zodRule } from '../../lib/form';

/* ---------------- View 1: identification check ---------------- */

export interface IdentificationValues {
  type: ClientType;
  identification_type?: string;
  identification: string;
}

/** A required choice of a select, with the domain's "obligatorio" message. */
export const requiredChoice = (attribute: string) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (value === undefined || value === null || value === '') throw new Error(messages.required(attribute));
  },
});

const identificationTypeRule = requiredChoice('Tipo de identificación');

export function IdentificationStep({
  initial,
  checking,
  onSubmit,
  form,
}: {
  initial: IdentificationValues;
  checking: boolean;
  onSubmit: (values: IdentificationValues) => void;
  form: ReturnType<typeof Form.useForm<IdentificationValues>>[0];
}) {
  const type = Form.useWatch('type', form) ?? initial.type;
  return (
    <Form<IdentificationValues>
      name="register-identification"
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onSubmit}
      disabled={checking}
      // Spec 01 §5: changing the client type clears identification type and number.
      onValuesChange={(changed) => {
        if ('type' in changed) form.setFields([{ name: 'identification_type', value: undefined, errors: [] }, { name: 'identification', value: '', errors: [] }]);
      }}
    >
      <Form.Item label="Tipo de cliente" name="type">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 0, label: 'Residencial' },
            { value: 1, label: 'Comercial' },
          ]}
        />
      </Form.Item>
      {/* The two fields share a row where there is room and stack on a phone's width. */}
      <Flex gap={12} wrap>
        <Form.Item label="Tipo de identificación" name="identification_type" rules={[identificationTypeRule]} required style={{ flex: '1 1 200px' }}>
          <Select
            placeholder="Seleccionar"
            options={Object.entries(IDENTIFICATION_TYPES[type]).map(([value, label]) => ({ value, label: `${value} - ${label}` }))}
          />
        </Form.Item>
        <Form.Item label="Número de identificación" name="identification" rules={[zodRule(identificationField)]} required style={{ flex: '1 1 160px' }}>
          <Input inputMode="numeric" maxLength={20} autoComplete="off" />
        </Form.Item>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={checking}>
        Continuar
      </Button>
    </Form>
  );
}

/* ---------------- View 2: general data ---------------- */

export interface GeneralValues {
  name: string;
  email: string;
  password: string;
  phone: string;
  gender?: string | null;
  birth_date?: Dayjs | null;
}

const rules = {
  name: [zodRule(requiredText('Nombre'))],
  email: [zodRule(emailField('Correo'))],
  password: [zodRule(newPasswordField())],
  phone: [zodRule(phoneItem)],
  gender: [requiredChoice('Género')],
  birthDate: [zodRule(dateNotAfterToday('Fecha de nacimiento'), (value) => (value ? (value as Dayjs).format('YYYY-MM-DD') : null))],
};

export function GeneralDataStep({
  type,
  initial,
  onBack,
  onSubmit,
}: {
  type: ClientType;
  initial: Partial<GeneralValues>;
  onBack: () => void;
  onSubmit: (values: GeneralValues) => void;
}) {
  const [form] = Form.useForm<GeneralValues>();
  return (
    <Form<GeneralValues> name="register-general" form={form} layout="vertical" initialValues={initial} onFinish={onSubmit}>
      <Form.Item label={type === 0 ? 'Nombre y apellido' : 'Razón social'} name="name" rules={rules.name} required>
        <Input maxLength={255} autoComplete="name" />
      </Form.Item>
      <Form.Item label="Correo" name="email" rules={rules.email} required>
        <Input inputMode="email" maxLength={255} autoComplete="email" />
      </Form.Item>
      <Form.Item label="Contraseña" name="password" rules={rules.password} required>
        <Input.Password maxLength={200} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Teléfono" name="phone" rules={rules.phone} required>
        <PhoneInput />
      </Form.Item>
      {type === 0 && (
        <Flex gap={12} wrap>
          <Form.Item label="Género" name="gender" rules={rules.gender} required style={{ flex: '1 1 160px' }}>
            <Select placeholder="Seleccionar" options={Object.entries(GENDERS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item label="Fecha de nacimiento" name="birth_date" rules={rules.birthDate} required style={{ flex: '1 1 160px' }}>
            <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} disabledDate={(day) => day.isAfter(caracas(), 'day')} placeholder="DD-MM-AAAA" />
          </Form.Item>
        </Flex>
      )}
      <Flex gap={12}>
        <Button
          block
          onClick={() => {
            // Spec 01 §2: Regresar resets the form.
            form.resetFields();
            onBack();
          }}
        >
          Regresar
        </Button>
        <Button type="primary" htmlType="submit" block>
          Continuar
        </Button>
      </Flex>
    </Form>
  );
}
