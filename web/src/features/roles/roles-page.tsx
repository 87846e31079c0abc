import { useSearchParams } from 'react-router';
import { RolePermissions } from './role-permissions';
import { RolesList } from './roles-list';

/** The permission screen of one role lives at /roles?permisos={id}, so back and reload work. */
export const PERMISSIONS_PARAM = 'permisos';

export default function RolesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const roleId = Number(searchParams.get(PERMISSIONS_PARAM));

  if (Number.isInteger(roleId) && roleId > 0) {
    return <RolePermissions roleId={roleId} onBack={() => setSearchParams({})} />;
  }
  return <RolesList onOpenPermissions={(role) => setSearchParams({ [PERMISSIONS_PARAM]: String(role.id) })} />;
}
