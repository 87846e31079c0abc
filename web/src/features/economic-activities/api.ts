import type { LateFeeRow } from '@recaudo/domain/late-fees';
import type { Paged } from '@recaudo/domain/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { feeHistoriesKey } from '../../components/fee-since';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** A row of GET economic-activities (server presenter). */
export interface EconomicActivityRow extends LateFeeRow {
  id: number;
  name: string;
  code: string | null;
  fee: string;
  activity_group_id: number;
  activity_group: { id: number; name: string };
  count_payments: number;
}

/** A row of GET activity-groups. */
export interface ActivityGroupRow {
  id: number;
  name: string;
  count_activities: number;
  count_payments: number;
}

export interface ActivityGroupOption {
  id: number;
  name: string;
}

/** The fields of the activity panel, as economic-activities/store and /update take them (fee as dot-decimal text). */
export interface EconomicActivityInput {
  name: string;
  code: string | null;
  fee: string;
  activity_group_id: number;
}

export interface ActivityGroupInput {
  name: string;
}

/** A client of an activity, as the "Ver clientes" modal lists it. */
export interface ActivityClientRow {
  id: number;
  name: string;
  identification: string;
  email: string | null;
}

export const economicActivityKeys = {
  all: ['economic-activities'] as const,
  lists: () => [...economicActivityKeys.all, 'list'] as const,
  list: (params: ListParams) => [...economicActivityKeys.lists(), params] as const,
  selects: () => [...economicActivityKeys.all, 'selects'] as const,
  clients: (activityId: number, params: ListParams) => [...economicActivityKeys.all, 'clients', activityId, params] as const,
};

export const activityGroupKeys = {
  all: ['activity-groups'] as const,
  lists: () => [...activityGroupKeys.all, 'list'] as const,
  list: (params: ListParams) => [...activityGroupKeys.lists(), params] as const,
  selects: () => [...activityGroupKeys.all, 'selects'] as const,
};

export const ECONOMIC_ACTIVITIES_EXPORT = { path: 'economic-activities/export', formats: ['xlsx'] } as const;
export const ACTIVITY_GROUPS_EXPORT = { path: 'activity-groups/export', formats: ['csv', 'xlsx', 'pdf'] } as const;

export const findEconomicActivities = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<EconomicActivityRow>>('economic-activities', { query: { ...params }, signal }).then((answer) => answer.data);
export const findActivityClients = (activityId: number, params: ListParams, signal?: AbortSignal) =>
  http
    .get<Paged<ActivityClientRow>>('clients', { query: { ...params, filters: { ...params.filters, economic_activity: [activityId] } }, signal })
    .then((answer) => answer.data);
export const createEconomicActivity = (input: EconomicActivityInput) => http.post<{ id: number }>('economic-activities/store', input);
export const updateEconomicActivity = (input: EconomicActivityInput & { id: number }) => http.put<null>('economic-activities/update', input);
export const deleteEconomicActivity = (id: number) => http.delete<null>('economic-activities/delete', { id });

export const findActivityGroups = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<ActivityGroupRow>>('activity-groups', { query: { ...params }, signal }).then((answer) => answer.data);
/** Every group (the spec's "Todos" page size): the selects call answers them all. */
export const findActivityGroupSelects = (signal?: AbortSignal) =>
  http.get<ActivityGroupOption[]>('activity-groups/selects', { signal }).then((answer) => answer.data);
export const createActivityGroup = (input: ActivityGroupInput) => http.post<{ id: number }>('activity-groups/store', input);
export const updateActivityGroup = (input: ActivityGroupInput & { id: number }) => http.put<null>('activity-groups/update', input);
export const deleteActivityGroup = (id: number) => http.delete<null>('activity-groups/delete', { id });

export function useEconomicActivities(params: ListParams) {
  return useQuery({
    queryKey: economicActivityKeys.list(params),
    queryFn: ({ signal }) => findEconomicActivities(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivityGroups(params: ListParams) {
  return useQuery({
    queryKey: activityGroupKeys.list(params),
    queryFn: ({ signal }) => findActivityGroups(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivityGroupSelects() {
  return useQuery({ queryKey: activityGroupKeys.selects(), queryFn: ({ signal }) => findActivityGroupSelects(signal) });
}

/** The clients of one activity: GET clients filtered by the activity of their payment addresses. */
export function useActivityClients(activityId: number | null, params: ListParams) {
  return useQuery({
    queryKey: economicActivityKeys.clients(activityId ?? 0, params),
    queryFn: ({ signal }) => findActivityClients(activityId ?? 0, params, signal),
    enabled: activityId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Activities show their group's name, and groups count their activities: a change to either makes both stale, and so does the fee's history. */
function useInvalidateArea() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: economicActivityKeys.all }),
      queryClient.invalidateQueries({ queryKey: activityGroupKeys.all }),
      queryClient.invalidateQueries({ queryKey: feeHistoriesKey }),
    ]);
}

function useAreaMutation<Input, Answer>(mutationFn: (input: Input) => Promise<{ message: string; data: Answer }>) {
  const invalidate = useInvalidateArea();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

export const useSaveEconomicActivity = () =>
  useAreaMutation(({ id, ...input }: EconomicActivityInput & { id?: number }) =>
    id ? updateEconomicActivity({ id, ...input }) : createEconomicActivity(input),
  );
export const useDeleteEconomicActivity = () => useAreaMutation(deleteEconomicActivity);

export const useSaveActivityGroup = () =>
  useAreaMutation(({ id, ...input }: ActivityGroupInput & { id?: number }) => (id ? updateActivityGroup({ id, ...input }) : createActivityGroup(input)));
export const useDeleteActivityGroup = () => useAreaMutation(deleteActivityGroup);
