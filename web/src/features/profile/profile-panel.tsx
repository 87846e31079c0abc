import { newPasswordField, passwordMessages } from '@recaudo/domain/passwords';
import { clientProfileSchema } from '@recaudo/domain/users';
import { emailField, requiredText } from '@recaudo/domain/validation';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { PhoneListInput } from '../../components/phone-list-input';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useSession } from '../../lib/session';
import { useUpdateProfile } from './api';
import { TwoFactorSection } from './two-factor-section';

const FORM_ID = 'profile-form';

interface ProfileValues {
  name: string;
  email: string;
  password?: string;
  current_password?: string;
  phone: string[];
  address?: string | null;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const rules = {
  name: [zodRule(requiredText('Nombre'))],
  email: [zodRule(emailField('Correo'))],
  // A blank password keeps the current one.
  password: [zodRule(newPasswordField().optional(), (value) => (blank(value) ? undefined : value))],
  phone: [zodRule(clientProfileSchema.shape.phone)],
  address: [zodRule(clientProfileSchema.shape.address)],
};

/**
 * "Editar Perfil" (spec 01 §2, §5): staff edit name, e-mail and password; client users edit
 * e-mail, password, phones and address, and see their name without editing it. The server
 * answers the refreshed session, which replaces the one in memory.
 */
export function ProfilePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { session, signIn } = useSession();
  const [form] = Form.useForm<ProfileValues>();
  const save = useUpdateProfile((next) => {
    signIn(next);
    onClose();
  });
  const user = session?.user;
  const isClient = user?.client_id != null;

  function submit(values: ProfileValues) {
    const password = blank(values.password) ? null : values.password!;
    const current_password = blank(values.current_password) ? null : values.current_password!;
    const input = isClient
      ? { email: values.email.trim(), password, current_password, phone: values.phone, address: values.address?.trim() ? values.address.trim() : null }
      : { name: values.name.trim(), email: values.email.trim(), password, current_password };
    save.mutate(input, { onError: (error) => applyServerErrors(form, error) });
  }

  return (
    <SidePanel title="Editar Perfil" open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending}>
      {user && (
        <PanelForm<ProfileValues>
          name={FORM_ID}
          form={form}
          layout="vertical"
          initialValues={{ name: user.name, email: user.email, phone: user.phone, address: user.address }}
          onFinish={submit}
          disabled={save.isPending}
        >
          {isClient ? (
            // Spec 01 §6: client users see their name but never edit it.
            <Form.Item label="Nombre" htmlFor="profile-name-readonly">
              <Input id="profile-name-readonly" value={user.name} readOnly variant="filled" />
            </Form.Item>
          ) : (
            <Form.Item label="Nombre" name="name" rules={rules.name} required>
              <Input maxLength={255} autoComplete="name" />
            </Form.Item>
          )}
          <Form.Item label="Correo" name="email" rules={rules.email} required>
            <Input inputMode="email" maxLength={255} autoComplete="email" />
          </Form.Item>
          <Form.Item label="Contraseña" name="password" rules={rules.password} extra="Déjala en blanco para conservar la actual.">
            <Input.Password maxLength={200} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Contraseña actual"
            name="current_password"
            dependencies={['password', 'email']}
            extra="Necesaria para cambiar tu contraseña o tu correo."
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value) => {
                  const emailChanged = String(getFieldValue('email') ?? '').trim().toLowerCase() !== user.email.toLowerCase();
                  if (blank(value) && (!blank(getFieldValue('password')) || emailChanged)) throw new Error(passwordMessages.currentRequired);
                },
              }),
            ]}
          >
            <Input.Password maxLength={200} autoComplete="current-password" />
          </Form.Item>
          {isClient && (
            <>
              <Form.Item label="Teléfonos" name="phone" rules={rules.phone} required>
                <PhoneListInput />
              </Form.Item>
              <Form.Item label="Dirección" name="address" rules={rules.address}>
                <Input.TextArea rows={3} maxLength={500} />
              </Form.Item>
            </>
          )}
        </PanelForm>
      )}
      <TwoFactorSection />
    </SidePanel>
  );
}
