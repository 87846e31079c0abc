import type { LoginInput, Session } from '@recaudo/domain/auth';
import { isTwoFactorChallenge } from '@recaudo/domain/two-factor';
import { loginRules } from '@recaudo/domain/login';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { zodRule } from '../../lib/form';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { login } from './api';
import { SecondFactorStep } from './second-factor-step';

// domain's loginRules: the server's loginSchema without zod, about 1 KB.
const rules = { email: [zodRule(loginRules.email)], password: [zodRule(loginRules.password)] };

export default function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const { token } = theme.useToken();

  function enter(session: Session) {
    signIn(session);
    navigate('/dashboard', { replace: true });
  }

  async function submit(values: LoginInput) {
    setSubmitting(true);
    try {
      const email = loginRules.email.safeParse(values.email);
      const answer = await login({ ...values, email: email.success ? email.data : values.email });
      if (isTwoFactorChallenge(answer.data)) {
        setChallenge(answer.data.challenge);
        setSubmitting(false);
      } else enter(answer.data);
    } catch (error) {
      // Spec 01 §8: the login shows the server's own message (wrong credentials, too many tries).
      notify.error(error instanceof HttpError ? (error.serverMessage ?? error.message) : 'Error');
      setSubmitting(false);
    }
  }

  // Plain elements styled with theme tokens: Card and Typography would add ~35 KB gzip here.
  return (
    <div
      style={{
        maxWidth: 420,
        margin: '0 auto',
        padding: 32,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      <h1 style={{ margin: 0, textAlign: 'center', fontSize: token.fontSizeHeading2, color: token.colorPrimary }}>Recaudo</h1>
      {challenge ? (
        <SecondFactorStep challenge={challenge} onSession={enter} onRestart={() => setChallenge(null)} />
      ) : (
        <>
          <h2 style={{ margin: '16px 0 4px', fontSize: token.fontSizeHeading4 }}>¡Bienvenido!</h2>
          <p style={{ marginTop: 0, color: token.colorTextSecondary }}>Inicia sesión con tu correo y contraseña para continuar.</p>
          <Form<LoginInput> name="login" layout="vertical" requiredMark={false} onFinish={submit} disabled={submitting}>
            <Form.Item label="Correo" name="email" rules={rules.email}>
              <Input inputMode="email" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item label="Contraseña" name="password" rules={rules.password}>
              <Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item>
              <Link to="/forgot-password">¿Olvidaste tu contraseña?</Link>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              Entrar
            </Button>
          </Form>
          <p style={{ margin: '16px 0 0', textAlign: 'center' }}>
            ¿No tienes cuenta? <Link to="/register">Regístrate</Link>
          </p>
        </>
      )}
    </div>
  );
}
