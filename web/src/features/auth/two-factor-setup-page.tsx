import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { TwoFactorEnrolment } from '../../components/two-factor/enrolment';
import { fetchMe } from '../../lib/session-api';
import { AuthCard } from './auth-card';

/** Where a user lands when their role requires a second factor they have not enrolled yet. */
export default function TwoFactorSetupPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();

  async function enabled() {
    signIn((await fetchMe()).data);
    navigate('/dashboard', { replace: true });
  }

  return (
    <AuthCard title="Verificación en dos pasos">
      <p>Tu rol exige la verificación en dos pasos. Actívala para continuar.</p>
      <TwoFactorEnrolment onEnabled={() => void enabled()} />
    </AuthCard>
  );
}
