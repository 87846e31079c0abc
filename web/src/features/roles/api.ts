import type { Paged } from '@recaudo/domain/paging';
import type { PermissionModule, RoleRow } from '@recaudo/domain/roles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The fields of the add/edit panel, as roles/store and roles/update take them. */
export interface RoleInput {
  name: string;
  expired_session_time: number;
  require_2fa: boolean;
  notes: string | null;
}

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (params: ListParams) => [...roleKeys.lists(), params] as const,
  selects: () => [...roleKeys.all, 'selects'] as const,
  permissions: (roleId: number) => [...roleKeys.all, 'permissions', roleId] as const,
};

export const findRoles = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<RoleRow>>('roles', { query: { ...params }, signal }).then((answer) => answer.data);
export const findRoleSelects = (signal?: AbortSignal) => http.get<RoleRow[]>('roles/selects', { signal }).then((answer) => answer.data);
export const getRolePermissions = (roleId: number, signal?: AbortSignal) =>
  http.get<PermissionModule[]>(`roles/permissions-by-role/${roleId}`, { signal }).then((answer) => answer.data);
export const createRole = (input: RoleInput) => http.post<RoleRow>('roles/store', input);
export const updateRole = (input: RoleInput & { id: number }) => http.put<RoleRow>('roles/update', input);
export const deleteRole = (id: number) => http.delete<null>('roles/delete', { id });
export const changeRoleStatus = (input: { id: number; active: boolean }) => http.post<RoleRow>('roles/change-status-rol', input);
export const changePermission = (input: { module_id: number; role_id: number; checked: boolean }) =>
  http.post<PermissionModule[]>('roles/change-permission', input);

export function useRoles(params: ListParams) {
  return useQuery({
    queryKey: roleKeys.list(params),
    queryFn: ({ signal }) => findRoles(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRoleSelects() {
  return useQuery({ queryKey: roleKeys.selects(), queryFn: ({ signal }) => findRoleSelects(signal) });
}

export function useRolePermissions(roleId: number) {
  return useQuery({ queryKey: roleKeys.permissions(roleId), queryFn: ({ signal }) => getRolePermissions(roleId, signal) });
}

/** After any change the role lists and selects are stale; the permission trees are not. */
function useInvalidateRoles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: roleKeys.selects() }),
    ]);
}

export function useSaveRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ id, ...input }: RoleInput & { id?: number }) => (id ? updateRole({ id, ...input }) : createRole(input)),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

export function useChangeRoleStatus() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: changeRoleStatus,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

/** Each tick is saved at once; the server answers the whole tree, which replaces ours. */
export function useChangePermission(roleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { module_id: number; checked: boolean }) => changePermission({ ...input, role_id: roleId }),
    onSuccess: (answer) => {
      queryClient.setQueryData(roleKeys.permissions(roleId), answer.data);
      notify.success(answer.message);
    },
  });
}
