import Typography from 'antd/es/typography';
import { useCan, useSession } from '../../lib/session';
import { AdminDashboard, type AdminDashboardProps } from './admin-dashboard';
import { ClientDashboard } from './client-dashboard';
import type { ClientDebtActions } from './client-debts';

/**
 * /dashboard (no permission): client users get their own dashboard; staff the administrator's,
 * whose revenue needs the Pagos permission (the server answers 403 without it), or a greeting.
 */
export default function DashboardPage({ toProcess, usersClosings, reminders, debtActions }: AdminDashboardProps & { debtActions: ClientDebtActions }) {
  const { session } = useSession();
  const seesRevenue = useCan('payments');
  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Inicio
      </Typography.Title>
      {session?.user.client ? (
        <ClientDashboard debtActions={debtActions} />
      ) : seesRevenue ? (
        <AdminDashboard toProcess={toProcess} usersClosings={usersClosings} reminders={reminders} />
      ) : (
        <Typography.Paragraph>Bienvenido, {session?.user.name}. Elige una opción del menú.</Typography.Paragraph>
      )}
    </section>
  );
}
