import type { Session } from '@recaudo/domain/auth';
import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { verifySecondFactor } from './api';

interface SecondFactorStepProps {
  challenge: string;
  onSession: (session: Session) => void;
  /** Back to the password: the challenge expired, ran out of tries, or the user chose to. */
  onRestart: () => void;
}

/** The login's second step: the 6-digit code of the user's app, or one of their recovery codes. */
export function SecondFactorStep({ challenge, onSession, onRestart }: SecondFactorStepProps) {
  const [form] = Form.useForm<{ code: string }>();
  const [submitting, setSubmitting] = useState(false);
  const { token } = theme.useToken();

  async function submit({ code }: { code: string }) {
    setSubmitting(true);
    try {
      onSession((await verifySecondFactor({ challenge, code: code.trim() })).data);
    } catch (error) {
      setSubmitting(false);
      const message = error instanceof HttpError ? (error.serverMessage ?? error.message) : 'Error';
      if (error instanceof HttpError && error.status === 422) {
        form.setFields([{ name: 'code', value: '', errors: [message] }]);
        return;
      }
      notify.error(message);
      if (error instanceof HttpError && error.status === 401) onRestart();
    }
  }

  return (
    <>
      <h2 style={{ margin: '16px 0 4px', fontSize: token.fontSizeHeading4 }}>Verificación en dos pasos</h2>
      <p style={{ marginTop: 0, color: token.colorTextSecondary }}>
        Ingresa el código de 6 dígitos de tu aplicación de autenticación. Si no tienes tu teléfono, usa uno de tus códigos de recuperación.
      </p>
      <Form<{ code: string }> form={form} name="second-factor" layout="vertical" requiredMark={false} onFinish={submit} disabled={submitting}>
        <Form.Item label="Código" name="code" rules={[{ required: true, whitespace: true, message: messagesTwoFactor.codeRequired }]}>
          <Input autoComplete="one-time-code" inputMode="text" maxLength={32} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Verificar
        </Button>
      </Form>
      <Button type="link" block style={{ marginTop: 8 }} onClick={onRestart}>
        Volver al inicio de sesión
      </Button>
    </>
  );
}
