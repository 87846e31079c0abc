import type { TwoFactorSetup } from '@recaudo/domain/two-factor';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { applyServerErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { enableTwoFactor, setUpTwoFactor } from './api';

/**
 * Enrolment (issue 35): the QR code and the secret for the authenticator app, the ten recovery
 * codes shown this once, and the app's first code, which turns the second factor on. It starts
 * with the password (issue 46): a session left open must not be enough to enrol another phone.
 */
export function TwoFactorEnrolment({ onEnabled }: { onEnabled: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const [passwordForm] = Form.useForm<{ current_password: string }>();

  async function start({ current_password }: { current_password: string }) {
    setBusy(true);
    try {
      setSetup((await setUpTwoFactor(current_password)).data);
    } catch (error) {
      applyServerErrors(passwordForm, error);
    } finally {
      setBusy(false);
    }
  }

  async function confirm({ code }: { code: string }) {
    setBusy(true);
    try {
      const answer = await enableTwoFactor(code.trim());
      notify.success(answer.message);
      onEnabled();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  if (!setup) {
    return (
      <Form<{ current_password: string }> form={passwordForm} name="two-factor-setup" layout="vertical" onFinish={start} disabled={busy}>
        <Form.Item label="Confirma con tu contraseña" name="current_password" rules={[{ required: true, message: messagesTwoFactor.passwordRequired }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Configurar verificación en dos pasos
        </Button>
      </Form>
    );
  }
  return (
    <div>
      <p>1. Escanea este código con tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, Authy…).</p>
      <img src={setup.qr_code} alt="Código QR para tu aplicación de autenticación" width={200} height={200} />
      <p>
        Si no puedes escanearlo, escribe esta clave en la aplicación: <code data-testid="two-factor-secret">{setup.secret}</code>
      </p>
      <Alert
        type="warning"
        showIcon
        message="2. Guarda tus códigos de recuperación"
        description={
          <>
            <p style={{ marginTop: 0 }}>Cada uno sirve una sola vez para entrar si pierdes tu teléfono. No volverás a verlos.</p>
            <ul data-testid="recovery-codes" style={{ columns: 2, fontFamily: 'monospace', margin: 0 }}>
              {setup.recovery_codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </>
        }
      />
      <Form<{ code: string }> form={form} name="two-factor-enable" layout="vertical" onFinish={confirm} disabled={busy} style={{ marginTop: 16 }}>
        <Form.Item
          label="3. Código de 6 dígitos de la aplicación"
          name="code"
          rules={[{ required: true, whitespace: true, message: messagesTwoFactor.codeRequired }]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Activar
        </Button>
      </Form>
    </div>
  );
}
