import type { Paged } from '@recaudo/domain/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** A row of GET payment-methods (server presenter); `protected` marks the defaults, ids 1–4. */
export interface PaymentMethodRow {
  id: number;
  name: string;
  code: string;
  description: string;
  type: number;
  image: string | null;
  /** Public URL of the logo (an <img> carries no token). */
  image_url: string | null;
  is_mobile_payment_use_api_bdv: boolean;
  active: boolean;
  protected: boolean;
  count_payments: number;
}

export interface BankOption {
  id: number;
  code: string;
  name: string;
}

/** The fields of the panel. */
export interface PaymentMethodInput {
  name: string;
  code: string;
  description: string;
  type: number;
  is_mobile_payment_use_api_bdv: boolean;
  active: boolean;
  /** A new logo; it replaces the stored one. */
  image: File | null;
  /** Removes the stored logo when no new one is sent. */
  deleteOldFile: boolean;
}

/** Type labels (spec 02 §3: 1 bank transfer, 2 point of sale, 3 mobile payment, 4 cash, 5 deposit). */
export const PAYMENT_METHOD_TYPE_LABELS: Record<number, string> = {
  1: 'Transferencia bancaria',
  2: 'Punto de venta',
  3: 'Pago móvil',
  4: 'Efectivo',
  5: 'Depósito',
};
export const paymentMethodTypeLabel = (type: number) => PAYMENT_METHOD_TYPE_LABELS[type] ?? `Tipo ${type}`;

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  lists: () => [...paymentMethodKeys.all, 'list'] as const,
  list: (params: ListParams) => [...paymentMethodKeys.lists(), params] as const,
  selects: () => [...paymentMethodKeys.all, 'selects'] as const,
  banks: () => [...paymentMethodKeys.all, 'banks'] as const,
};

/**
 * The multipart form store and update take (spec 02 §7): flags as 0/1, the logo as a file, and
 * on update the id, deleteOldFile and Laravel's `_method=PUT` over POST. `active` always travels,
 * since the server defaults a missing one to active.
 */
export function paymentMethodForm(input: PaymentMethodInput & { id?: number }): FormData {
  const form = new FormData();
  form.append('name', input.name);
  form.append('code', input.code);
  form.append('description', input.description);
  form.append('type', String(input.type));
  form.append('is_mobile_payment_use_api_bdv', input.is_mobile_payment_use_api_bdv ? '1' : '0');
  form.append('active', input.active ? '1' : '0');
  if (input.id) {
    form.append('id', String(input.id));
    form.append('deleteOldFile', input.deleteOldFile && !input.image ? '1' : '0');
    form.append('_method', 'PUT');
  }
  if (input.image) form.append('image', input.image, input.image.name);
  return form;
}

export const findPaymentMethods = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<PaymentMethodRow>>('payment-methods', { query: { ...params }, signal }).then((answer) => answer.data);
/** The bank codes the panel suggests; any logged-in user may read them. */
export const findBankOptions = (signal?: AbortSignal) => http.get<BankOption[]>('banks/selects', { signal }).then((answer) => answer.data);
export const savePaymentMethod = (input: PaymentMethodInput & { id?: number }) =>
  input.id ? http.post<null>('payment-methods/update', paymentMethodForm(input)) : http.post<{ id: number }>('payment-methods/store', paymentMethodForm(input));
export const changePaymentMethodStatus = (input: { id: number; active: boolean }) => http.patch<null>('payment-methods/change-status', input);
export const deletePaymentMethod = (id: number) => http.delete<null>('payment-methods/delete', { id });

export function usePaymentMethods(params: ListParams) {
  return useQuery({
    queryKey: paymentMethodKeys.list(params),
    queryFn: ({ signal }) => findPaymentMethods(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBankOptions() {
  return useQuery({ queryKey: paymentMethodKeys.banks(), queryFn: ({ signal }) => findBankOptions(signal), staleTime: 5 * 60_000 });
}

function usePaymentMethodMutation<Input, Answer>(mutationFn: (input: Input) => Promise<{ message: string; data: Answer }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: paymentMethodKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: paymentMethodKeys.selects() });
    },
  });
}

export const useSavePaymentMethod = () => usePaymentMethodMutation(savePaymentMethod);
export const useChangePaymentMethodStatus = () => usePaymentMethodMutation(changePaymentMethodStatus);
export const useDeletePaymentMethod = () => usePaymentMethodMutation(deletePaymentMethod);
