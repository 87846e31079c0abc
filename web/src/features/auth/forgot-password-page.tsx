import { emailField } from '@recaudo/domain/validation';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import { useState } from 'react';
import { Link } from 'react-router';
import { zodRule } from '../../lib/form';
import { sendResetLink } from './api';
import { AuthCard } from './auth-card';

const rules = { email: [zodRule(emailField('Correo'))] };

/** /forgot-password (spec 01 §2): e-mail, "Enviar enlace de reinicio", then the success text. */
export default function ForgotPasswordPage() {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);

  async function submit({ email }: { email: string }) {
    setSending(true);
    try {
      const answer = await sendResetLink(email.trim().toLowerCase());
      setSentTo({ email: email.trim(), message: answer.message });
    } catch {
      // The http client showed why.
    } finally {
      setSending(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title="Revisa tu correo">
        <Result
          status="success"
          title="Correo enviado"
          subTitle={`${sentTo.message} Revisa la bandeja de entrada de ${sentTo.email}; el enlace se puede usar una sola vez.`}
          extra={<Link to="/login">Volver al inicio de sesión</Link>}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="¿Olvidaste tu contraseña?" subtitle="Escribe tu correo y te enviaremos un enlace para crear una nueva.">
      <Form<{ email: string }> name="forgot-password" layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} disabled={sending}>
        <Form.Item label="Correo" name="email" rules={rules.email}>
          <Input inputMode="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={sending}>
          Enviar enlace de reinicio
        </Button>
      </Form>
      {/* A link on its own, not a sentence: touch-sized (app.css leaves links inside paragraphs alone). */}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">Volver al inicio de sesión</Link>
      </div>
    </AuthCard>
  );
}
