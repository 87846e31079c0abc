import type { AddressRow, ChangeMonthsInput } from '@recaudo/domain/addresses';
import type { CalendarYear, Month } from '@recaudo/domain/months';
import { ticketMessages, type TicketSeries } from '@recaudo/domain/tickets';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http, HttpError, httpMessages } from '../../lib/http';
import { notify } from '../../lib/notify';
import { addressKeys, useInvalidateAddresses } from './api';

/**
 * Calls of one address's expansion: the client's addresses, the calendar marks and the tickets.
 * Keys hang under the area's root (api.ts), so one invalidation refreshes lists and expansions.
 */
export const addressDetailKeys = {
  ofClient: (clientId: number | 'client') => [...addressKeys.all, 'client', clientId] as const,
  ticketOptions: (addressId: number) => [...addressKeys.all, 'ticket-options', addressId] as const,
};

export interface MonthsAnswer {
  payments: CalendarYear[];
  months_to_pay: number;
}

/** `selected_months` as the server reads it: every month to end up covered, grouped by year. */
export function selectedMonthsOf(months: Iterable<Month>): ChangeMonthsInput['selected_months'] {
  const byYear = new Map<number, number[]>();
  for (const month of [...new Set(months)].sort()) {
    const year = Number(month.slice(0, 4));
    byYear.set(year, [...(byYear.get(year) ?? []), Number(month.slice(5, 7))]);
  }
  return [...byYear].map(([year, list]) => ({ year, months: list }));
}

/** A client's addresses; `'client'` is the logged-in client user's own. */
export const findClientAddresses = (clientId: number | 'client', signal?: AbortSignal) =>
  http.get<AddressRow[]>(`addresses-payment/address-client/${clientId}`, { signal }).then((answer) => answer.data);
export const changeMonths = (input: ChangeMonthsInput) => http.post<MonthsAnswer>('addresses-payment/change-status-payments-multiple-months', input);
export const findTicketOptions = (addressId: number, signal?: AbortSignal) =>
  http.get<TicketSeries[]>('tickets-payments/selects', { query: { address_payment_id: addressId }, signal }).then((answer) => answer.data);
// Ticket calls show their own fallback texts (spec 01 §8), so the client's toast stays quiet.
export const assignTickets = (input: { address_payment_id: number; tickets_payment_ids: number[] }) =>
  http.post<null>('addresses-payment/assign-tickets', input, { silent: true });
export const removeTicket = (input: { address_payment_id: number; ticket_payment_id: number; id: number }) =>
  http.post<null>('addresses-payment/remove-ticket', input, { silent: true });

export function useClientAddresses(clientId: number | 'client') {
  return useQuery({ queryKey: addressDetailKeys.ofClient(clientId), queryFn: ({ signal }) => findClientAddresses(clientId, signal) });
}

export function useTicketOptions(addressId: number, enabled: boolean) {
  return useQuery({ queryKey: addressDetailKeys.ticketOptions(addressId), queryFn: ({ signal }) => findTicketOptions(addressId, signal), enabled });
}

/** The calendar's marks: the toast and the refresh on success; a 422 is toasted by the http client. */
export function useChangeMonths() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationFn: changeMonths,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

/** The server's message with its error lines, else the ticket call's own text. */
function ticketFailure(fallback: string) {
  return (error: Error) => {
    if (error instanceof HttpError && (error.status === 401 || error.status === 403)) notify.error(httpMessages.auth, [httpMessages.authHint]);
    else if (error instanceof HttpError && error.serverMessage) notify.error(error.serverMessage, Object.values(error.errors).flat());
    else notify.error(fallback);
  };
}

function useTicketMutation<I>(mutationFn: (input: I) => Promise<{ message: string }>, success: string, fallback: string) {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      notify.success(success);
      await invalidate();
    },
    onError: ticketFailure(fallback),
  });
}

export const useAssignTickets = () => useTicketMutation(assignTickets, ticketMessages.assigned, ticketMessages.assignFailed);
export const useRemoveTicket = () => useTicketMutation(removeTicket, ticketMessages.removed, ticketMessages.removeFailed);
