import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { applyServerErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { disableTwoFactor } from '../../components/two-factor/api';
import { TwoFactorEnrolment } from '../../components/two-factor/enrolment';
import { fetchMe } from '../../lib/session-api';

/** The profile's "Verificación en dos pasos": enrol, or switch it off with a code when the role allows. */
export function TwoFactorSection() {
  const { session, signIn } = useSession();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const twoFactor = session?.user.two_factor;
  if (!twoFactor) return null;

  const refresh = async () => signIn((await fetchMe()).data);

  async function disable({ code }: { code: string }) {
    setBusy(true);
    try {
      const answer = await disableTwoFactor(code.trim());
      notify.success(answer.message);
      await refresh();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Verificación en dos pasos">
      <Divider>Verificación en dos pasos</Divider>
      {!twoFactor.enabled ? (
        <>
          <p>Protege tu cuenta: además de tu contraseña, al entrar te pediremos un código de tu aplicación de autenticación.</p>
          <TwoFactorEnrolment onEnabled={() => void refresh()} />
        </>
      ) : twoFactor.required ? (
        <p>Activada. Tu rol la exige, así que no puedes desactivarla.</p>
      ) : (
        <>
          <p>Activada. Para desactivarla, ingresa un código de tu aplicación o uno de tus códigos de recuperación.</p>
          <Form<{ code: string }> form={form} name="two-factor-disable" layout="inline" onFinish={disable} disabled={busy}>
            <Form.Item name="code" rules={[{ required: true, whitespace: true, message: messagesTwoFactor.codeRequired }]}>
              <Input aria-label="Código para desactivar" autoComplete="one-time-code" maxLength={32} />
            </Form.Item>
            <Button danger htmlType="submit" loading={busy}>
              Desactivar
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
