import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import Alert from 'antd/es/alert';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useSession } from '../../lib/session';

/**
 * The Administrador's dashboard warns while a user of that role, who holds every permission, logs
 * in with a password alone (issue 46); the warning goes once each of them enrols.
 */
export function AdministratorsWithoutTwoFactor() {
  const isAdministrator = useSession().session?.user.role.id === ADMIN_ROLE_ID;
  const warning = useQuery({
    queryKey: ['dashboard', 'security-warning'],
    queryFn: ({ signal }) => http.get<{ administrators_without_two_factor: string[] }>('dashboard/security-warning', { signal }).then((answer) => answer.data),
    enabled: isAdministrator,
  });
  const names = warning.data?.administrators_without_two_factor ?? [];
  if (!isAdministrator || names.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="Administradores sin verificación en dos pasos"
      description={`${names.join(', ')} ${names.length === 1 ? 'entra' : 'entran'} solo con su contraseña y con todos los permisos. Que cada uno la active en su perfil, o exígela a su rol.`}
    />
  );
}
