import { newPasswordField } from '@recaudo/domain/passwords';
import { userMessages } from '@recaudo/domain/users';
import { emailField, requiredText } from '@recaudo/domain/validation';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { zodRule } from '../../lib/form';

/** True for a value the user left empty. */
export const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const newPassword = newPasswordField();
const rules = {
  name: [zodRule(requiredText('Nombre'))],
  email: [zodRule(emailField('Correo'))],
  passwordOnCreate: [zodRule(newPassword)],
  // On edit a blank password keeps the current one.
  passwordOnEdit: [zodRule(newPassword.optional(), (value) => (blank(value) ? undefined : value))],
};

/** Asked of the editor when she sets someone's password (issue 46): her own, as proof that she is at the keyboard. */
export const PROOF_LABEL = 'Tu contraseña actual';

/**
 * Nombre, Correo and Contraseña of both user forms; the password is required only when creating.
 * On edit, typing a new password asks for the editor's own current password too.
 */
export function AccountFields({ editing }: { editing: boolean }) {
  const form = Form.useFormInstance();
  const password = Form.useWatch('password', form) as string | undefined;
  return (
    <>
      <Form.Item label="Nombre" name="name" rules={rules.name} required>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item label="Correo" name="email" rules={rules.email} required>
        <Input inputMode="email" maxLength={255} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Contraseña"
        name="password"
        rules={editing ? rules.passwordOnEdit : rules.passwordOnCreate}
        required={!editing}
        extra={editing ? 'Déjala en blanco para conservar la actual.' : undefined}
      >
        <Input.Password autoComplete="new-password" maxLength={200} />
      </Form.Item>
      {editing && !blank(password) && (
        <Form.Item label={PROOF_LABEL} name="current_password" rules={[{ required: true, message: userMessages.proofRequired }]} required>
          <Input.Password autoComplete="current-password" maxLength={200} />
        </Form.Item>
      )}
    </>
  );
}
