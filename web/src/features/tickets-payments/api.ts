import type { Paged } from '@recaudo/domain/paging';
import type { TicketRow, TicketSeries } from '@recaudo/domain/tickets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilterOption } from '../../components/filter-drawer';
import type { ListParams } from '../../components/use-list-state';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

export type { TicketRow, TicketSeries };

/** The fields of the panel, as tickets-payments/store and tickets-payments/update take them. */
export interface TicketInput {
  name: string;
  /** `#rrggbb`. */
  color: string;
  /** YYYY-MM-DD. */
  validity_date: string;
}

interface Named {
  id: number;
  name: string;
}

export const ticketKeys = {
  all: ['tickets-payments'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (params: ListParams) => [...ticketKeys.lists(), params] as const,
  selects: (addressId?: number) => [...ticketKeys.all, 'selects', addressId ?? null] as const,
};

export const TICKETS_EXPORT = { path: 'tickets-payments/export', formats: ['csv', 'xlsx'] } as const;

export const findTickets = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<TicketRow>>('tickets-payments', { query: { ...params }, signal }).then((answer) => answer.data);
/** Active series; with an address, without those it already holds (the assign modal's choices). */
export const findTicketSelects = (addressId?: number, signal?: AbortSignal) =>
  http.get<TicketSeries[]>('tickets-payments/selects', { query: addressId ? { address_payment_id: addressId } : {}, signal }).then((answer) => answer.data);
export const createTicket = (input: TicketInput) => http.post<{ id: number }>('tickets-payments/store', input);
export const updateTicket = (input: TicketInput & { id: number }) => http.put<null>('tickets-payments/update', input);
export const changeTicketStatus = (input: { id: number; status: boolean }) => http.patch<null>('tickets-payments/change-status', input);
export const deleteTicket = (id: number) => http.delete<null>('tickets-payments/delete', { id });

/* Options of the filter drawer (their selects need only a login). */
const toOptions = (rows: readonly Named[]): FilterOption[] => rows.map((row) => ({ value: row.id, label: row.name }));
export const findRegionFilterOptions = (level: 'states' | 'municipalities' | 'parishes' | 'communities', parents: Record<string, number[]>, search: string, signal?: AbortSignal) =>
  http.get<Named[]>(`${level}/selects`, { query: { search, filters: parents }, signal }).then((answer) => toOptions(answer.data));
export const findActivityFilterOptions = (search: string, signal?: AbortSignal) =>
  http.get<Named[]>('economic-activities/selects', { query: { search }, signal }).then((answer) => toOptions(answer.data));
export const findPaymentMethodFilterOptions = (search: string, signal?: AbortSignal) =>
  http
    .get<Named[]>('payment-methods/selects', { signal })
    .then((answer) => toOptions(answer.data.filter((method) => !search || method.name.toLowerCase().includes(search.toLowerCase()))));

export function useTickets(params: ListParams) {
  return useQuery({
    queryKey: ticketKeys.list(params),
    queryFn: ({ signal }) => findTickets(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Active series for a select box; with `addressId`, only those the address doesn't hold yet. */
export function useTicketSelects(addressId?: number) {
  return useQuery({ queryKey: ticketKeys.selects(addressId), queryFn: ({ signal }) => findTicketSelects(addressId, signal) });
}

function useTicketMutation<Input, Answer>(mutationFn: (input: Input) => Promise<{ message: string; data: Answer }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}

export const useSaveTicket = () => useTicketMutation(({ id, ...input }: TicketInput & { id?: number }) => (id ? updateTicket({ id, ...input }) : createTicket(input)));
export const useDeleteTicket = () => useTicketMutation(deleteTicket);

/**
 * The status switch flips at once (spec 02 §4: optimistic, confirmed by the server): the cached
 * pages show the new value while the call runs, and get their old value back if it fails.
 */
export function useChangeTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTicketStatus,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: ticketKeys.lists() });
      const previous = queryClient.getQueriesData<Paged<TicketRow>>({ queryKey: ticketKeys.lists() });
      queryClient.setQueriesData<Paged<TicketRow>>({ queryKey: ticketKeys.lists() }, (page) =>
        page ? { ...page, data: page.data.map((row) => (row.id === input.id ? { ...row, status: input.status } : row)) } : page,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, page] of context?.previous ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (answer) => notify.success(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
