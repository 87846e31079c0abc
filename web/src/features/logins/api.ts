import type { Paged } from '@recaudo/domain/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** One login session as `GET logs/logins` answers it (server/src/modules/logins/routes.ts). */
export interface LoginSession {
  id: number;
  token_id: number;
  user_id: number;
  user: { id: number; name: string; email: string };
  ip: string | null;
  user_agent: string | null;
  start: string;
  end: string | null;
  active: boolean;
  /** Seconds. */
  total_time_session: number;
}

export const LOGINS_EXPORT_PATH = 'logs/logins/export';

export const loginKeys = {
  all: ['logins'] as const,
  lists: () => [...loginKeys.all, 'list'] as const,
  list: (params: ListParams) => [...loginKeys.lists(), params] as const,
};

export const findLogins = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<LoginSession>>('logs/logins', { query: { ...params }, signal }).then((answer) => answer.data);
export const logoutUser = (input: { id: number; user_id: number }) => http.post<null>('auth/logout-user', input);

export function useLogins(params: ListParams) {
  return useQuery({
    queryKey: loginKeys.list(params),
    queryFn: ({ signal }) => findLogins(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** "Cerrar sesión" of an active session; the server answers "Logout Exitoso" and the list reloads. */
export function useLogoutUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutUser,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: loginKeys.lists() });
    },
  });
}
