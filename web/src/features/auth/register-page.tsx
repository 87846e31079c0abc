import { VERIFICATION_CODE_SECONDS, type RegistrationClient } from '@recaudo/domain/auth';
import { normalizePhone } from '@recaudo/domain/validation';
import Form from 'antd/es/form';
import Result from 'antd/es/result';
import { useState } from 'react';
import { Link } from 'react-router';
import { applyServerErrors } from '../../lib/form';
import { HttpError } from '../../lib/http';
import { register, requestCode, verifyIdentification } from './api';
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

/**
 * /register (spec 01 §2, §4, §5): 1 identification check, 2 general data, 4 the code with
 * countdown and automatic check, 5 success. An existing client's code goes to its contact on
 * file (shown masked) and its data on file appear only once the code is verified (issue 31).
 */
export default function RegisterPage() {
  const [identityForm] = Form.useForm<IdentificationValues>();
  const [view, setView] = useState<RegisterView>(1);
  const [identity, setIdentity] = useState<IdentificationValues>({ type: 0, identification: '' });
  const [checking, setChecking] = useState(false);
  const [client, setClient] = useState<RegistrationClient | null>(null);
  const [general, setGeneral] = useState<GeneralValues | null>(null);
  const [codeRequest, setCodeRequest] = useState<CodeRequestState | null>(null);
  const [registering, setRegistering] = useState(false);
  const [doneMessage, setDoneMessage] = useState('');

  async function checkIdentity(values: IdentificationValues) {
    const next = { type: values.type, identification_type: values.identification_type, identification: values.identification.trim() };
    setChecking(true);
    try {
      await verifyIdentification({ ...next, identification_type: next.identification_type! });
      const sameIdentity = next.identification_type === identity.identification_type && next.identification === identity.identification;
      if (!sameIdentity) {
        setCodeRequest(null);
        setClient(null);
      }
      setIdentity(next);
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
    const pending = { token: null, sentTo: null, failure: null, email, phone };
    setCodeRequest({ ...pending, status: 'requesting', expiresAt: started + VERIFICATION_CODE_SECONDS * 1000 });
    try {
      const answer = await requestCode({ identification_type: identity.identification_type!, identification: identity.identification, email, phone });
      const { token, expires_in, sent_to } = answer.data;
      setCodeRequest({ ...pending, status: 'sent', expiresAt: Date.now() + expires_in * 1000, token, sentTo: sent_to });
    } catch (error) {
      // View 4 says why; a "wait mm:ss" answer keeps the resend link closed until then.
      const failure = error instanceof HttpError ? (error.serverMessage ?? error.message) : 'Error';
      const wait = error instanceof HttpError ? secondsIn(error.serverMessage) : null;
      setCodeRequest({ ...pending, status: 'failed', expiresAt: Date.now() + (wait ?? 0) * 1000, failure });
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
        address: null,
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
    view === 1 ? 'Verifica tu identificación para comenzar.' : view === 2 ? 'Completa tus datos para crear tu cuenta.' : undefined;

  return (
    <AuthCard title={TITLES[view]} subtitle={subtitle}>
      {view === 1 && <IdentificationStep form={identityForm} initial={identity} checking={checking} onSubmit={(values) => void checkIdentity(values)} />}
      {view === 2 && (
        <GeneralDataStep
          type={identity.type}
          initial={general ?? {}}
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
          request={codeRequest}
          client={client}
          onVerified={setClient}
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
