import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useSession } from '../../lib/session';

/** Placeholder until the dashboards issue: staff and client users both get the welcome card. */
export default function DashboardPage() {
  const { session } = useSession();
  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Inicio
      </Typography.Title>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Bienvenido, {session?.user.name}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {session?.user.client ? `Cliente: ${session.user.client.name}` : session?.user.role.name}
        </Typography.Paragraph>
      </Card>
    </section>
  );
}
