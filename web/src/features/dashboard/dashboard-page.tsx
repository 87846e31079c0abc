import Typography from 'antd/es/typography';
import { useSession } from '../../lib/session';
import { AdminDashboard, type AdminDashboardProps } from './admin-dashboard';
import { dashboardKind } from './api';
import { ClientDashboard } from './client-dashboard';
import type { ClientDebtActions } from './client-debts';
import { PageTitle } from '../../components/page-title';
import type { ReactNode } from 'react';

/** /dashboard (no permission): the client's, the administrator's or a greeting (`dashboardKind`); `agreements`: the client's «Mi convenio» cards (issue 50), handed in by the app. */
export default function DashboardPage({ toProcess, usersClosings, reminders, debtActions, agreements = null }: AdminDashboardProps & { debtActions: ClientDebtActions; agreements?: ReactNode }) {
  const { session } = useSession();
  const kind = dashboardKind(session);
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        Inicio
      </PageTitle>
      {kind === 'client' ? (
        <ClientDashboard debtActions={debtActions} agreements={agreements} />
      ) : kind === 'admin' ? (
        <AdminDashboard toProcess={toProcess} usersClosings={usersClosings} reminders={reminders} />
      ) : (
        <Typography.Paragraph>Bienvenido, {session?.user.name}. Elige una opción del menú.</Typography.Paragraph>
      )}
    </section>
  );
}
