import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import { VERIFICATION_CODE_LENGTH, type CodeDestination, type RegistrationClient } from '@recaudo/domain/auth';
import { formatPhone } from '@recaudo/domain/format';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../lib/http';
import { checkCode } from './api';

/** Spec 01 §9: the code is checked 100 ms after its 6th digit. */
export const CODE_CHECK_DELAY_MS = 100;

/** mm:ss of a number of seconds. */
export const countdownText = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

export interface CodeRequestState {
  status: 'requesting' | 'sent' | 'failed';
  /** Milliseconds since epoch when the current code expires (and a new one may be asked for). */
  expiresAt: number;
  token: string | null;
  /** What the person typed: the new user's e-mail and phone. */
  email: string;
  phone: string | null;
  /** Where the server sent the code (an existing client's contact on file comes masked). */
  sentTo: CodeDestination | null;
  /** Why no code was sent (a wait, or a client without contact on file). */
  failure: string | null;
}

interface CodeStepProps {
  identity: { identification_type: string; identification: string };
  request: CodeRequestState;
  /** The existing client the verified code belongs to. */
  client: RegistrationClient | null;
  onVerified: (client: RegistrationClient | null) => void;
  onResend: () => void;
  onBack: () => void;
  onRegister: () => void;
  registering: boolean;
}

function useRemainingSeconds(expiresAt: number): number {
  const read = () => Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(read);
  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return remaining;
}

function Destination({ sentTo }: { sentTo: CodeDestination }) {
  if (!sentTo.email) return <>por SMS a <strong>{sentTo.phone}</strong></>;
  return (
    <>
      a <strong>{sentTo.email}</strong>
      {sentTo.phone && (
        <>
          {' '}
          y por SMS a <strong>{sentTo.phone}</strong>
        </>
      )}
    </>
  );
}

function ClientOnFile({ client }: { client: RegistrationClient }) {
  const contact = [client.email, client.phone && formatPhone(client.phone)].filter(Boolean).join(' · ');
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={`Tu usuario quedará vinculado a la ficha de ${client.name}`}
      description={`${contact ? `${contact}. ` : ''}Registrarte no cambia los datos de tu ficha; para actualizarlos, comunícate con la oficina.`}
    />
  );
}

/**
 * Render with `key={request.token}` so a new code (resend) starts over.
 *
 * View 4 (spec 01 §2, §4): the 6-digit code sent on entering the view, a mm:ss countdown,
 * the automatic check 100 ms after the 6th digit, "Reenviar código" only once the countdown
 * ended, Regresar, and Registrar enabled only once the code is verified.
 */
export function CodeStep({ identity, request, client, onVerified, onResend, onBack, onRegister, registering }: CodeStepProps) {
  const { token: colors } = theme.useToken();
  const remaining = useRemainingSeconds(request.expiresAt);
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ identity, token: request.token, onVerified });
  useEffect(() => {
    latest.current = { identity, token: request.token, onVerified };
  });

  useEffect(() => {
    if (code.length !== VERIFICATION_CODE_LENGTH || verified) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const { identity: current, token, onVerified: verifiedFor } = latest.current;
      if (!token) return;
      setChecking(true);
      checkCode({ ...current, token, code })
        .then((answer) => {
          if (cancelled) return;
          setVerified(true);
          setError(null);
          verifiedFor(answer.data.client);
        })
        .catch((failure: unknown) => {
          if (cancelled) return;
          setError(failure instanceof HttpError ? (failure.errors.code?.[0] ?? failure.serverMessage ?? failure.message) : 'Error');
        })
        .finally(() => !cancelled && setChecking(false));
    }, CODE_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [code, verified]);

  const canResend = remaining === 0 && request.status !== 'requesting';
  const codeMessage = error ?? (code.length > 0 && code.length < VERIFICATION_CODE_LENGTH ? `El Código debe tener ${VERIFICATION_CODE_LENGTH} dígitos.` : null);

  return (
    <div>
      {request.status === 'failed' && request.failure && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={request.failure} />}
      {request.status === 'requesting' && <p style={{ marginTop: 0 }}>Enviando el código…</p>}
      {request.sentTo && (
        <p style={{ marginTop: 0 }} data-testid="code-destination">
          Enviamos un código de 6 dígitos <Destination sentTo={request.sentTo} />. Escríbelo para confirmar tu registro.
        </p>
      )}
      {verified && client && <ClientOnFile client={client} />}
      <Form layout="vertical" component="div">
        <Form.Item
          label="Código de verificación"
          htmlFor="register-code"
          validateStatus={error ? 'error' : verified ? 'success' : checking ? 'validating' : undefined}
          help={verified ? undefined : codeMessage}
          hasFeedback={checking || verified}
        >
          <Input
            id="register-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE_LENGTH}
            value={code}
            disabled={!request.token || verified || registering}
            onChange={(event) => {
              setError(null);
              setCode(event.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH));
            }}
            styles={{ input: { fontSize: 24, letterSpacing: 8, textAlign: 'center' } }}
          />
        </Form.Item>
      </Form>
      <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
        <span aria-live="polite">
          {verified ? (
            <span style={{ color: colors.colorSuccess }}>
              <CheckCircleFilled /> Código verificado
            </span>
          ) : (
            <>
              El código vence en <strong data-testid="countdown">{countdownText(remaining)}</strong>
            </>
          )}
        </span>
        <Button type="link" disabled={!canResend || verified} onClick={onResend} style={{ paddingInline: 0 }}>
          Reenviar código
        </Button>
      </Flex>
      <Flex gap={12}>
        <Button block onClick={onBack} disabled={registering}>
          Regresar
        </Button>
        <Button type="primary" block disabled={!verified} loading={registering} onClick={onRegister}>
          Registrar
        </Button>
      </Flex>
    </div>
  );
}
