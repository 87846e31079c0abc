import Typography from 'antd/es/typography';
import { useSession } from '../../lib/session';
import { AdminDashboard, type AdminDashboardProps } from './admin-dashboard';
import { ClientDashboard } from './client-dashboard';

/** /dashboard (no permission): staff get the administrator's dashboard, client users their own. */
export default function DashboardPage({ toProcess }: AdminDashboardProps) {
  const { session } = useSession();
  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Inicio
      </Typography.Title>
      {session?.user.client ? <ClientDashboard /> : <AdminDashboard toProcess={toProcess} />}
    </section>
  );
}
