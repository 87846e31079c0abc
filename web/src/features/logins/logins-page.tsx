import { LoginsList } from './logins-list';

/** /logins, Inicios de sesión (spec 03 §2's Login de Usuarios, renamed in issue 51). */
export default function LoginsPage() {
  return <LoginsList title="Inicios de sesión" />;
}
