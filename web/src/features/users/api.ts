import type { Paged } from '@recaudo/domain/paging';
import type { RoleRow } from '@recaudo/domain/roles';
import type { ClientOption } from '@recaudo/domain/clients';
import type { AdminUserRow, ClientUserRow } from '@recaudo/domain/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilterOption } from '../../components/filter-drawer';
import type { ListParams } from '../../components/use-list-state';
import { findSerieOptions } from '../../components/select-options';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** What users/store and users/update take for an administrator (spec 01 §7 Users). */
export interface AdminUserInput {
  role: number;
  name: string;
  email: string;
  password: string | null;
  /** The editor's own password, asked when she sets a password (issue 46). */
  current_password?: string | null;
  active: boolean;
  only_user: boolean;
  all_users: boolean;
  multiple_users_verify: boolean;
  multiple_users: number[];
  use_all_series: boolean;
  correlative_id: number | null;
}

/** The client user form: a non-empty `client_id` tells the server it is this form; the role is always Cliente. */
export interface ClientUserInput {
  client_id: number;
  name: string;
  email: string;
  password: string | null;
  current_password?: string | null;
  active: boolean;
  change_password: boolean;
  send_mail_password: boolean;
}

/** A user picker's row: the server answers the name alone. */
export interface UserOption {
  id: number;
  name: string;
}

export const userKeys = {
  all: ['users'] as const,
  admins: () => [...userKeys.all, 'admins'] as const,
  adminList: (params: ListParams) => [...userKeys.admins(), params] as const,
  clients: () => [...userKeys.all, 'clients'] as const,
  clientList: (params: ListParams) => [...userKeys.clients(), params] as const,
  staffOptions: () => [...userKeys.all, 'selects'] as const,
  roleOptions: () => ['roles', 'selects'] as const,
  serieOptions: () => ['correlatives', 'selects'] as const,
  clientOptions: (search: string) => ['clients', 'selects', search] as const,
};

export const USERS_EXPORT = { path: 'users/export', formats: ['csv', 'xlsx'] } as const;
export const CLIENT_USERS_EXPORT = { path: 'users/client/export', formats: ['csv', 'xlsx'] } as const;

export const findAdminUsers = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<AdminUserRow>>('users', { query: { ...params }, signal }).then((answer) => answer.data);
export const findClientUsers = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<ClientUserRow>>('users/client', { query: { ...params }, signal }).then((answer) => answer.data);
/** Staff users for the selected-users scope: the server leaves the caller out. */
export const findStaffOptions = (search = '', signal?: AbortSignal) =>
  http.get<UserOption[]>('users/selects', { query: { search }, signal }).then((answer) => answer.data);
/** Users whose name matches (50 at most), for the user filter of the client users tab. */
export const findAllUserOptions = (search: string, signal?: AbortSignal) =>
  http.get<UserOption[]>('users/all-selects', { query: { search }, signal }).then((answer) => answer.data);
export const findRoleOptions = (signal?: AbortSignal) => http.get<RoleRow[]>('roles/selects', { signal }).then((answer) => answer.data);
/** The client picker: the server searches by name or identification (spec 01 §9: pickers ask for all). */
export const findClientOptions = (search: string, signal?: AbortSignal) =>
  http.get<ClientOption[]>('clients/selects/data', { query: { search, per_page: 'Todos' }, signal }).then((answer) => answer.data);

export const saveAdminUser = ({ id, ...input }: AdminUserInput & { id?: number }) =>
  id ? http.put<null>('users/update', { id, ...input }) : http.post<{ id: number }>('users/store', input);
export const saveClientUser = ({ id, ...input }: ClientUserInput & { id?: number }) =>
  id ? http.put<null>('users/update', { id, ...input }) : http.post<{ id: number }>('users/store', input);
export const setUserAccess = (input: { user_id: number; status: boolean }) => http.patch<null>('users/disabled-access-user', input);
export const deleteUser = (id: number) => http.delete<null>('users/delete', { id });
/** Clears a user's second factor (issue 35): they log in with the password alone and enrol again. */
export const resetTwoFactor = (input: { user_id: number; current_password: string }) => http.post<null>('users/reset-two-factor', input);

/** Role choices of the administrator form and the Rol filter: never the client role. */
export const adminRoles = (rows: readonly RoleRow[]) => rows.filter((role) => role.key !== 'client' && role.id !== 4);

export const roleFilterOptions = (signal?: AbortSignal) =>
  findRoleOptions(signal).then((rows): FilterOption[] => adminRoles(rows).map((role) => ({ value: role.id, label: role.name })));

export function useAdminUsers(params: ListParams) {
  return useQuery({ queryKey: userKeys.adminList(params), queryFn: ({ signal }) => findAdminUsers(params, signal), placeholderData: keepPreviousData });
}

export function useClientUsers(params: ListParams) {
  return useQuery({ queryKey: userKeys.clientList(params), queryFn: ({ signal }) => findClientUsers(params, signal), placeholderData: keepPreviousData });
}

export function useStaffOptions(enabled = true) {
  return useQuery({ queryKey: userKeys.staffOptions(), queryFn: ({ signal }) => findStaffOptions('', signal), enabled });
}

export function useRoleOptions(enabled = true) {
  return useQuery({ queryKey: userKeys.roleOptions(), queryFn: ({ signal }) => findRoleOptions(signal), enabled, select: adminRoles });
}

export function useSerieOptions(enabled = true) {
  return useQuery({ queryKey: userKeys.serieOptions(), queryFn: ({ signal }) => findSerieOptions(signal), enabled });
}

export function useClientOptions(search: string, enabled = true) {
  return useQuery({ queryKey: userKeys.clientOptions(search), queryFn: ({ signal }) => findClientOptions(search, signal), enabled, placeholderData: keepPreviousData });
}

/** Every change reloads both tabs and the user pickers. */
function useUserMutation<Input, Answer>(mutationFn: (input: Input) => Promise<{ message: string; data: Answer }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export const useSaveAdminUser = () => useUserMutation(saveAdminUser);
export const useSaveClientUser = () => useUserMutation(saveClientUser);
export const useSetUserAccess = () => useUserMutation(setUserAccess);
export const useDeleteUser = () => useUserMutation(deleteUser);
export const useResetTwoFactor = () => useUserMutation(resetTwoFactor);
