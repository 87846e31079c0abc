import Typography from 'antd/es/typography';
import { LoginsList } from './logins-list';

/** /logins, Login de Usuarios (spec 03 §2). */
export default function LoginsPage() {
  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Login de Usuarios
      </Typography.Title>
      <LoginsList />
    </section>
  );
}
