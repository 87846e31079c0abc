import type { DashboardAdmin, DashboardAging, DashboardClient, DashboardOption } from '@recaudo/domain/dashboard';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The dashboards (spec 03 §7 `GET dashboard/admin`, `GET dashboard/client`). */

export interface AdminDashboardFilters {
  option: DashboardOption;
  /** MM-YYYY (Mes) or YYYY (Año). */
  dates: string;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  admin: (filters: AdminDashboardFilters) => [...dashboardKeys.all, 'admin', filters] as const,
  aging: () => [...dashboardKeys.all, 'aging'] as const,
  client: () => [...dashboardKeys.all, 'client'] as const,
};

export const fetchAdminDashboard = (filters: AdminDashboardFilters, signal?: AbortSignal) =>
  http.get<DashboardAdmin>('dashboard/admin', { query: { filters }, signal }).then((answer) => answer.data);
export const fetchClientDashboard = (signal?: AbortSignal) => http.get<DashboardClient>('dashboard/client', { signal }).then((answer) => answer.data);

export const useAdminDashboard = (filters: AdminDashboardFilters) =>
  useQuery({ queryKey: dashboardKeys.admin(filters), queryFn: ({ signal }) => fetchAdminDashboard(filters, signal), placeholderData: keepPreviousData });

/** The aging card's own call: it reads every owing address, and the rest of the dashboard does not wait for it. */
export const useAgingDashboard = () =>
  useQuery({ queryKey: dashboardKeys.aging(), queryFn: ({ signal }) => http.get<DashboardAging>('dashboard/aging', { signal }).then((answer) => answer.data) });

export const useClientDashboard = () => useQuery({ queryKey: dashboardKeys.client(), queryFn: ({ signal }) => fetchClientDashboard(signal) });

/** The portal's reminders toggle (issue 33): on success the home shows the new state. */
export function useReminderOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optOut: boolean) => http.post<{ opt_out: boolean }>('reminders/opt-out', { opt_out: optOut }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.client() });
    },
  });
}

/** Reloads the dashboards (after a payment of "Pagos por Procesar" was approved or rejected). */
export function useReloadDashboard() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }), [queryClient]);
}
