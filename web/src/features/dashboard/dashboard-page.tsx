import Typography from 'antd/es/typography';
import { useSession } from '../../lib/session';
import { AdminDashboard, type AdminDashboardProps } from './admin-dashboard';
import { dashboardKind } from './api';
import { ClientDashboard } from './client-dashboard';
import type { ClientDebtActions } from './client-debts';
import { PageTitle } from '../../components/page-title';

/** /dashboard (no permission): the client's, the administrator's or a greeting (`dashboardKind`). */
export default function DashboardPage({ toProcess, usersClosings, reminders, debtActions }: AdminDashboardProps & { debtActions: ClientDebtActions }) {
  const { session } = useSession();
  const kind = dashboardKind(session);
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        Inicio
      </PageTitle>
      {kind === 'client' ? (
        <ClientDashboard debtActions={debtActions} />
      ) : kind === 'admin' ? (
        <AdminDashboard toProcess={toProcess} usersClosings={usersClosings} reminders={reminders} />
      ) : (
        <Typography.Paragraph>Bienvenido, {session?.user.name}. Elige una opción del menú.</Typography.Paragraph>
      )}
    </section>
  );
}
