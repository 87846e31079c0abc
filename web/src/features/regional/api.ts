import type { LateFeeRow } from '@recaudo/domain/late-fees';
import type { Envelope, Paged } from '@recaudo/domain/paging';
import type { CommunityInput, MunicipalityInput, ParishInput, PaymentSummary, RegionalUnit, StateInput } from '@recaudo/domain/regional';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { feeHistoriesKey } from '../../components/fee-since';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** Row shapes of server/src/modules/regional/presenter.ts. */
interface Counts {
  count_clients: number;
  payments_residential: PaymentSummary;
  payments_comercial: PaymentSummary;
  count_clients_solvents_residential: number;
  count_clients_solvents_comercial: number;
}
interface Named {
  id: number;
  name: string;
}
export interface StateRow extends Counts {
  id: number;
  name: string;
  active: boolean;
  created_at: string;
}
export interface MunicipalityRow extends StateRow {
  state_id: number;
  state: Named;
}
export interface ParishRow extends StateRow {
  date_start: string;
  municipality_id: number;
  municipality: Named & { state_id: number };
  state_id: number;
  state: Named;
}
export interface CommunityRow extends ParishRow, LateFeeRow {
  number_houses: number;
  responsible_name: string | null;
  responsible_phone: string | null;
  fee: string;
  parish_id: number;
  parish: Named & { municipality_id: number };
}
export type RegionalRow = StateRow | MunicipalityRow | ParishRow | CommunityRow;
export interface RegionalRows {
  states: StateRow;
  municipalities: MunicipalityRow;
  parishes: ParishRow;
  communities: CommunityRow;
}
/** What store/update take: the fields plus the whole parent chain. */
export interface RegionalInputs {
  states: StateInput;
  municipalities: MunicipalityInput;
  parishes: Omit<ParishInput, 'date_start'> & { date_start: string };
  communities: Omit<CommunityInput, 'date_start' | 'fee' | 'responsible_phone'> & { date_start: string; fee: string; responsible_phone: string | null };
}

/** `{unit}/selects` rows: id, name and the direct parent. */
export interface RegionSelectRow {
  id: number;
  name: string;
  state_id?: number;
  municipality_id?: number;
  parish_id?: number;
}
export interface SelectParents {
  state_id?: number;
  municipality_id?: number;
  parish_id?: number;
}

export const regionalKeys = {
  all: ['regional'] as const,
  unit: (unit: RegionalUnit) => [...regionalKeys.all, unit] as const,
  lists: (unit: RegionalUnit) => [...regionalKeys.unit(unit), 'list'] as const,
  list: (unit: RegionalUnit, params: ListParams) => [...regionalKeys.lists(unit), params] as const,
  selects: (unit: RegionalUnit, parents: SelectParents = {}, search = '') => [...regionalKeys.unit(unit), 'selects', parents, search] as const,
};

/** The lists always ask for the payment summaries (spec 03 §2: the payments flag defaults to 1). */
export const listQuery = (params: ListParams) => ({ ...params, payments: 1 });

export const findUnits = <U extends RegionalUnit>(unit: U, params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<RegionalRows[U]>>(unit, { query: listQuery(params), signal }).then((answer) => answer.data);
export const findUnitSelects = (unit: RegionalUnit, parents: SelectParents = {}, search = '', signal?: AbortSignal) =>
  http.get<RegionSelectRow[]>(`${unit}/selects`, { query: { search, ...parents }, signal }).then((answer) => answer.data);
export const createUnit = <U extends RegionalUnit>(unit: U, input: RegionalInputs[U]) => http.post<{ id: number }>(`${unit}/store`, input);
export const updateUnit = <U extends RegionalUnit>(unit: U, input: RegionalInputs[U] & { id: number }) => http.put<null>(`${unit}/update`, input);
export const deleteUnit = (unit: RegionalUnit, id: number) => http.delete<null>(`${unit}/delete`, { id });
export const changeUnitStatus = (unit: RegionalUnit, input: { id: number; active: boolean }) => http.put<null>(`${unit}/change-status`, input);

export function useUnits<U extends RegionalUnit>(unit: U, params: ListParams) {
  return useQuery({
    queryKey: regionalKeys.list(unit, params),
    queryFn: ({ signal }) => findUnits(unit, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Active units below a parent, for the cascading selects of the panels; waits for the parent. */
export function useUnitSelects(unit: RegionalUnit, parents: SelectParents, search: string, enabled = true) {
  return useQuery({
    queryKey: regionalKeys.selects(unit, parents, search),
    queryFn: ({ signal }) => findUnitSelects(unit, parents, search, signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * A change to one level can change the lists and selects of every level (names, counts,
 * the children shown under a parent), so every regional key is invalidated, and the fee
 * histories (a community's fee).
 */
function useInvalidateRegional() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: regionalKeys.all }), queryClient.invalidateQueries({ queryKey: feeHistoriesKey })]);
}

export function useSaveUnit<U extends RegionalUnit>(unit: U) {
  const invalidate = useInvalidateRegional();
  return useMutation({
    mutationFn: ({ id, ...input }: RegionalInputs[U] & { id?: number }): Promise<Envelope<unknown>> =>
      id ? updateUnit(unit, { ...(input as unknown as RegionalInputs[U]), id }) : createUnit(unit, input as unknown as RegionalInputs[U]),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

export function useDeleteUnit(unit: RegionalUnit) {
  const invalidate = useInvalidateRegional();
  return useMutation({
    mutationFn: (id: number) => deleteUnit(unit, id),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

export function useChangeUnitStatus(unit: RegionalUnit) {
  const invalidate = useInvalidateRegional();
  return useMutation({
    mutationFn: (input: { id: number; active: boolean }) => changeUnitStatus(unit, input),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}
