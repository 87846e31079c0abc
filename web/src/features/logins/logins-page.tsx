import { LoginsList } from './logins-list';

/** /logins, Login de Usuarios (spec 03 §2). */
export default function LoginsPage() {
  return <LoginsList title="Login de Usuarios" />;
}
