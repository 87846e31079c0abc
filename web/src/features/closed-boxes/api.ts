import type { ClosedBoxRow, ClosedBoxTotals, ClosingMoney, PaymentGroup, PaymentGroupKey, VerificationHistoryEntry } from '@recaudo/domain/closed-boxes';
import type { Paged } from '@recaudo/domain/paging';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { download, http } from '../../lib/http';
import { notify } from '../../lib/notify';

export type ClosedBoxListRow = ClosedBoxRow & { payments: PaymentGroup[]; money: ClosingMoney };
export type ClosedBoxPage = Paged<ClosedBoxListRow> & { totals: ClosedBoxTotals };

/** The panel's fields as closed-boxs/store, update and import take them (multipart). */
export interface ClosedBoxInput {
  date: string;
  user_id: number;
  serie: number;
  checkbook_number?: string;
  exchange_rate: string;
  type: 0 | 1;
  lot_number?: string | null;
  reference?: string | null;
  /** The cash counted per currency as JSON (`{"USD": "35.00"}`, issue 49). */
  counted_cash?: string;
  file?: File | null;
  id?: number;
  version?: number;
}

export const closedBoxKeys = {
  all: ['closed-boxs'] as const,
  lists: () => [...closedBoxKeys.all, 'list'] as const,
  list: (params: ListParams) => [...closedBoxKeys.lists(), params] as const,
  one: (id: number) => [...closedBoxKeys.all, 'one', id] as const,
  history: (id: number) => [...closedBoxKeys.all, 'history', id] as const,
  payments: (id: number, params: ListParams) => [...closedBoxKeys.all, 'payments', id, params] as const,
  unclosed: (params: ListParams) => [...closedBoxKeys.all, 'unclosed', params] as const,
};

export const CLOSED_BOXES_EXPORT = { path: 'closed-boxs/export', formats: ['csv', 'xlsx', 'pdf'] } as const;

function closingForm(input: ClosedBoxInput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    form.append(key, value instanceof File ? value : String(value));
  }
  return form;
}

export const findClosedBoxes = (params: ListParams, signal?: AbortSignal) =>
  http.get<ClosedBoxPage>('closed-boxs', { query: { ...params }, signal }).then((answer) => answer.data);
export const findClosedBox = (id: number, signal?: AbortSignal) =>
  http.get<ClosedBoxListRow>('closed-boxs/show', { query: { id }, signal }).then((answer) => answer.data);
export const findClosingPayments = (id: number, params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<PaymentRow>>('closed-boxs/payments', { query: { ...params, closed_box_id: id }, signal }).then((answer) => answer.data);
export const findUnclosedPayments = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<PaymentRow>>('bill-payments/not-closed-box', { query: { ...params }, signal }).then((answer) => answer.data);

export const saveClosedBox = (input: ClosedBoxInput) => http.post<{ id: number }>(input.id ? 'closed-boxs/update' : 'closed-boxs/store', closingForm(input));
export const importClosedBox = (input: ClosedBoxInput) =>
  http.post<{ id: number; imported: number; errors: string[] }>('closed-boxs/import', closingForm(input), { silent: true });
export const deleteClosedBox = (id: number) => http.delete<null>('closed-boxs/delete', { id });
export const changeClosedBoxStatus = (input: { id: number; status: boolean }) => http.put<null>('closed-boxs/change-status', input);
export const changeGroupStatus = (input: PaymentGroupKey & { id: number; status: 1 | 2 }) =>
  http.post<{ changed: number }>('closed-boxs/change-status-payments', input);
/** Takes one group's verification off (another user than who verified it, with a reason): its payments may then be changed. */
export const unverifyGroup = (input: PaymentGroupKey & { id: number; reason: string }) => http.post<null>('closed-boxs/unverify-payments', input);
export const findVerificationHistory = (id: number, signal?: AbortSignal) =>
  http.get<VerificationHistoryEntry[]>(`closed-boxs/${id}/verification-history`, { signal }).then((answer) => answer.data);
export const addPayments = (input: { payment_id: number[]; closed_box_id: number }) => http.post<null>('bill-payments/add-payment', input);
export const removePayment = (input: { id: number; closed_box_id: number }) => http.delete<null>('bill-payments/delete', input);
export const downloadTemplate = () => download('closed-boxs/template', { fileName: 'Plantilla cierre de caja.csv' });

export function useClosedBoxes(params: ListParams) {
  return useQuery({ queryKey: closedBoxKeys.list(params), queryFn: ({ signal }) => findClosedBoxes(params, signal), placeholderData: keepPreviousData });
}

export function useClosedBox(id: number) {
  return useQuery({ queryKey: closedBoxKeys.one(id), queryFn: ({ signal }) => findClosedBox(id, signal) });
}

export function useVerificationHistory(id: number) {
  return useQuery({ queryKey: closedBoxKeys.history(id), queryFn: ({ signal }) => findVerificationHistory(id, signal) });
}

export function useClosingPayments(id: number, params: ListParams) {
  return useQuery({
    queryKey: closedBoxKeys.payments(id, params),
    queryFn: ({ signal }) => findClosingPayments(id, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUnclosedPayments(params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: closedBoxKeys.unclosed(params),
    queryFn: ({ signal }) => findUnclosedPayments(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useClosingMutation<Input, Answer>(mutationFn: (input: Input) => Promise<{ message: string; data: Answer }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: closedBoxKeys.all });
    },
  });
}

export const useSaveClosedBox = () => useClosingMutation(saveClosedBox);
export const useDeleteClosedBox = () => useClosingMutation(deleteClosedBox);
export const useChangeClosedBoxStatus = () => useClosingMutation(changeClosedBoxStatus);
export const useChangeGroupStatus = () => useClosingMutation(changeGroupStatus);
export const useUnverifyGroup = () => useClosingMutation(unverifyGroup);
export const useRemovePayment = () => useClosingMutation(removePayment);

/** Attaches the chosen payments in one call: all of them, or none when one is already in a closing (the toast names it). */
export const useAddPayments = () =>
  useClosingMutation(({ closedBoxId, paymentIds }: { closedBoxId: number; paymentIds: number[] }) =>
    addPayments({ payment_id: paymentIds, closed_box_id: closedBoxId }),
  );
