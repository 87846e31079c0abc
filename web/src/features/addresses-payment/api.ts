import type { AddressRow, AddressType } from '@recaudo/domain/addresses';
import type { Paged } from '@recaudo/domain/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import type { Named } from '../../components/select-options';
import { feeHistoriesKey } from '../../components/fee-since';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The list's query: the common list params plus the type selector (Residencial 0 / Comercial 1). */
export type AddressListParams = ListParams & { type: AddressType };

/** `GET addresses-payment`: a page of addresses and, beside it, the totals of every filtered row. */
export interface AddressPage extends Paged<AddressRow> {
  /** `estimated`: a search for a word most addresses hold is totalled from a sample, shown as «aprox.». */
  aditional: { total_fees: string; total_addresses: number; estimated?: true };
}

/** What addresses-payment/store and /update take (domain createAddressSchema). */
export interface AddressInput {
  client_id: number;
  type: AddressType;
  address: string;
  state_id: number;
  municipality_id: number;
  parish_id: number;
  community_id: number | null;
  economic_activity_id: number | null;
  is_custom_fee: boolean;
  fee: string | null;
  /** Staff only: the address's own first month to pay (YYYY-MM-DD); null uses the community's or parish's. */
  date_start: string | null;
  /** The opening position (issue 48), 'YYYY-MM': staff give one of the two (null clears it); a client only at creation. Absent: kept. */
  paid_through?: string | null;
  first_owed_month?: string | null;
  /** An own fee's edit, or its switch turned on or off, applies from this month, 'YYYY-MM' (issue 50). Absent: next month. */
  effective_month?: string;
}

export interface ActivityOption extends Named {
  code: string | null;
  fee: string;
}
export interface CommunityOption extends Named {
  fee: string;
}

/** The levels of the location cascade, each listed under its parent (`{unit}/selects`). */
export type RegionLevel = 'states' | 'municipalities' | 'parishes' | 'communities';
/** The parent filter of each level: `filters[state_id]`, … (the server takes one id or a list). */
export type RegionParents = Partial<Record<'state_id' | 'municipality_id' | 'parish_id', number | readonly number[]>>;

export const ADDRESSES_EXPORT = { path: 'addresses-payment/export', formats: ['csv', 'xlsx'] } as const;

export const addressKeys = {
  all: ['addresses-payment'] as const,
  lists: () => [...addressKeys.all, 'list'] as const,
  list: (params: AddressListParams) => [...addressKeys.lists(), params] as const,
  /** Options of the form's selects: outside the root, so saving an address doesn't reload them. */
  options: (kind: string, search: string, parents: unknown = null) => ['address-form-options', kind, search, parents] as const,
};

export const findAddresses = (params: AddressListParams, signal?: AbortSignal) =>
  http.get<AddressPage>('addresses-payment', { query: { ...params }, signal }).then((answer) => answer.data);
export const createAddress = (input: AddressInput) => http.post<{ id: number }>('addresses-payment/store', input);
export const updateAddress = (input: AddressInput & { id: number }) => http.put<null>('addresses-payment/update', input);
export const deleteAddress = (id: number) => http.delete<null>('addresses-payment/delete', { id });

/* ---------------- Options of the form's selects and the filters ---------------- */

/** Active regional units of one level, below the given parents. */
export const findRegionOptions = <L extends RegionLevel>(level: L, parents: RegionParents, search: string, signal?: AbortSignal) =>
  http
    .get<(L extends 'communities' ? CommunityOption : Named)[]>(`${level}/selects`, { query: { search, filters: parents }, signal })
    .then((answer) => answer.data);
export const findActivityOptions = (search: string, signal?: AbortSignal) =>
  http.get<ActivityOption[]>('economic-activities/selects', { query: { search }, signal }).then((answer) => answer.data);

export function useAddresses(params: AddressListParams) {
  return useQuery({
    queryKey: addressKeys.list(params),
    queryFn: ({ signal }) => findAddresses(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A searchable option list of the form (`kind` names it in the query key): waits while
 * `enabled` is false (a cascade level without its parent).
 */
export function useOptions<T>(kind: string, search: string, parents: unknown, load: (signal: AbortSignal) => Promise<T[]>, enabled = true) {
  return useQuery({
    queryKey: addressKeys.options(kind, search, parents),
    queryFn: ({ signal }) => load(signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * After a change to an address its lists are stale, and so are the clients' lists and details
 * that show a client's addresses, and its fee's history.
 */
export function useInvalidateAddresses() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: addressKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['clients'] }),
      queryClient.invalidateQueries({ queryKey: feeHistoriesKey }),
    ]);
}

function useAddressMutation<I, R>(mutationFn: (input: I) => Promise<{ message: string; data: R }>) {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

export const useSaveAddress = () =>
  useAddressMutation(({ id, ...input }: AddressInput & { id?: number }) => (id ? updateAddress({ id, ...input }) : createAddress(input)));
export const useDeleteAddress = () => useAddressMutation(deleteAddress);
