import type { AddressRow } from '@recaudo/domain/addresses';
import type { Paged } from '@recaudo/domain/paging';
import { agreementMessages, type AgreementListRow, type PaymentAgreement } from '@recaudo/domain/payment-agreements';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** Payment agreements (issue 50): a client's list, one with its installments, signing, cancelling, its PDF and its e-mail. */

export interface AgreementInput {
  address_payment_id: number;
  down_payment_usd: string;
  installments: number;
  first_due_date: string;
}

export const agreementKeys = {
  all: ['payment-agreements'] as const,
  list: (clientId: number | 'own') => [...agreementKeys.all, 'list', clientId] as const,
  one: (id: number) => [...agreementKeys.all, 'one', id] as const,
  addresses: (clientId: number) => [...agreementKeys.all, 'addresses', clientId] as const,
};

/** A client's agreements, newest first (a client user's own: the server keeps her to them). */
export const findAgreements = (clientId: number | 'own', signal?: AbortSignal) =>
  http
    .get<Paged<AgreementListRow>>('payment-agreements', { query: { per_page: 100, ...(clientId === 'own' ? {} : { filters: { client_id: clientId } }) }, signal })
    .then((answer) => answer.data.data);

export const findAgreement = (id: number, signal?: AbortSignal) => http.get<PaymentAgreement>(`payment-agreements/${id}`, { signal }).then((answer) => answer.data);

/** "Descargar PDF": 'Convenio de pago.pdf' (a failure shows the shared download error). */
export const downloadAgreement = (id: number) => download(`payment-agreements/${id}/pdf`, { fileName: agreementMessages.fileName }).catch(() => undefined);

export const useAgreements = (clientId: number | 'own') =>
  useQuery({ queryKey: agreementKeys.list(clientId), queryFn: ({ signal }) => findAgreements(clientId, signal) });

export const useAgreement = (id: number | null) =>
  useQuery({ queryKey: agreementKeys.one(id ?? 0), queryFn: ({ signal }) => findAgreement(id!, signal), enabled: id !== null });

/** The details (installments) of several agreements at once: the client's current ones on her home. */
export const useAgreementDetails = (ids: number[]) =>
  useQueries({ queries: ids.map((id) => ({ queryKey: agreementKeys.one(id), queryFn: ({ signal }: { signal: AbortSignal }) => findAgreement(id, signal) })) });

/** The client's addresses with what they owe: the ones owing enough may sign an agreement. */
export const useAgreementAddresses = (clientId: number, enabled: boolean) =>
  useQuery({
    queryKey: agreementKeys.addresses(clientId),
    queryFn: ({ signal }) => http.get<AddressRow[]>(`addresses-payment/address-client/${clientId}`, { signal }).then((answer) => answer.data),
    enabled,
  });

function useAgreementWrite<T>(write: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      // The address's months and the client's debt change with it too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['addresses-payment'] }),
        queryClient.invalidateQueries({ queryKey: ['clients'] }),
      ]);
    },
  });
}

export const useCreateAgreement = () => useAgreementWrite((input: AgreementInput) => http.post<PaymentAgreement>('payment-agreements/store', input));
export const useCancelAgreement = () => useAgreementWrite((id: number) => http.put<null>('payment-agreements/cancel', { id }));

export function useSendAgreementMail() {
  return useMutation({
    mutationFn: (id: number) => http.post<{ to: string }>('payment-agreements/send-mail', { id }),
    onSuccess: (answer) => notify.success(answer.message),
  });
}
