import { z } from 'zod';
import { flag, optionalText, recordId, requiredText, wholeNumber } from './validation';

/** The client role: hidden from role lists and from the administrator user form. */
export const CLIENT_ROLE_KEY = 'client';
export const CLIENT_ROLE_ID = 4;
export const ADMIN_ROLE_ID = 1;

export const roleFieldsSchema = z.object({
  name: requiredText('Nombre', 100),
  expired_session_time: wholeNumber('Tiempo de Expiración'),
  /** Absent leaves it as it is (off for a new role), so older callers never switch it by omission. */
  require_2fa: flag('Exigir verificación en dos pasos').optional(),
  notes: optionalText('Notas', 1000),
});
export type RoleFields = z.output<typeof roleFieldsSchema>;
export const createRoleSchema = roleFieldsSchema;
export const updateRoleSchema = roleFieldsSchema.extend({ id: recordId() });

export const changePermissionSchema = z.object({
  module_id: recordId('módulo'),
  role_id: recordId('rol'),
  checked: flag('checked'),
});

export const changeRoleStatusSchema = z.object({ id: recordId('rol'), active: flag('Activo') });

export const changeSessionTimeSchema = z.object({
  role_id: recordId('rol'),
  expired_session_time: wholeNumber('Tiempo de Expiración'),
});

export interface RoleRow {
  id: number;
  name: string;
  key: string | null;
  expired_session_time: number;
  active: boolean;
  require_2fa: boolean;
  notes: string | null;
  count_users: number;
  created_at: string;
}

export interface PermissionModule {
  id: number;
  name: string;
  label: string;
  checked: boolean;
  parent_id: number | null;
  children: PermissionModule[];
}

export const roleMessages = {
  created: 'Rol creado',
  updated: 'Rol actualizado',
  deleted: 'Rol eliminado',
  confirmDelete: '¿Seguro de eliminar el rol?',
  statusChanged: 'Estado del rol actualizado',
  permissionChanged: 'Permiso actualizado',
  sessionTimeChanged: 'Tiempo de expiración actualizado',
  adminAlwaysAll: 'El rol Administrador conserva siempre todos los permisos.',
  adminCannotBeDisabled: 'El rol Administrador no se puede desactivar.',
  /** Switching a role off takes its users' access away, so it asks first (issue 51). */
  confirmDeactivate: '¿Desactivar el rol?',
  usersLoseAccess: (count: number) => (count === 1 ? '1 usuario perderá el acceso' : `${count} usuarios perderán el acceso`),
  protectedRole: 'Este rol del sistema no se puede eliminar.',
  hasUsers: (count: number) =>
    `No se puede eliminar el rol porque tiene ${count} ${count === 1 ? 'usuario asignado' : 'usuarios asignados'}.`,
  duplicateName: 'Ya existe un rol con ese nombre.',
  /** A user manages only roles within her own permissions (issue 46). */
  beyondYourPermissions: (labels: string[]) =>
    `No puedes asignar ni modificar un rol con permisos que tú no tienes: ${labels.slice(0, 5).join(', ')}${labels.length > 5 ? ` y ${labels.length - 5} más` : ''}.`,
  notYourOwnRole: 'No puedes cambiar tu propio rol.',
} as const;
