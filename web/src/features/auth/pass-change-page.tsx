import { messagesRegistration, RESET_PASSWORD_MISMATCH, resetPasswordSchema } from '@recaudo/domain/auth';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { zodRule } from '../../lib/form';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { fetchMe } from '../../lib/session-api';
import { resetPassword, verifyResetToken } from './api';
import { AuthCard } from './auth-card';

interface PasswordValues {
  password: string;
  confirm_password: string;
}

const passwordRules = [zodRule(resetPasswordSchema.shape.password)];

/** The invalid-token screen (spec 01 §8: a failed token check shows it). */
function InvalidToken() {
  return (
    <AuthCard title="Cambiar contraseña">
      <Result status="error" title={messagesRegistration.tokenInvalid} subTitle="El enlace no es válido, ya se usó o venció. Pide uno nuevo." extra={<Link to="/forgot-password">Pedir un nuevo enlace</Link>} />
    </AuthCard>
  );
}

function PasswordForm({ name, submitting, onSubmit }: { name: string; submitting: boolean; onSubmit: (values: PasswordValues) => void }) {
  return (
    <AuthCard title={`¡Hola, ${name}!`} subtitle="Escribe tu nueva contraseña y confírmala.">
      <Form<PasswordValues> name="pass-change" layout="vertical" requiredMark={false} onFinish={onSubmit} disabled={submitting}>
        <Form.Item label="Nueva contraseña" name="password" rules={passwordRules}>
          <Input.Password autoComplete="new-password" autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item
          label="Confirmar contraseña"
          name="confirm_password"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if ((value ?? '') !== (getFieldValue('password') ?? '')) throw new Error(RESET_PASSWORD_MISMATCH);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Cambiar contraseña
        </Button>
      </Form>
    </AuthCard>
  );
}

/** /pass-change/:token (spec 01 §2, §4): greets the owner of the link; success goes to the start page. */
function ResetWithToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const owner = useQuery({ queryKey: ['auth', 'reset-token', token], queryFn: () => verifyResetToken(token).then((answer) => answer.data), retry: false, staleTime: Infinity });

  async function submit(values: PasswordValues) {
    if (!owner.data) return;
    setSubmitting(true);
    try {
      const answer = await resetPassword({ ...owner.data, ...values, token });
      notify.success(answer.message);
      navigate('/', { replace: true });
    } catch (error) {
      // A link used meanwhile answers the invalid-token error: show that screen.
      if (error instanceof HttpError && error.serverMessage === messagesRegistration.tokenInvalid) setInvalid(true);
      setSubmitting(false);
    }
  }

  if (owner.isPending) {
    return (
      <div role="status" aria-label="Verificando enlace" style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  if (owner.isError || invalid) return <InvalidToken />;
  return <PasswordForm name={owner.data.name} submitting={submitting} onSubmit={(values) => void submit(values)} />;
}

/** /pass-change for a user flagged change_password: uses their session, then continues to the app. */
function ForcedChange() {
  const { session, signIn } = useSession();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  if (!session) return <InvalidToken />;
  const { id, name, email } = session.user;

  async function submit(values: PasswordValues) {
    setSubmitting(true);
    try {
      const answer = await resetPassword({ id, name, email, ...values });
      notify.success(answer.message);
      const me = await fetchMe();
      signIn(me.data);
      navigate('/dashboard', { replace: true });
    } catch {
      setSubmitting(false);
    }
  }

  return <PasswordForm name={name} submitting={submitting} onSubmit={(values) => void submit(values)} />;
}

/** Create / reset password (spec 01 §2): by the e-mailed link, or forced after login. */
export default function PassChangePage() {
  const { token } = useParams();
  return token ? <ResetWithToken token={token} /> : <ForcedChange />;
}
