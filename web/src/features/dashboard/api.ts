import type { Session } from '@recaudo/domain/auth';
import {
  currentDashboardPeriod,
  type DashboardAdmin,
  type DashboardAging,
  type DashboardClient,
  type DashboardCollections,
  type DashboardOption,
} from '@recaudo/domain/dashboard';
import { hasPermission } from '@recaudo/domain/permissions';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
  collections: (filters: AdminDashboardFilters) => [...dashboardKeys.all, 'collections', filters] as const,
  client: () => [...dashboardKeys.all, 'client'] as const,
};

export const fetchAdminDashboard = (filters: AdminDashboardFilters, signal?: AbortSignal) =>
  http.get<DashboardAdmin>('dashboard/admin', { query: { filters }, signal }).then((answer) => answer.data);
export const fetchClientDashboard = (signal?: AbortSignal) => http.get<DashboardClient>('dashboard/client', { signal }).then((answer) => answer.data);

/** The administrator's dashboard opens on the current month. */
export const initialDashboardFilters = (): AdminDashboardFilters => ({ option: 0, dates: currentDashboardPeriod(0) });

/**
 * Which dashboard /dashboard shows: a client user's own; staff the administrator's, whose revenue
 * needs the Pagos permission (the server answers 403 without it), or a greeting.
 */
export function dashboardKind(session: Session | null): 'client' | 'admin' | 'greeting' {
  if (session?.user.client) return 'client';
  return hasPermission(session?.permissions ?? [], 'payments') ? 'admin' : 'greeting';
}

const adminDashboardQuery = (filters: AdminDashboardFilters) =>
  queryOptions({ queryKey: dashboardKeys.admin(filters), queryFn: ({ signal }) => fetchAdminDashboard(filters, signal) });
const agingQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.aging(),
    queryFn: ({ signal }) => http.get<DashboardAging>('dashboard/aging', { signal }).then((answer) => answer.data),
  });
const clientDashboardQuery = () => queryOptions({ queryKey: dashboardKeys.client(), queryFn: ({ signal }) => fetchClientDashboard(signal) });

export const useAdminDashboard = (filters: AdminDashboardFilters) => useQuery({ ...adminDashboardQuery(filters), placeholderData: keepPreviousData });

/** The aging card's own call: it reads every owing address, and the rest of the dashboard does not wait for it. */
export const useAgingDashboard = () => useQuery(agingQuery());

/** Collections per currency and IGTF of the chart's month or year (issue 49): their own call, like the aging card. */
export const useCollectionsDashboard = (filters: AdminDashboardFilters) =>
  useQuery<DashboardCollections>({
    queryKey: dashboardKeys.collections(filters),
    queryFn: ({ signal }) => http.get<DashboardCollections>('dashboard/collections', { query: { filters }, signal }).then((answer) => answer.data),
    placeholderData: keepPreviousData,
  });

export const useClientDashboard = () => useQuery(clientDashboardQuery());

/** The dashboard's first data, before it has rendered (app/pages.tsx, RoutePrefetch). */
export function prefetchDashboard(queryClient: QueryClient, session: Session): void {
  const kind = dashboardKind(session);
  if (kind === 'client') void queryClient.prefetchQuery(clientDashboardQuery());
  if (kind === 'admin') {
    void queryClient.prefetchQuery(adminDashboardQuery(initialDashboardFilters()));
    void queryClient.prefetchQuery(agingQuery());
  }
}

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
