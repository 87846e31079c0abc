import { VERIFICATION_CODE_SECONDS } from '@recaudo/domain/auth';
import { dayjs } from '@recaudo/domain/dates';
import { normalizePhone } from '@recaudo/domain/validation';
import Form from 'antd/es/form';
import Result from 'antd/es/result';
import { useState } from 'react';
import { Link } from 'react-router';
import { maskPhone } from '../../components/phone-input';
import { applyServerErrors } from '../../lib/form';
import { HttpError } from '../../lib/http';
import { register, requestCode, verifyIdentification, type RegistrationPrefill } from './api';
import { AuthCard } from './auth-card';
import { CodeStep, type CodeRequestState } from './code-step';
import { GeneralDataStep, IdentificationStep, type GeneralValues, type IdentificationValues } from './register-steps';

/** The wizard's views keep the spec's numbers: 1, 2, 4 and 5 (spec 01 §2). */
export type RegisterView = 1 | 2 | 4 | 5;

const TITLES: Record<RegisterView, string> = {
  1: 'Registro',
  2: 'Datos generales',
  4: 'Confirma tu correo',
  5: '¡Registro exitoso!',
};

/** "Podrás pedir otro en mm:ss." → seconds, so the resend link opens when the server allows it. */
function secondsIn(message: string | null): number | null {
  const match = message ? /(\d{2}):(\d{2})/.exec(message) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function prefilled(client: RegistrationPrefill | null): Partial<GeneralValues> {
  if (!client) return {};
  return {
    name: client.name,
    email: client.email ?? '',
    phone: maskPhone(client.phone),
    gender: client.gender ?? undefined,
    birth_date: client.birth_date ? dayjs(client.birth_date) : undefined,
  };
}

/**
 * /register (spec 01 §2, §4, §5): 1 identification check (an existing client prefills view 2),
 * 2 general data, 4 the e-mailed code with countdown and automatic check, 5 success.
 */
export default function RegisterPage() {
  const [identityForm] = Form.useForm<IdentificationValues>();
  const [view, setView] = useState<RegisterView>(1);
  const [identity, setIdentity] = useState<IdentificationValues>({ type: 0, identification: '' });
  const [checking, setChecking] = useState(false);
  const [prefill, setPrefill] = useState<{ client: RegistrationPrefill | null; message: string } | null>(null);
  const [general, setGeneral] = useState<GeneralValues | null>(null);
  const [codeRequest, setCodeRequest] = useState<CodeRequestState | null>(null);
  const [registering, setRegistering] = useState(false);
  const [doneMessage, setDoneMessage] = useState('');

  async function checkIdentity(values: IdentificationValues) {
    const next = { type: values.type, identification_type: values.identification_type, identification: values.identification.trim() };
    setChecking(true);
    try {
      const answer = await verifyIdentification({ ...next, identification_type: next.identification_type! });
      const sameIdentity = next.identification_type === identity.identification_type && next.identification === identity.identification;
      if (!sameIdentity) setCodeRequest(null);
      setIdentity(next);
      setPrefill({ client: answer.data.client, message: answer.message });
      setGeneral(null);
      setView(2);
    } catch (error) {
      // Spec 01 §4: the server's errors are shown and the wizard stays on view 1.
      applyServerErrors(identityForm, error);
    } finally {
      setChecking(false);
    }
  }

  async function sendCode(email: string, phone: string | null) {
    const started = Date.now();
    setCodeRequest({ status: 'requesting', expiresAt: started + VERIFICATION_CODE_SECONDS * 1000, token: null, email, phone });
    try {
      const answer = await requestCode({ identification_type: identity.identification_type!, identification: identity.identification, email, phone });
      setCodeRequest({ status: 'sent', expiresAt: Date.now() + answer.data.expires_in * 1000, token: answer.data.token, email, phone });
    } catch (error) {
      // The toast says why; a "wait mm:ss" answer keeps the resend link closed until then.
      const wait = error instanceof HttpError ? secondsIn(error.serverMessage) : null;
      setCodeRequest({ status: 'failed', expiresAt: Date.now() + (wait ?? 0) * 1000, token: null, email, phone });
    }
  }

  function submitGeneral(values: GeneralValues) {
    setGeneral(values);
    setView(4);
    const email = values.email.trim().toLowerCase();
    const phone = normalizePhone(values.phone);
    // Spec 01 §4: the code is requested on entering view 4; a live code for the same data is kept.
    const reusable = codeRequest?.token && codeRequest.email === email && codeRequest.phone === phone && codeRequest.expiresAt > Date.now();
    if (!reusable) void sendCode(email, phone);
  }

  async function submitRegistration() {
    if (!general || !codeRequest?.token) return;
    setRegistering(true);
    try {
      const answer = await register({
        type: identity.type,
        identification_type: identity.identification_type!,
        identification: identity.identification,
        name: general.name.trim(),
        email: codeRequest.email,
        password: general.password,
        phone: codeRequest.phone ?? normalizePhone(general.phone),
        gender: identity.type === 0 ? (general.gender ?? null) : null,
        birth_date: identity.type === 0 && general.birth_date ? general.birth_date.format('YYYY-MM-DD') : null,
        address: prefill?.client?.address ?? null,
        token: codeRequest.token,
      });
      setDoneMessage(answer.message);
      setView(5);
    } catch {
      // The http client showed the server's message.
    } finally {
      setRegistering(false);
    }
  }

  const subtitle =
    view === 1
      ? 'Verifica tu identificación para comenzar.'
      : view === 2
        ? prefill?.client
          ? prefill.message
          : 'Completa tus datos para crear tu cuenta.'
        : undefined;

  return (
    <AuthCard title={TITLES[view]} subtitle={subtitle}>
      {view === 1 && <IdentificationStep form={identityForm} initial={identity} checking={checking} onSubmit={(values) => void checkIdentity(values)} />}
      {view === 2 && (
        <GeneralDataStep
          type={identity.type}
          initial={general ?? prefilled(prefill?.client ?? null)}
          onBack={() => {
            setGeneral(null);
            setView(1);
          }}
          onSubmit={submitGeneral}
        />
      )}
      {view === 4 && codeRequest && (
        <CodeStep
          key={codeRequest.token ?? 'pending'}
          identity={{ identification_type: identity.identification_type!, identification: identity.identification }}
          email={codeRequest.email}
          request={codeRequest}
          onResend={() => void sendCode(codeRequest.email, codeRequest.phone)}
          onBack={() => setView(2)}
          onRegister={() => void submitRegistration()}
          registering={registering}
        />
      )}
      {view === 5 && (
        <Result
          status="success"
          title="Tu cuenta fue creada"
          subTitle={doneMessage || 'Ya puedes iniciar sesión con tu correo y contraseña.'}
          extra={<Link to="/">Volver al inicio</Link>}
        />
      )}
      {(view === 1 || view === 2) && (
        <p style={{ margin: '16px 0 0', textAlign: 'center' }}>
          ¿Ya tienes cuenta? <Link to="/login">Inicia sesión</Link>
        </p>
      )}
    </AuthCard>
  );
}
